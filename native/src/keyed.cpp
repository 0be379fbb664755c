// The generators' Python bindings (native/src/rng.hpp, keyed.hpp), checked word for word against
// daimyo.core.rng's Rng and KeyedRng by tests/native/test_rng.py and test_keyed.py.
#include "keyed.hpp"

#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;

namespace daimyo {

// What both generators offer Python: a word, a bounded draw, words in bulk and a shuffled list, each drawn as the
// Python generator of the same name draws it.
template <typename G>
void bind_draws(nb::class_<G>& cls, const char* shuffled_doc) {
  cls.def("next64", &G::next64)
      .def("below", [](G& r, uint64_t n) {
        if (n == 0) throw std::invalid_argument("below() needs n > 0");
        return r.below(n);
      }, nb::arg("n"))
      .def("draws", [](G& r, size_t count) {
        std::vector<uint64_t> out(count);
        for (auto& w : out) w = r.next64();
        return out;
      }, nb::arg("count"), "The next `count` words, in one call.")
      .def("shuffled", [](G& r, std::vector<long long> items) {
        r.shuffle(items);
        return items;
      }, nb::arg("items"), shuffled_doc);
}

void bind_generators(nb::module_& m) {
  nb::class_<Rng> rng(m, "Rng", "SplitMix64, draw for draw the generator of daimyo.core.rng.Rng.");
  rng.def(nb::init<uint64_t>(), nb::arg("seed") = 0).def_prop_ro("state", &Rng::state);
  bind_draws(rng, "A shuffled copy of a list of whole numbers, drawn as Rng.shuffle draws.");
  nb::class_<KeyedRng> keyed(m, "KeyedRng", "Keyed BLAKE2b in counter mode, draw for draw daimyo.core.rng.KeyedRng.");
  keyed.def("__init__", [](KeyedRng* self, nb::bytes key, const std::string& label, uint64_t counter) {
         new (self) KeyedRng(std::string(key.c_str(), key.size()), label, counter);
       }, nb::arg("key"), nb::arg("label") = "game", nb::arg("counter") = 0)
      .def_prop_ro("counter", &KeyedRng::counter)
      .def("__repr__", [](const KeyedRng& r) { return "KeyedRng(<secret>, " + std::to_string(r.counter()) + ")"; });
  bind_draws(keyed, "A shuffled copy of a list of whole numbers, drawn as KeyedRng.shuffle draws.");
}

}  // namespace daimyo
