// Rising Sun's bid sub-game (daimyo/bots/risingsun/regret.py): its payoff table, built by playing the rest of the
// War Phase from every joint bid of the menus, and regret matching+ over it, in the Python solver's order.
#pragma once
#include <array>
#include <vector>

#include "risingsun_war.hpp"

namespace daimyo::risingsun {

using Menu = std::vector<std::array<int, 4>>;

// The payoff of every joint bid (row-major over the menus, the last participant's bid fastest; one payoff a
// participant per joint bid). False when `seconds` (>= 0) pass before the table is complete (checked before each
// joint bid, as regret.solve checks its deadline).
bool payoff_table(const Rules& r, const War& w, const std::vector<Menu>& menus, double margin, double seconds,
                  std::vector<double>& out);

// regret._regret_matching: regret matching+ with linear averaging, all participants at once; the average strategies.
std::vector<std::vector<double>> regret_matching(const std::vector<int>& sizes, const std::vector<double>& payoffs,
                                                 int iterations);

}  // namespace daimyo::risingsun
