// Information-set Monte Carlo tree search, native (daimyo/bots/rokugan/ismcts.py, whose docstring says how it
// searches). It draws from its two generators exactly as the Python bot does, so on an iteration budget it
// chooses exactly what the Python bot chooses; on a time budget it simply completes more iterations.
#pragma once
#include <cstdint>
#include <vector>

#include "heuristic.hpp"

namespace daimyo {

struct SearchSettings {
  long long iterations = -1;   // a number of iterations, or -1
  double seconds = -1;         // seconds, or -1 (with neither, 1 second)
  double max_seconds = -1;     // a cap on any decision's time, whatever the budget, or -1
  // the budget of the setup choices searched (Setup step 10, control tokens): iterations and seconds as above, in
  // place of those; both -1: the same budget as every other decision (ismcts.py ISMCTSBot.setup_budget)
  long long setup_iterations = -1;
  double setup_seconds = -1;
  int root_candidates = 6;     // ismcts.py ROOT_CANDIDATES
  double exploration = 0.7;    // EXPLORATION
  int rollout_sample = 400;    // ROLLOUT_SAMPLE
  int horizon = 0;             // HORIZON: the rounds after the current one a simulation plays too
  // stop once the leading root candidate can no longer be overtaken within the budget (ismcts.py EARLY_STOP)
  bool early_stop = true;
  // ... and, with it, once a statistical test says the leader stays the choice or no other candidate is better by
  // more than a small margin (ismcts.py confident); false: only the exact bound above
  bool confident_stop = false;  // off by default, as ISMCTSBot (it costs strength: docs/bots.md)
  double stop_z = 2.0;         // its confidence (ismcts.py STOP_Z)
  double stop_margin = 0.03;   // the lead that does not matter (STOP_MARGIN)
};

// What a decision did: the move, and the search's own figures.
struct SearchResult {
  Move move;
  long long iterations = 0;  // the iterations completed (0 where no search was needed)
  long long rounds = 0;      // the rounds completed (each: one determinization, one iteration per root candidate)
  double seconds = 0;
};

// ismcts.py ISMCTSBot: `rng` is the bot's own generator, `heuristic` the heuristic bot it consults (whose
// generator a search leaves at its last simulation's, as the Python bot does).
struct ISMCTS {
  Rng rng;
  Heuristic heuristic;
  SearchSettings settings;
  ISMCTS(uint64_t rng_state, uint64_t heuristic_state, SearchSettings s) : rng(rng_state), heuristic(heuristic_state), settings(s) {}
  SearchResult choose(const State& state, int seat);
};

}  // namespace daimyo
