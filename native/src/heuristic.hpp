// The bots of Battle for Rokugan, native: what a seat knows and worlds consistent with it
// (daimyo/bots/rokugan/knowledge.py), the rule-based bot (daimyo/bots/rokugan/heuristic.py) and ISMCTS
// (daimyo/bots/rokugan/ismcts.py). Each draws from its Rng exactly as the Python bot does, word for word, and
// works out every score in the same order, so that it chooses exactly what the Python bot chooses.
#pragma once
#include <utility>
#include <vector>

#include "rng.hpp"
#include "state.hpp"

namespace daimyo {

// knowledge.py known: whether `seat` knows which token board token `t` is
inline bool known(const State&, int seat, const BoardToken& t) {
  return t.faceup || t.owner == seat || ((t.known_by >> seat) & 1);
}

// knowledge.py determinize: a copy of `s` where every fact hidden from `seat` is drawn from `rng` (knowledge.cpp)
State determinize(const State& s, int seat, Rng& rng);

// heuristic.py standing: honor on the board now (objective for this seat only) minus the rivals'
double standing(const State& s, int seat);
// heuristic.py token_value: how much a token behind the screen (a clan token index of the seat's clan) is worth keeping
double token_value(const State& s, int seat, int clan_token);

using Scored = std::vector<std::pair<double, Move>>;

// heuristic.py RokuganHeuristicBot; `rng` is the bot's generator (its seeded tie-breaks and samples)
struct Heuristic {
  Rng rng;
  explicit Heuristic(uint64_t state = 0) : rng(state) {}

  Move choose(const State& s, int seat);                                  // heuristic.cpp
  Scored score_moves(const State& s, int seat, const std::vector<Move>& moves);  // heuristic.cpp
  Move quick_choose(const State& s, int seat, int sample = 12);          // heuristic.cpp

  // heuristic_cards.cpp: the Upkeep phase's territory cards and the steps of a card being resolved
  Scored upkeep(const State& s, int seat, const std::vector<Move>& moves);
  Scored card_step(const State& s, int seat, const std::vector<Move>& moves, bool sample = true);
  void finish_card(State& d, int seat, int limit = 8);

 private:
  std::vector<Move> moves_, picks_;  // quick_choose's lists, kept so that a playout's steps allocate nothing
};

}  // namespace daimyo
