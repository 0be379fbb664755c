// Senjutsu's heuristic bot and the playout of its search, natively (sj_bots.cpp).
#pragma once
#include <string>
#include <vector>

#include "sj_state.hpp"

namespace daimyo::sj {

double evaluate_state(const State& s, int seat);                       // heuristic.evaluate_state
double card_score(const State& s, int seat, const std::string& move);  // SenjutsuHeuristicBot.card_score
std::string heuristic_choose(const State& s, int seat, Rng& rng);      // SenjutsuHeuristicBot.choose
double hand_value(const State& s, int j);                              // SMMCTSBot._hand_value

// SMMCTSBot._rollout: play `w` on with the heuristic (its generator `rng`) for `horizon` turns or to the end (at most
// `max_actions` actions); each seat's result in [0, 1]
std::vector<double> rollout(State& w, int start_turn, int horizon, Rng& rng, double hand_weight, double score_scale,
                            int max_actions);

}  // namespace daimyo::sj
