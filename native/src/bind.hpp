// What the binding files share (module.cpp defines these): moves and events cross to Python as the Python
// engine's own tuples and dicts.
#pragma once
#include <nanobind/nanobind.h>

#include "state.hpp"

namespace daimyo {

namespace nb = nanobind;

// A game's rules as Python holds them (``_daimyo_native.Rules``): each game made with them shares them.
struct RulesHandle {
  RulesRef ref;
};

// `seat` is a seat of the game: else IndexError "<what>: no seat N"
void need_seat(const State& s, int seat, const char* what);
// ... and one of those to act: else ValueError "<what>: seat N is not to act"
void need_actor(const State& s, int seat, const char* what);
nb::object value(const Value& v);
nb::tuple event(const Event& e);                                  // (kind, seat or None, data)
nb::tuple move_tuple(const State& s, int seat, const Move& m);    // a move as the Python engine writes it
Move find_move(const State& s, int seat, const nb::tuple& move);  // the legal move `move` names; else an error

}  // namespace daimyo
