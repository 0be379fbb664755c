// The keyed generator's Python binding (native/src/keyed.hpp), checked word for word against
// daimyo.core.rng.KeyedRng by tests/native/test_keyed.py.
#include "keyed.hpp"

#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;

namespace daimyo {

void bind_keyed(nb::module_& m) {
  nb::class_<KeyedRng>(m, "KeyedRng", "Keyed BLAKE2b in counter mode, draw for draw daimyo.core.rng.KeyedRng.")
      .def("__init__", [](KeyedRng* self, nb::bytes key, const std::string& label, uint64_t counter) {
        new (self) KeyedRng(std::string(key.c_str(), key.size()), label, counter);
      }, nb::arg("key"), nb::arg("label") = "game", nb::arg("counter") = 0)
      .def("next64", &KeyedRng::next64)
      .def("below", [](KeyedRng& r, uint64_t n) {
        if (n == 0) throw std::invalid_argument("below() needs n > 0");
        return r.below(n);
      }, nb::arg("n"))
      .def("draws", [](KeyedRng& r, size_t count) {
        std::vector<uint64_t> out(count);
        for (auto& w : out) w = r.next64();
        return out;
      }, nb::arg("count"), "The next `count` words, in one call.")
      .def("shuffled", [](KeyedRng& r, std::vector<long long> items) {
        r.shuffle(items);
        return items;
      }, nb::arg("items"), "A shuffled copy of a list of whole numbers, drawn as KeyedRng.shuffle draws.")
      .def_prop_ro("counter", &KeyedRng::counter)
      .def("__repr__", [](const KeyedRng& r) { return "KeyedRng(<secret>, " + std::to_string(r.counter()) + ")"; });
}

}  // namespace daimyo
