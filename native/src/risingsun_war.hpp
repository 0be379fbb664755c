// Rising Sun's War Phase, as much of it as the bid solver plays: from a battle's joint bid to the end of the
// War Phase, every decision taken by the heuristic bot (daimyo/risingsun/war.py, scoring.py and
// daimyo/bots/risingsun/heuristic.py, step for step and draw for draw). Provinces, kinds and seasons cross as
// small integers chosen by daimyo/bots/risingsun/native.py; no rules data are written here.
#pragma once
#include <algorithm>
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

// The ceilings of what the native solver holds (the module refuses a world beyond them, naming the field).
constexpr int MAX_SEATS = 8, MAX_FIGURES = 128, MAX_WARS = 16, MAX_PROVINCES = 32;

// A list of at most N items kept inside its owner (no allocation; a copy copies the items in use).
template <typename T, int N>
struct Small {
  T items[N];
  int len = 0;
  Small() = default;
  Small(const Small& o) : len(o.len) { std::copy(o.items, o.items + o.len, items); }
  Small& operator=(const Small& o) {
    len = o.len;
    std::copy(o.items, o.items + o.len, items);
    return *this;
  }
  void push_back(const T& x) { items[len++] = x; }
  void clear() { len = 0; }
  int size() const { return len; }
  bool empty() const { return len == 0; }
  T& operator[](int i) { return items[i]; }
  const T& operator[](int i) const { return items[i]; }
  T* begin() { return items; }
  T* end() { return items + len; }
  const T* begin() const { return items; }
  const T* end() const { return items + len; }
};
using Seats = Small<int, MAX_SEATS>;

// The numbers of war.json the War Phase uses.
struct Rules {
  int seppuku_vp = 1, seppuku_honor = 1, hostage_vp = 1, poets_vp = 1, stronghold_force = 1;
  std::vector<char> hostage_allowed;                 // by kind
  std::vector<std::pair<int, int>> province_bonus;   // (at least this many provinces, VP), ascending
  int bonus(int different) const;
};

struct Figure {
  int16_t number;
  int8_t province, owner, kind, force;
};

// What stays as it is for the whole War Phase from a battle's bid on.
struct Fixed {
  int n = 0;
  int season = 0;                                    // the VP of this season's War Province tokens
  std::array<char, MAX_SEATS> koi{}, turtle{};       // coins-as-ronin, strongholds-force, by seat
  std::array<int, MAX_SEATS> ally{}, ronin{};
  Small<int, MAX_WARS> wars;
  std::array<std::array<int, MAX_SEATS>, MAX_PROVINCES> strongholds{};  // by province and seat: how many
};

// One season's War Phase (RisingSunWar), the fields the flow reads; hostages, the killed and the history change
// nothing that follows and are left out. A clan's War Province tokens are kept as what their score needs: the VP
// of their seasons and the set of their provinces.
struct War {
  const Fixed* f = nullptr;
  int n = 0;
  std::array<int, MAX_SEATS> honor{}, coins{}, vp{};
  std::array<int, MAX_SEATS> token_vp{};
  std::array<uint32_t, MAX_SEATS> token_provinces{};
  int at = 0;
  Small<Figure, MAX_FIGURES> figures;
  bool over = false;
  int step = NONE;
  Seats participants;
  std::array<std::array<int, 4>, MAX_SEATS> bids{};
  std::array<char, MAX_SEATS> has_bid{};
  std::array<int, 4> slot_winner{};                  // -1: nobody
  std::array<char, 4> slot_known{};
  std::array<int, MAX_SEATS> hired{};
  int battle_killed = 0;
  int winner = -1;
  std::array<int, MAX_SEATS> totals{};               // once over: VP and war-token score
  int result_winner = -1;

  int province() const { return !over && at < f->wars.size() ? f->wars[at] : -1; }
  int rank(int seat) const;                          // honor.index(seat)
  bool allied(int a, int b) const { return a != b && f->ally[a] == b; }
  int stronghold_force(const Rules& r, int prov, int seat) const;
  int force(const Rules& r, int prov, int seat) const;
  int ronin_count(int seat) const { return f->koi[seat] ? coins[seat] : f->ronin[seat]; }
  int decider() const;
  Seats to_act() const;
};

// Python's sum() of floats: plain left to right before 3.12, Neumaier's compensated sum from 3.12 on.
extern bool compensated_sum;
double py_sum(const double* x, size_t n);

// scoring.token_score(...)["total"] of tokens worth `by_season` VP by their seasons, of the provinces in `provinces`
int token_total(const Rules& r, int by_season, uint32_t provinces);

// Moves: a bid, or a decision ('decline', 'seppuku', 'hostage' of a figure, 'hire', 'poets', 'remainder' to some losers).
enum Verb : int { V_BID, V_DECLINE, V_SEPPUKU, V_HOSTAGE, V_HIRE, V_POETS, V_REMAINDER };
struct Move {
  int verb = V_DECLINE;
  std::array<int, 4> amounts{};                      // a bid; a hostage's figure number in amounts[0]
  Seats extra;                                       // 'remainder': the losers who get the odd coins
};

void apply_move(const Rules& r, War& s, int seat, const Move& m);  // war.do_move, then war.advance
void advance(const Rules& r, War& s);                               // war.advance: up to the next decision or the end

// What the moves of a decision are made from (war.legal_moves): war._hostage_targets, the losers in participant
// order, and how many odd coins the reparations leave (asked after the outcome).
Small<Figure, MAX_FIGURES> hostage_targets(const Rules& r, const War& s, int seat);
Seats losers(const War& s);
int odd_coins(const War& s);

// The heuristic bot (WarHeuristicBot) of one seat, with its own generator.
struct Heuristic {
  Rng rng;
  Heuristic() = default;
  explicit Heuristic(uint64_t seed) : rng(seed) {}
  std::array<int, 4> bid(const Rules& r, const War& s, int seat);
  Move choose(const Rules& r, const War& s, int seat);
};

// The rest of the War Phase from the battle's joint bid (one bid a participant, in participant order), played by
// heuristic bots seeded 0..n-1; each participant's payoff: its win plus `margin` a VP of lead over its best rival.
void payoff(const Rules& r, const War& w, const std::array<int, 4>* joint, double margin, double* out);

}  // namespace daimyo::risingsun
