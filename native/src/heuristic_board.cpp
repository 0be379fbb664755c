// heuristic.py Board, _objective_bonus, _PlacementContext and the scoring of placements (_place_value and the
// functions under it), native. Each float is worked out with the operations of the Python line it stands for,
// in its order (a Python int mixed in is converted exactly), so that the values are equal bit for bit.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "heuristic_board.hpp"

namespace daimyo {

namespace {

double sig(double x) {
  if (x < -30) return 0.0;
  if (x > 30) return 1.0;
  return 1.0 / (1.0 + std::exp(-x));
}

bool is_scorched(const State& s, int p) { return s.rules->scorched >= 0 && s.special[p] == s.rules->scorched; }

// scoring.py province_flowers: the printed flowers (Bushido's 4-honor token replaces them) plus honor tokens
int province_flowers(const State& s, int p) {
  const Rules& R = *s.rules;
  const int sp = s.special[p];
  const int base = sp >= 0 && sp == R.honor_4 ? 4 : R.flowers[p];
  return base + (sp >= 0 ? R.special_honor[sp] : 0);
}

int kind_of(const Rules& R, int clan, int clan_token) { return R.clan_token_kinds[clan][clan_token]; }
int strength_of(const Rules& R, int clan, int clan_token) { return R.clan_token_strength[clan][clan_token]; }
bool fights(int kind) { return kind == Rules::Army || kind == Rules::Navy || kind == Rules::Shinobi; }

bool contains(const std::vector<int>& v, int x) {
  for (int y : v)
    if (y == x) return true;
  return false;
}

const BoardToken* board_token(const State& s, int number) {
  const int i = s.token_index(number);
  if (i < 0) throw std::invalid_argument("there is no combat token #" + std::to_string(number) + " on the board");
  return &s.tokens[i];
}

}  // namespace

void objective_bonus(const State& s, int seat, double* bonus) {
  const Rules& R = *s.rules;
  const int np = R.n_provinces();
  for (int p = 0; p < np; ++p) bonus[p] = 0.0;
  const int oid = s.objective[seat];
  if (oid < 0) return;
  const Rules::Objective& o = R.objectives[oid];
  const int honor = o.honor;
  switch (o.condition) {
    case Rules::Objective::TerritoryHold:
      for (int p : R.territory_provinces[o.territory]) bonus[p] = honor / 3.0;
      bonus[o.capital] = honor / 2.0;
      break;
    case Rules::Objective::Coastal:
      for (int p = 0; p < np; ++p)
        if (s.is_coastal(p)) bonus[p] = static_cast<double>(honor) / std::max(1, o.provinces);
      break;
    case Rules::Objective::ProvincesAll:
      for (int p : o.provinces_list) bonus[p] = static_cast<double>(honor) / static_cast<double>(o.provinces_list.size());
      break;
    case Rules::Objective::TerritorySpread: {
      std::vector<char> mine_t(R.territory_names.size(), 0);
      for (int p = 0; p < np; ++p)
        if (s.owner[p] == seat) mine_t[R.province_territory[p]] = 1;
      for (int p = 0; p < np; ++p)
        if (!mine_t[R.province_territory[p]]) bonus[p] = static_cast<double>(honor) / std::max(1, o.territories);
      break;
    }
    case Rules::Objective::ConnectedSpread:
      for (int p = 0; p < np; ++p) {
        bool near = false;
        for (int q : R.adjacent[p]) near = near || s.owner[q] == seat;
        if (near) bonus[p] = static_cast<double>(honor) / std::max(2, o.provinces);
      }
      break;
    case Rules::Objective::FewestProvinces:
      for (int p = 0; p < np; ++p) bonus[p] = -1.0;
      break;
  }
}

// ------------------------------------------------------------------------------------------------ Board

Board::Board(const State& st, int seat_) : s(st), seat(seat_), n(st.n) {
  const Rules& R = *s.rules;
  const int np = R.n_provinces();
  for (int p = 0; p < np; ++p) {
    dfn[p] = pot_att[p] = pot_def[p] = 0.0;
    unk[p] = 0;
    has_def[p] = lion_bluff[p] = base_known_[p] = false;
  }
  for (int x = 0; x < n; ++x) std::fill_n(&worth_known_[x][0][0], 2 * np, false);
  // role: each board token's part, by its number ('a' attacks or 'd' defends province p for owner); only a
  // blessing reads it, so it is kept only where one is on the board
  struct Part {
    char role = 0;
    int p = -1, owner = -1;
  };
  bool blessings = false;
  for (const BoardToken& t : s.tokens) blessings = blessings || t.place == 'o';
  std::vector<Part> role(blessings ? static_cast<size_t>(std::max(s.next_id, 1)) + 1 : 0);
  auto part_of = [&role](int number) -> Part* {
    return number >= 0 && number < static_cast<int>(role.size()) && role[number].role ? &role[number] : nullptr;
  };
  for (const BoardToken& t : s.tokens) {
    if (t.place == 'o') continue;
    const int owner = t.owner, clan = s.clans[owner];
    const bool k = known(s, seat, t);
    const int kind = k ? kind_of(R, clan, t.clan_token) : -1;
    const int strength = k ? strength_of(R, clan, t.clan_token) : 0;
    const char loc = t.place;
    Part part;
    if (loc == 'l' || loc == 's') {
      const int p = loc == 'l' ? t.attacked : t.site;
      double val;
      if (k) {
        val = kind == Rules::Army || kind == Rules::Navy ? strength : 0.0;
      } else {
        val = loc == 'l' ? UNKNOWN_ATTACK_LAND : UNKNOWN_ATTACK_SEA;
        unk[p] += 1;
      }
      att[p].add(owner, val);
      part = {'a', p, owner};
    } else {
      const int p = t.site;
      if (s.owner[p] == owner) {
        double val;
        if (k) {
          val = fights(kind) ? strength : 0.0;
          if (kind == Rules::Bluff && clan == R.lion) lion_bluff[p] = true;
          if (fights(kind)) has_def[p] = true;
        } else {
          val = UNKNOWN_DEFENSE;
          unk[p] += 1;
          has_def[p] = true;
        }
        dfn[p] += val;
        part = {'d', p, owner};
      } else {
        double val;
        if (k) {
          val = kind == Rules::Shinobi ? strength : 0.0;
        } else {
          val = UNKNOWN_SHINOBI;
          unk[p] += 1;
        }
        if (val != 0.0 || !k) att[p].add(owner, val);
        part = {'a', p, owner};
      }
    }
    if (t.number >= 0 && t.number < static_cast<int>(role.size())) role[t.number] = part;
    if (owner == seat) my_tokens.push_back(t);
  }
  for (const BoardToken& t : s.tokens) {
    if (t.place != 'o') continue;
    if (const Part* r = part_of(t.site)) {
      if (r->role == 'a')
        att[r->p].add(r->owner, 2);
      else
        dfn[r->p] += 2;
    }
  }
  for (int q = 0; q < n; ++q)
    rem[q] = s.done[q] || s.phase != Phase::Placement ? 0 : std::max(0, static_cast<int>(s.hand[q].size()) - 1);
  w_opp = n == 2 ? 1.0 : 0.55;
  rounds_left = std::max(0, R.rounds - s.round);
  objective_bonus(s, seat, obj_bonus);
  // what the others may still add this round
  for (int p = 0; p < np; ++p) {
    const int o = s.owner[p];
    if (o >= 0 && o != seat && rem[o]) pot_def[p] = std::min(1.0, rem[o] / 3.0) * 1.3;
  }
  for (int e = 0; e < n; ++e) {
    if (e == seat || !rem[e]) continue;
    const double f = std::min(1.0, rem[e] / 3.0);
    for (int p = 0; p < np; ++p) {
      if (s.owner[p] != seat) continue;
      bool next_to = false;
      for (int q : R.adjacent[p]) next_to = next_to || s.owner[q] == e;
      double v;
      if (next_to)
        v = 1.8 * f;
      else if (s.is_coastal(p))
        v = 0.7 * f;
      else
        v = 0.25 * f;
      if (v > pot_att[p]) pot_att[p] = v;
    }
  }
  const int my_rem = rem[seat] - 1;
  my_follow = 0.0;
  if (my_rem > 0) {
    const int clan = s.clans[seat];
    int first = -1, second = -1;  // the two strongest armies behind the screen
    for (int t : s.hand[seat]) {
      if (kind_of(R, clan, t) != Rules::Army) continue;
      const int x = strength_of(R, clan, t);
      if (x > first) {
        second = first;
        first = x;
      } else if (x > second) {
        second = x;
      }
    }
    my_follow = second >= 0 ? static_cast<double>(second) : 0.0;
  }
}

double Board::worth(int x, int p, bool kept) {
  if (!worth_known_[x][p][kept]) {
    worth_memo_[x][p][kept] = worth_uncached(x, p, kept);
    worth_known_[x][p][kept] = true;
  }
  return worth_memo_[x][p][kept];
}

double Board::worth_uncached(int x, int p, bool kept) const {
  const Rules& R = *s.rules;
  if (is_scorched(s, p)) return 0.0;
  double w = province_flowers(s, p) + 0.25 * rounds_left;
  if (kept && !R.shadowlands[p]) w += s.up[p] + 1;
  const int terr = R.province_territory[p];
  if (!R.territory_shadowlands[terr]) {
    int others = 0, mine = 0;
    for (int q : R.territory_provinces[terr]) {
      if (q == p || is_scorched(s, q)) continue;
      ++others;
      mine += s.owner[q] == x;
    }
    if (others)
      w += mine == others ? 5.0 : 1.2 * mine / others;
    else
      w += 5.0;
  }
  if (x == seat) w += obj_bonus[p];
  return w;
}

double Board::utility(int p, const Attackers& a_, double dfn_, bool has_def_, int unk_) {
  const Rules& R = *s.rules;
  const int o = s.owner[p];
  int base_defense = R.printed_defense[p] + (s.special[p] >= 0 ? R.special_defense[s.special[p]] : 0);
  if (o >= 0) {
    base_defense += s.up[p] * (s.clans[o] == R.crab ? 2 : 1);
    if (lion_bluff[p]) base_defense += 2;
  }
  const double d_full = base_defense + dfn_ + (o != seat ? pot_def[p] : 0.0);
  const double temp = 0.9 + 0.45 * unk_;
  // probs: who takes the province (a seat, or -2 for a later attack), in the order of the attackers
  int who[MAX_SEATS + 1];
  double probs[MAX_SEATS + 1];
  int k = 0;
  double total = 0.0;
  for (int i = 0; i < a_.n; ++i) {
    const int x = a_.who[i];
    if (x == o) continue;
    double a = a_.strength[i];
    if (o == seat && x != seat) a = a + pot_att[p] * 0.5;
    const int off = R.is_capital[p] && s.clans[x] == R.phoenix ? R.printed_defense[p] : 0;
    const double d = d_full - off;
    const double c = s.clans[x] == R.crane ? 0.0 : 0.5;
    double pw = sig((a - d - c) / temp);
    for (int j = 0; j < a_.n; ++j) {
      const int y = a_.who[j];
      if (y != x && y != o) pw *= sig((a - a_.strength[j] - c) / temp);
    }
    who[k] = x;
    probs[k++] = pw;
    total += pw;
  }
  if (o == seat && !a_.has(seat) && pot_att[p] > 0 && a_.n == 0) {
    // nobody attacks yet: the threat of a later attack
    const double d = d_full;
    const double pw = sig((pot_att[p] - d - 0.5) / (temp + 0.5)) * 0.6;
    who[k] = -2;
    probs[k++] = pw;
    total += pw;
  }
  if (total > 1.0) {
    for (int i = 0; i < k; ++i) probs[i] /= total;
    total = 1.0;
  }
  double u = 0.0;
  for (int i = 0; i < k; ++i) {
    const int x = who[i];
    const double pw = probs[i];
    if (x == seat)
      u += pw * worth(seat, p, false);
    else if (x >= 0)
      u -= pw * w_opp * worth(x, p, false);
    else
      u -= pw * worth(seat, p, false) * 0.8;
  }
  if (o >= 0) {
    const bool kept = has_def_ || a_.n > 0;
    const double stay = 1.0 - total;
    if (o == seat)
      u += stay * worth(seat, p, kept);
    else
      u -= stay * w_opp * worth(o, p, kept);
  }
  return u;
}

double Board::base(int p) {
  if (!base_known_[p]) {
    base_memo_[p] = utility(p, att[p], dfn[p], has_def[p], unk[p]);
    base_known_[p] = true;
  }
  return base_memo_[p];
}

const Board::Entry* Board::recall(int p, char kind, int who, double x) const {
  for (const Entry& e : memo_[p])
    if (e.kind == kind && e.who == who && e.x == x) return &e;
  return nullptr;
}

double Board::remember(int p, char kind, int who, double x, double value) {
  if (memo_[p].n < MEMO) memo_[p].push_back({kind, who, x, value});
  return value;
}

double Board::with_attack(int p, int who, double x) {
  if (const Entry* e = recall(p, 'a', who, x)) return e->value;
  Attackers a = att[p];
  a.add(who, x);
  return remember(p, 'a', who, x, utility(p, a, dfn[p], has_def[p], unk[p]));
}

double Board::with_defense(int p, double x, bool real) {
  const int r = static_cast<int>(real);
  if (const Entry* e = recall(p, 'd', r, x)) return e->value;
  return remember(p, 'd', r, x, utility(p, att[p], dfn[p] + x, has_def[p] || real, unk[p]));
}

double Board::total() {
  double sum = 0.0;
  for (int p = 0; p < s.rules->n_provinces(); ++p) sum += base(p);
  return sum;
}

// ------------------------------------------------------------------------------------------------ placements

int token_place(const State& s, const BoardToken& t, char* role) {
  if (t.place == 'l') return *role = 'a', t.attacked;
  if (t.place == 's') return *role = 'a', t.site;
  if (t.place == 'c') return *role = (s.owner[t.site] == t.owner ? 'd' : 'a'), t.site;
  *role = 0;
  return -1;
}

PlacementContext::PlacementContext(const State& st, int seat_) : s(st), seat(seat_), b(st, seat_) {
  lion = s.clans[seat] == s.rules->lion;
  for (const BoardToken& t : b.my_tokens) {
    if (t.place == 'l' || t.place == 's')
      role_of.push_back({t.number, 'a', t.place == 'l' ? t.attacked : t.site});
    else if (t.place == 'c')
      role_of.push_back({t.number, s.owner[t.site] == seat ? 'd' : 'a', t.site});
  }
}

const PlacementContext::Role* PlacementContext::role(int number) const {
  for (const Role& r : role_of)
    if (r.number == number) return &r;
  return nullptr;
}

namespace {

// heuristic.py _diplomacy: every token touching p is discarded and a peace token protects it
double diplomacy(const State& s, int seat, Board& b, int p) {
  const Rules& R = *s.rules;
  if (R.peace < 0 || s.specials_left[R.peace] <= 0) return -1.0;
  const double safe = b.worth(seat, p, false);
  const double gain = safe - b.base(p);
  double lost = 0.0;
  const std::vector<int>& borders = R.province_borders[p];
  const int clan = s.clans[seat];
  for (const BoardToken& t : b.my_tokens)
    if ((t.place == 'l' && contains(borders, t.site)) || (t.place == 's' && t.site == p))
      lost += 0.6 * strength_of(R, clan, t.clan_token);
  // a peace token is permanent: it also spares later rounds, but the province earns no faceup tokens
  return gain - lost + 0.15 * b.pot_att[p] * b.rounds_left - 0.6;
}

// heuristic.py _raid: if it triggers, the province is cleared and scorched (Resolve Raid Tokens)
double raid(const State& s, int seat, Board& b, int q) {
  const Rules& R = *s.rules;
  bool triggers = false;
  for (int r : R.adjacent[q]) triggers = triggers || s.owner[r] == seat;
  if (!triggers)
    for (const BoardToken& t : b.my_tokens)
      triggers = triggers || (t.place == 'c' && t.site == q && t.owner == seat &&
                              kind_of(R, s.clans[seat], t.clan_token) == Rules::Shinobi);
  if (!triggers) return -2.0;
  return -b.base(q) - 0.8;
}

// heuristic.py _play_value: a start-of-turn card (scout, shugenja, first player card) played on a board token
double play_value(const State& s, int seat, Board& b, const Move& m) {
  const Rules& R = *s.rules;
  const BoardToken& t = *board_token(s, m.a);
  char role;
  const int p = token_place(s, t, &role);
  if (p < 0) return -1.0;
  const bool k = known(s, seat, t);
  if (m.arg == Move::Scout) {
    if (k) return -1.0;
    const double stake = s.owner[p] == seat || b.att[p].has(seat) ? std::fabs(b.base(p)) : 0.0;
    return 0.12 * stake - 0.35;
  }
  // shugenja / first player card: the token leaves the board
  const double x = k ? static_cast<double>(strength_of(R, s.clans[t.owner], t.clan_token))
                     : (role == 'd' ? UNKNOWN_DEFENSE : UNKNOWN_ATTACK_LAND);
  if (t.owner == seat) return -1.0;
  double gain;
  if (role == 'a') {
    Attackers a = b.att[p];
    int i = a.find(t.owner);
    if (i < 0) {
      i = a.n++;
      a.who[i] = t.owner;
      a.strength[i] = 0.0;
    }
    a.strength[i] = a.strength[i] - x;
    gain = b.utility(p, a, b.dfn[p], b.has_def[p], b.unk[p]) - b.base(p);
  } else {
    gain = b.utility(p, b.att[p], b.dfn[p] - x, b.has_def[p], b.unk[p]) - b.base(p);
  }
  const double cost = m.arg == Move::FirstPlayer ? 0.6 : 0.4 * b.rounds_left + 0.8;
  return gain - cost;
}

}  // namespace

double place_value(PlacementContext& ctx, const Move& m, Rng& rng) {
  const State& s = ctx.s;
  const Rules& R = *s.rules;
  const int seat = ctx.seat;
  Board& b = ctx.b;
  if (m.verb == Move::Play) return play_value(s, seat, b, m);
  if (m.verb == Move::PlayCard) return -1.0;  // Shadowlands cards cost a control token; this bot keeps its provinces
  if (m.verb != Move::Place) throw std::logic_error("heuristic: a placement-phase move is a placement or a card played");
  const int clan = s.clans[seat];
  const char loc = m.loc;
  const int a = m.a, bb = m.b;
  const int kind = kind_of(R, clan, m.arg);
  const int x = strength_of(R, clan, m.arg);
  double v = -TOKEN_COST * x;
  if (fights(kind)) {
    if (loc == 'l' || loc == 's' || (loc == 'c' && s.owner[a] != seat)) {
      const int p = loc == 'l' ? bb : a;
      const double now = b.with_attack(p, seat, x) - b.base(p);
      double later = 0.0;
      if (b.my_follow != 0.0)
        later = 0.5 * (b.with_attack(p, seat, x + b.my_follow) - b.with_attack(p, seat, b.my_follow));
      v += later > now ? later : now;
    } else {
      v += b.with_defense(a, x) - b.base(a);
    }
  } else if (kind == Rules::Blessing) {
    const PlacementContext::Role* r = ctx.role(a);
    if (r == nullptr) {
      v -= 1.0;
    } else {
      const BoardToken* blessed = nullptr;
      for (const BoardToken& t : b.my_tokens)
        if (t.number == a) blessed = &t;
      if (kind_of(R, clan, blessed->clan_token) == Rules::Bluff)
        v -= 0.5;
      else if (r->role == 'a')
        v += b.with_attack(r->p, seat, 2) - b.base(r->p);
      else
        v += b.with_defense(r->p, 2) - b.base(r->p);
    }
  } else if (kind == Rules::Bluff) {
    if (loc == 'c' && s.owner[a] == seat) {
      v += ctx.lion ? (b.with_defense(a, 2, false) - b.base(a)) : 0.05;
    } else {
      const int p = loc == 'l' ? bb : a;
      const int o = s.owner[p];
      v += 0.3 + (o >= 0 && o != seat ? 0.08 * province_flowers(s, p) : 0.0);
    }
    v += 0.1 * static_cast<double>(rng.below(3));  // a bluff is played where it is not expected
  } else if (kind == Rules::Diplomacy) {
    v += diplomacy(s, seat, b, a);
  } else if (kind == Rules::Raid) {
    v += raid(s, seat, b, a);
  }
  return v;
}

}  // namespace daimyo
