// Rising Sun's War Phase, as much of it as the bid solver plays: from a battle's joint bid to the end of the
// War Phase, every decision taken by the heuristic bot (daimyo/risingsun/war.py, scoring.py and
// daimyo/bots/risingsun/heuristic.py, step for step and draw for draw). Provinces, kinds and seasons cross as
// small integers chosen by daimyo/bots/risingsun/native.py; no rules data are written here.
#pragma once
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "rng.hpp"

namespace daimyo::risingsun {

// The battle steps (daimyo/risingsun/state.py); NONE outside a battle.
enum Step : int { NONE = -1, BID = 0, SEPPUKU, HOSTAGE, RONIN, OUTCOME, POETS, REPARATIONS };
// The four slots of the War tile, left to right (data.SLOT_NAMES).
enum Slot : int { S_SEPPUKU = 0, S_HOSTAGE, S_RONIN, S_POETS };

// The numbers of war.json the War Phase uses.
struct Rules {
  int seppuku_vp = 1, seppuku_honor = 1, hostage_vp = 1, poets_vp = 1, stronghold_force = 1;
  std::vector<char> hostage_allowed;                 // by kind
  std::vector<std::pair<int, int>> province_bonus;   // (at least this many provinces, VP), ascending
  int bonus(int different) const;
};

struct Figure {
  int number, province, owner, kind, force;
};

// One season's War Phase (RisingSunWar), the fields the flow reads; hostages, the killed and the history
// change nothing that follows and are left out.
struct War {
  int n = 0;
  std::vector<char> koi, turtle;                     // coins-as-ronin, strongholds-force, by seat
  int season = 0;                                    // the VP of this season's War Province tokens
  std::vector<int> honor, ally, coins, ronin, vp;
  std::vector<std::vector<std::pair<int, int>>> tokens;  // (province, VP of its season), by seat
  std::vector<int> wars;
  int at = 0;
  std::vector<Figure> figures;
  std::vector<std::vector<int>> strongholds;         // by province: the seats with a stronghold there
  bool over = false;
  int step = NONE;
  std::vector<int> participants;
  std::vector<std::array<int, 4>> bids;              // by seat
  std::vector<char> has_bid;
  std::array<int, 4> slot_winner{};                  // -1: nobody
  std::array<char, 4> slot_known{};
  std::vector<int> hired;                            // by seat
  int battle_killed = 0;
  int winner = -1;
  std::vector<int> totals;                           // by seat, once over: VP and war-token score
  int result_winner = -1;

  int province() const { return !over && at < static_cast<int>(wars.size()) ? wars[at] : -1; }
  int rank(int seat) const;                          // honor.index(seat)
  bool allied(int a, int b) const { return a != b && ally[a] == b; }
  int stronghold_force(const Rules& r, int prov, int seat) const;
  int force(const Rules& r, int prov, int seat) const;
  int ronin_count(int seat) const { return koi[seat] ? coins[seat] : ronin[seat]; }
  int decider() const;
  std::vector<int> to_act() const;
};

// Python's sum() of floats: plain left to right before 3.12, Neumaier's compensated sum from 3.12 on.
extern bool compensated_sum;
double py_sum(const double* x, size_t n);

int token_total(const Rules& r, const std::vector<std::pair<int, int>>& tokens);

// Moves: a bid, or a decision ('decline', 'seppuku', 'hostage' of a figure, 'hire', 'poets', 'remainder' to some losers).
enum Verb : int { V_BID, V_DECLINE, V_SEPPUKU, V_HOSTAGE, V_HIRE, V_POETS, V_REMAINDER };
struct Move {
  int verb = V_DECLINE;
  std::array<int, 4> amounts{};                      // a bid; a hostage's figure number in amounts[0]
  std::vector<int> extra;                            // 'remainder': the losers who get the odd coins
};

void apply_move(const Rules& r, War& s, int seat, const Move& m);  // war.do_move, then war.advance

// The heuristic bot (WarHeuristicBot) of one seat, with its own generator.
struct Heuristic {
  Rng rng;
  explicit Heuristic(uint64_t seed) : rng(seed) {}
  std::array<int, 4> bid(const Rules& r, const War& s, int seat);
  Move choose(const Rules& r, const War& s, int seat);
};

// The rest of the War Phase from the battle's joint bid (one bid a participant, in participant order), played by
// heuristic bots seeded 0..n-1; each participant's payoff: its win plus `margin` a VP of lead over its best rival.
void payoff(const Rules& r, const War& w, const std::array<int, 4>* joint, double margin, double* out);

}  // namespace daimyo::risingsun
