// Senjutsu's heuristic bot and the playout of its search, natively (sj_bots.cpp).
#pragma once
#include <string>
#include <vector>

#include "sj_state.hpp"

namespace daimyo::sj {

double evaluate_state(const State& s, int seat);                       // heuristic.evaluate_state
double card_score(const State& s, int seat, int act);                  // SenjutsuHeuristicBot.card_score (act: Choose's)
int heuristic_choose(const State& s, int seat, Rng& rng);              // SenjutsuHeuristicBot.choose (an act)
double hand_value(const State& s, int j);                              // SMMCTSBot._hand_value

// SMMCTSBot._rollout: play `w` on with the heuristic (its generator `rng`) for `horizon` turns or to the end (at most
// `max_actions` actions); each seat's result in [0, 1]
std::vector<double> rollout(State& w, int start_turn, int horizon, Rng& rng, double hand_weight, double score_scale,
                            int max_actions);

// smmcts.determinize: a copy of `s` agreeing with `seat`'s view, every fact hidden from it drawn with `rng`, draw for
// draw the Python function's (the world's generator a SplitMix64 seeded from `rng`, the others' hidden cards pooled
// in card order, shuffled and dealt back into the same places, the seat's own deck shuffled, the others' choices
// taken back)
State determinize(const State& s, int seat, Rng& rng);

}  // namespace daimyo::sj
