// The placement-phase board as one seat reads it (daimyo/bots/rokugan/heuristic.py Board and _PlacementContext),
// native: who attacks and defends each province, how hard, and what each battle is worth to the seat.
// Every value is worked out with the same operations in the same order as the Python bot, so it is equal to it,
// bit for bit; the memo is only a cache.
#pragma once
#include <stdexcept>
#include <vector>

#include "heuristic.hpp"

namespace daimyo {

// heuristic.py's constants: the expected strength of a token a seat has not seen, by where it stands
constexpr double UNKNOWN_ATTACK_LAND = 1.9;
constexpr double UNKNOWN_ATTACK_SEA = 1.1;
constexpr double UNKNOWN_DEFENSE = 1.4;
constexpr double UNKNOWN_SHINOBI = 0.7;
constexpr double TOKEN_COST = 0.07;

// Who attacks a province and how hard: heuristic.py's dict owner -> strength, in insertion order. Only the first
// `n` entries are read (a board is made at every placement of a search's playouts: its arrays are not cleared).
struct Attackers {
  int n = 0;
  int who[MAX_SEATS];
  double strength[MAX_SEATS];
  int find(int x) const {
    for (int i = 0; i < n; ++i)
      if (who[i] == x) return i;
    return -1;
  }
  bool has(int x) const { return find(x) >= 0; }
  // att[x] = att.get(x, 0.0) + v
  void add(int x, double v) {
    int i = find(x);
    if (i < 0) {
      i = n++;
      who[i] = x;
      strength[i] = 0.0;
    }
    strength[i] = strength[i] + v;
  }
};

// At most N values kept in place (no allocation): a seat's tokens on the board, a province's memo.
template <typename T, int N>
struct Few {
  T v[N];
  int n = 0;
  void push_back(const T& x) {
    if (n == N) throw std::length_error("heuristic: more than a clan's tokens on the board for one seat");
    v[n++] = x;
  }
  const T* begin() const { return v; }
  const T* end() const { return v + n; }
};

// heuristic.py Board. Made at every placement of a search's playouts, so it allocates nothing and clears only
// the provinces of the board it reads.
class Board {
 public:
  Board(const State& s, int seat);

  double worth(int x, int p, bool kept);  // what controlling p after this round is worth to player x
  double utility(int p, const Attackers& att, double dfn, bool has_def, int unk);
  double base(int p);
  double with_attack(int p, int seat, double x);
  double with_defense(int p, double x, bool real = true);
  double total();

  const State& s;
  int seat, n;
  Attackers att[Rules::MAX_PROVINCES];
  double dfn[Rules::MAX_PROVINCES];
  int unk[Rules::MAX_PROVINCES];
  bool has_def[Rules::MAX_PROVINCES], lion_bluff[Rules::MAX_PROVINCES];
  Few<BoardToken, Rules::MAX_TOKENS> my_tokens;  // the seat's tokens on the board (not blessings), in board order
  int rem[MAX_SEATS] = {};
  double w_opp = 0.0;
  int rounds_left = 0;
  double obj_bonus[Rules::MAX_PROVINCES];
  double pot_att[Rules::MAX_PROVINCES], pot_def[Rules::MAX_PROVINCES];
  double my_follow = 0.0;  // the strength of the seat's second best army behind its screen, if it places again

 private:
  double worth_uncached(int x, int p, bool kept) const;
  // the memo: keyed by what each value depends on; a value past a province's MEMO is worked out again each time
  struct Entry {
    char kind;  // 'a' with_attack, 'd' with_defense
    int who;    // with_attack: the seat; with_defense: real
    double x, value;
  };
  static constexpr int MEMO = 16;
  const Entry* recall(int p, char kind, int who, double x) const;
  double remember(int p, char kind, int who, double x, double value);
  double worth_memo_[MAX_SEATS][Rules::MAX_PROVINCES][2];
  bool worth_known_[MAX_SEATS][Rules::MAX_PROVINCES][2];
  double base_memo_[Rules::MAX_PROVINCES];
  bool base_known_[Rules::MAX_PROVINCES];
  Few<Entry, MEMO> memo_[Rules::MAX_PROVINCES];
};

// heuristic.py _objective_bonus: the extra worth of each province to `seat` for its own secret objective
void objective_bonus(const State& s, int seat, double* bonus);

// heuristic.py _PlacementContext: what scoring placements needs, worked out once per decision
struct PlacementContext {
  PlacementContext(const State& s, int seat);
  const State& s;
  int seat;
  Board b;
  bool lion;
  // role_of: for each of the seat's board tokens (by number), whether it attacks ('a') or defends ('d'), and where
  struct Role {
    int number;
    char role;
    int p;
  };
  std::vector<Role> role_of;
  const Role* role(int number) const;
};

// heuristic.py _place_value: the score of one placement-phase move (draws from `rng` for a bluff)
double place_value(PlacementContext& ctx, const Move& m, Rng& rng);

// heuristic.py _token_place: the province a board token fights over, and 'a' (attacks) or 'd' (defends); -1 if none
int token_place(const State& s, const BoardToken& t, char* role);

}  // namespace daimyo
