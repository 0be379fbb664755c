// The Python face of the native bots' knowledge and card scoring (knowledge.cpp, heuristic_cards.cpp), for the
// agreement tests (tests/native/test_knowledge.py): a generator crosses as the state of the Python `Rng`, its one
// whole number, and comes back with the state after the draws.
#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/vector.h>

#include <cstddef>  // rng.hpp writes size_t
#include <stdexcept>
#include <string>

#include "bind.hpp"
#include "heuristic.hpp"

namespace daimyo {

namespace {

nb::list scored_list(const State& s, int seat, const Scored& scored) {
  nb::list out;
  for (const auto& [value, move] : scored) out.append(nb::make_tuple(value, move_tuple(s, seat, move)));
  return out;
}

}  // namespace

void bind_knowledge(nb::module_& m) {
  m.def("determinize", [](const State& s, int seat, uint64_t rng_state) {
    need_seat(s, seat, "determinize");
    Rng rng(rng_state);
    State d = determinize(s, seat, rng);
    return nb::make_tuple(nb::cast(std::move(d)), rng.state());
  }, nb::arg("game"), nb::arg("seat"), nb::arg("rng_state"),
     "knowledge.py determinize(state, seat, Rng(rng_state)): (the world drawn, the generator's state after).");
  m.def("heuristic_upkeep_scores", [](const State& s, int seat, uint64_t rng_state) {
    need_seat(s, seat, "heuristic_upkeep_scores");
    if (s.phase != Phase::Upkeep || s.pending() || !s.acts(seat))
      throw std::invalid_argument("heuristic_upkeep_scores: seat " + std::to_string(seat) +
                                  " has no Upkeep decision (a territory card or pass) to make");
    Heuristic bot(rng_state);
    const Scored scored = bot.upkeep(s, seat, s.legal_moves(seat));
    return nb::make_tuple(scored_list(s, seat, scored), bot.rng.state());
  }, nb::arg("game"), nb::arg("seat"), nb::arg("rng_state"),
     "RokuganHeuristicBot._upkeep over the seat's legal moves, the bot's Rng at rng_state: ([(score, move)], state after).");
  m.def("heuristic_card_scores", [](const State& s, int seat, uint64_t rng_state, bool sample) {
    need_seat(s, seat, "heuristic_card_scores");
    if (s.card.seat != seat || !s.acts(seat))
      throw std::invalid_argument("heuristic_card_scores: seat " + std::to_string(seat) +
                                  " is not resolving a territory card");
    Heuristic bot(rng_state);
    const Scored scored = bot.card_step(s, seat, s.legal_moves(seat), sample);
    return nb::make_tuple(scored_list(s, seat, scored), bot.rng.state());
  }, nb::arg("game"), nb::arg("seat"), nb::arg("rng_state"), nb::arg("sample") = true,
     "RokuganHeuristicBot._card_step over the seat's legal moves: ([(score, move)], the bot's Rng state after).");
}

}  // namespace daimyo
