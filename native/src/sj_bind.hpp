// What the Senjutsu module's files share (sj_cards.cpp, sj_module.cpp): reading Python values, by field.
#pragma once
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>

#include <memory>
#include <stdexcept>
#include <string>

#include "sj_encode.hpp"
#include "sj_state.hpp"

namespace daimyo::sj::bind {

namespace nb = nanobind;

// a field that does not hold what the engine needs: a ValueError naming it
struct FieldError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

[[noreturn]] inline void bad(const std::string& where, const std::string& what) {
  throw FieldError("field '" + where + "': " + what);
}

inline int name_index(const char* const* names, int count, const std::string& name, const std::string& where) {
  for (int k = 0; k < count; ++k)
    if (name == names[k]) return k;
  bad(where, "unknown value '" + name + "'");
}

inline std::string str(nb::handle h) { return nb::cast<std::string>(h); }
inline int integer(nb::handle h) { return nb::cast<int>(h); }
inline bool has(nb::dict d, const char* key) { return d.contains(key); }

// a card set from the Python loader's cards and characters, as plain dicts (sj_cards.cpp)
std::shared_ptr<CardSet> load_cards(nb::list cards, nb::list characters);

// the observation layout daimyo/rl/senjutsu.py hands over, against a card set (sj_encode_bind.cpp)
ObsLayout read_layout(std::shared_ptr<const CardSet> cs, nb::dict layout);

}  // namespace daimyo::sj::bind
