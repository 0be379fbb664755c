// Rising Sun's War Phase from a joint bid to its end, and the heuristic bot that plays it (risingsun_war.hpp).
// Each function names the Python function it follows; the order of every loop and every floating-point operation
// is the Python code's, so that the payoffs are the same numbers bit for bit.
#include "risingsun_war.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace daimyo::risingsun {

bool compensated_sum = false;

double py_sum(const double* x, size_t n) {
  // sum() starts from the int 0: the first float gives 0.0 + x[0], the rest are added in order
  if (n == 0) return 0.0;
  double f = 0.0 + x[0];
  if (!compensated_sum) {
    for (size_t i = 1; i < n; ++i) f += x[i];
    return f;
  }
  double c = 0.0;
  for (size_t i = 1; i < n; ++i) {
    double t = f + x[i];
    if (std::fabs(f) >= std::fabs(x[i]))
      c += (f - t) + x[i];
    else
      c += (x[i] - t) + f;
    f = t;
  }
  if (c != 0.0 && std::isfinite(c)) f += c;
  return f;
}

int Rules::bonus(int different) const {
  int best = 0;
  for (const auto& [at_least, points] : province_bonus)
    if (different >= at_least) best = points;
  return best;
}

int token_total(const Rules& r, int by_season, uint32_t provinces) {
  return by_season + r.bonus(__builtin_popcount(provinces));
}

int War::rank(int seat) const {
  int i = 0;
  while (honor[i] != seat) ++i;
  return i;
}

int War::stronghold_force(const Rules& r, int prov, int seat) const {
  if (prov < 0 || !f->turtle[seat]) return 0;
  return r.stronghold_force * f->strongholds[prov][seat];
}

int War::force(const Rules& r, int prov, int seat) const {
  int total = 0;
  for (const auto& x : figures)
    if (x.province == prov && x.owner == seat) total += x.force;
  total += stronghold_force(r, prov, seat);
  if (prov == province()) total += hired[seat];
  return total;
}

int War::decider() const {
  if (over || step == NONE || step == BID || step == OUTCOME) return -1;
  if (step == REPARATIONS) return winner;
  int slot = step == SEPPUKU ? S_SEPPUKU : step == HOSTAGE ? S_HOSTAGE : step == RONIN ? S_RONIN : S_POETS;
  return slot_known[slot] ? slot_winner[slot] : -1;
}

Seats War::to_act() const {
  Seats out;
  if (over || step == NONE) return out;
  if (step == BID) {
    for (int p : participants)
      if (!has_bid[p]) out.push_back(p);
    return out;
  }
  int d = decider();
  if (d >= 0) out.push_back(d);
  return out;
}

namespace {

bool in(const Seats& xs, int x) { return std::find(xs.begin(), xs.end(), x) != xs.end(); }

// state.higher_honor: the seat of `seats` with the highest Honor (-1 for none)
int higher_honor(const War& s, const Seats& seats) {
  int best = -1;
  for (int p : seats)
    if (best < 0 || s.rank(p) < s.rank(best)) best = p;
  return best;
}

int bid_total(const std::array<int, 4>& b) { return b[0] + b[1] + b[2] + b[3]; }

void take_token(War& s, int seat, int prov) {
  s.token_vp[seat] += s.f->season;
  s.token_provinces[seat] |= 1u << prov;
}

int figures_in_count(const War& s, int prov, int owner) {
  int k = 0;
  for (const auto& f : s.figures)
    if (f.province == prov && f.owner == owner) ++k;
  return k;
}

// war._hostage_targets
Small<Figure, MAX_FIGURES> targets_of(const Rules& r, const War& s, int seat) {
  int prov = s.province();
  Small<Figure, MAX_FIGURES> out;
  for (const auto& f : s.figures)
    if (f.province == prov && f.owner != seat && in(s.participants, f.owner) && r.hostage_allowed[f.kind]) out.push_back(f);
  return out;
}

bool slot_usable(const Rules& r, const War& s, int slot, int w) {
  if (slot == S_SEPPUKU) return figures_in_count(s, s.province(), w) > 0;
  if (slot == S_HOSTAGE) return !targets_of(r, s, w).empty();
  if (slot == S_RONIN) return s.ronin_count(w) > 0;
  return s.battle_killed > 0;
}

// war.slot_winner: the highest bid, a tie to the higher Honor now; nobody if no coin was bid
int slot_winner(const War& s, int slot) {
  int best = 0;
  bool first = true;
  for (int p : s.participants) {
    if (first || s.bids[p][slot] > best) best = s.bids[p][slot];
    first = false;
  }
  if (best == 0) return -1;
  Seats top;
  for (int p : s.participants)
    if (s.bids[p][slot] == best) top.push_back(p);
  return higher_honor(s, top);
}

Seats losers_of(const War& s) {
  Seats out;
  for (int p : s.participants)
    if (p != s.winner) out.push_back(p);
  return out;
}

int odd_coins_of(const War& s) {
  return bid_total(s.bids[s.winner]) % static_cast<int>(losers_of(s).size());
}

// war._kill: the figures numbered in `numbers` leave the board, the others keep their order
void kill(War& s, const Small<int, MAX_FIGURES>& numbers) {
  int kept = 0;
  for (int i = 0; i < s.figures.size(); ++i)
    if (std::find(numbers.begin(), numbers.end(), s.figures[i].number) == numbers.end()) s.figures[kept++] = s.figures[i];
  s.figures.len = kept;
  s.battle_killed += numbers.size();
}

void gain_honor(War& s, int seat, int steps) {
  for (int k = 0; k < steps; ++k) {
    int i = s.rank(seat);
    if (i == 0) return;
    std::swap(s.honor[i - 1], s.honor[i]);
  }
}

void outcome(const Rules& r, War& s) {
  int prov = s.province();
  int best = 0;
  bool first = true;
  std::array<int, MAX_SEATS> forces{};
  for (int p : s.participants) {
    forces[p] = s.force(r, prov, p);
    if (first || forces[p] > best) best = forces[p];
    first = false;
  }
  Seats top;
  for (int p : s.participants)
    if (forces[p] == best) top.push_back(p);
  int w = higher_honor(s, top);
  s.winner = w;
  Small<int, MAX_FIGURES> dead;
  for (int p : s.participants) {
    if (p == w || s.allied(p, w)) continue;
    for (const auto& f : s.figures)
      if (f.province == prov && f.owner == p) dead.push_back(f.number);
  }
  kill(s, dead);
  take_token(s, w, prov);
}

void reparations(War& s, const Seats& extra) {
  Seats lost = losers_of(s);
  int pot = bid_total(s.bids[s.winner]);
  int share = pot / static_cast<int>(lost.size());
  for (int p : lost) s.coins[p] += share + (in(extra, p) ? 1 : 0);
  if (lost.size() == 1) s.coins[lost[0]] += pot - share;
  s.participants.clear();
  s.has_bid.fill(0);
  s.slot_known.fill(0);
  s.hired.fill(0);
  s.winner = -1;
  s.step = NONE;
  s.at += 1;
}

// scoring.finish
void finish(const Rules& r, War& s) {
  int best = 0;
  for (int p = 0; p < s.n; ++p) {
    s.totals[p] = s.vp[p] + token_total(r, s.token_vp[p], s.token_provinces[p]);
    if (p == 0 || s.totals[p] > best) best = s.totals[p];
  }
  Seats top;
  for (int p = 0; p < s.n; ++p)
    if (s.totals[p] == best) top.push_back(p);
  s.result_winner = higher_honor(s, top);
  s.over = true;
  s.step = NONE;
}

// war._start_war: the four cases for the province with the next War Number
void start_war(const Rules& r, War& s) {
  int prov = s.f->wars[s.at];
  std::array<int, MAX_SEATS> forces{};
  Seats have;
  for (int p = 0; p < s.n; ++p) {
    forces[p] = s.force(r, prov, p);
    if (forces[p] > 0) have.push_back(p);
  }
  if (have.empty()) {
    s.at += 1;
    return;
  }
  if (have.size() == 1) {
    take_token(s, have[0], prov);
    s.at += 1;
    return;
  }
  if (have.size() == 2 && s.allied(have[0], have[1])) {
    int a = have[0], b = have[1];
    auto ka = std::make_pair(forces[a], -s.rank(a)), kb = std::make_pair(forces[b], -s.rank(b));
    take_token(s, ka > kb ? a : b, prov);
    s.at += 1;
    return;
  }
  s.participants = have;
  std::sort(s.participants.begin(), s.participants.end(), [&](int a, int b) { return s.rank(a) < s.rank(b); });
  s.step = BID;
  s.has_bid.fill(0);
  s.slot_known.fill(0);
  s.hired.fill(0);
  s.battle_killed = 0;
  s.winner = -1;
}

int step_slot(int step) {
  return step == SEPPUKU ? S_SEPPUKU : step == HOSTAGE ? S_HOSTAGE : step == RONIN ? S_RONIN : S_POETS;
}

// war.advance: automatic steps until a decision is needed or the War Phase is over
void advance_war(const Rules& r, War& s) {
  while (!s.over) {
    if (s.step == NONE) {
      if (s.at >= s.f->wars.size()) {
        finish(r, s);
        return;
      }
      start_war(r, s);
      continue;
    }
    if (s.step == BID) {
      for (int p : s.participants)
        if (!s.has_bid[p]) return;
      s.step = SEPPUKU;
      continue;
    }
    if (s.step == SEPPUKU || s.step == HOSTAGE || s.step == RONIN || s.step == POETS) {
      int slot = step_slot(s.step);
      if (!s.slot_known[slot]) {
        s.slot_winner[slot] = slot_winner(s, slot);
        s.slot_known[slot] = 1;
      }
      int w = s.slot_winner[slot];
      if (w >= 0 && slot_usable(r, s, slot, w)) return;
      s.step = s.step == RONIN ? OUTCOME : s.step == POETS ? REPARATIONS : s.step + 1;
      continue;
    }
    if (s.step == OUTCOME) {
      outcome(r, s);
      s.step = POETS;
      continue;
    }
    if (s.step == REPARATIONS) {
      if (odd_coins_of(s) && losers_of(s).size() > 1) return;
      reparations(s, {});
      continue;
    }
  }
}

}  // namespace

Small<Figure, MAX_FIGURES> hostage_targets(const Rules& r, const War& s, int seat) { return targets_of(r, s, seat); }
Seats losers(const War& s) { return losers_of(s); }
int odd_coins(const War& s) { return odd_coins_of(s); }
void advance(const Rules& r, War& s) { advance_war(r, s); }

// war.do_move, then war.advance
void apply_move(const Rules& r, War& s, int seat, const Move& m) {
  switch (m.verb) {
    case V_BID:
      s.bids[seat] = m.amounts;
      s.has_bid[seat] = 1;
      s.coins[seat] -= bid_total(m.amounts);
      break;
    case V_DECLINE:
      s.step = s.step == SEPPUKU ? HOSTAGE : s.step == HOSTAGE ? RONIN : s.step == RONIN ? OUTCOME : REPARATIONS;
      break;
    case V_SEPPUKU: {
      int prov = s.province();
      Small<int, MAX_FIGURES> mine;
      for (const auto& f : s.figures)
        if (f.province == prov && f.owner == seat) mine.push_back(f.number);
      int k = mine.size();
      kill(s, mine);
      s.vp[seat] += r.seppuku_vp * k;
      gain_honor(s, seat, r.seppuku_honor * k);
      s.step = HOSTAGE;
      break;
    }
    case V_HOSTAGE: {
      auto it = std::find_if(s.figures.begin(), s.figures.end(), [&](const Figure& f) { return f.number == m.amounts[0]; });
      int owner = it->owner;
      std::copy(it + 1, s.figures.end(), it);
      s.figures.len -= 1;
      int took = std::min(r.hostage_vp, s.vp[owner]);
      s.vp[owner] -= took;
      s.vp[seat] += took;
      s.step = RONIN;
      break;
    }
    case V_HIRE:
      s.hired[seat] = s.ronin_count(seat);
      s.step = OUTCOME;
      break;
    case V_POETS:
      s.vp[seat] += r.poets_vp * s.battle_killed;
      s.step = REPARATIONS;
      break;
    case V_REMAINDER:
      reparations(s, m.extra);
      break;
  }
  advance_war(r, s);
}

// ------------------------------------------------------------------ the heuristic bot (heuristic.py)
namespace {

double win_value(const Rules& r, const War& s, int seat) {
  int before = token_total(r, s.token_vp[seat], s.token_provinces[seat]);
  int after = token_total(r, s.token_vp[seat] + s.f->season, s.token_provinces[seat] | (1u << s.province()));
  return static_cast<double>(after - before);
}

int battles_ahead(const Rules& r, const War& s, int seat) {
  int k = 0;
  for (int i = s.at + 1; i < s.f->wars.size(); ++i) {
    int prov = s.f->wars[i];
    Seats have;
    for (int p = 0; p < s.n; ++p)
      if (s.force(r, prov, p) > 0) have.push_back(p);
    if (!in(have, seat)) continue;
    for (int q : have)
      if (q != seat && !s.allied(q, seat)) {
        ++k;
        break;
      }
  }
  return k;
}

std::array<double, 4> slot_values(const Rules& r, const War& s, int seat) {
  int prov = s.province();
  int mine = figures_in_count(s, prov, seat);
  int my_force = s.force(r, prov, seat);
  int top = 0;
  bool any = false;
  for (int p : s.participants) {
    if (p == seat) continue;
    int f = s.force(r, prov, p);
    if (!any || f > top) top = f;
    any = true;
  }
  int ronin = !s.f->koi[seat] ? s.f->ronin[seat] : std::max(0, s.coins[seat] / 2);
  bool can_win = my_force + ronin >= top;
  double win = win_value(r, s, seat);
  bool allied_top = false;
  for (int p : s.participants)
    if (s.allied(p, seat) && s.force(r, prov, p) >= top) allied_top = true;
  bool doomed = !can_win && !allied_top;
  double seppuku = doomed ? static_cast<double>(mine) * (static_cast<double>(r.seppuku_vp) + 0.3) : 0.0;
  bool targets = false;
  for (const auto& f : s.figures)
    if (f.province == prov && f.owner != seat && in(s.participants, f.owner) && r.hostage_allowed[f.kind] && !s.allied(f.owner, seat))
      targets = true;
  double hostage = targets ? static_cast<double>(r.hostage_vp) + (can_win ? win * 0.5 : 0.0) : 0.0;
  double hire = ronin && can_win ? win * ((my_force < top && top <= my_force + ronin) ? 1.0 : 0.5) : 0.0;
  int figs_here = 0;
  for (const auto& f : s.figures)
    if (f.province == prov) ++figs_here;
  double poets = 0.5 * static_cast<double>(r.poets_vp) * static_cast<double>(std::max(0, figs_here - mine)) /
                 static_cast<double>(std::max(1, s.participants.size() - 1));
  return {seppuku, hostage, hire, poets};
}

// WarHeuristicBot.leader: the participant that would win on the Force now on the board
int leader(const Rules& r, const War& s) {
  int prov = s.province();
  std::array<int, MAX_SEATS> forces{};
  int best = 0;
  for (int i = 0; i < s.participants.size(); ++i) {
    forces[i] = s.force(r, prov, s.participants[i]);
    if (i == 0 || forces[i] > best) best = forces[i];
  }
  Seats top;
  for (int i = 0; i < s.participants.size(); ++i)
    if (forces[i] == best) top.push_back(s.participants[i]);
  return higher_honor(s, top);
}

}  // namespace

std::array<int, 4> Heuristic::bid(const Rules& r, const War& s, int seat) {
  int coins = s.coins[seat];
  int parts = 1 + battles_ahead(r, s, seat);
  int budget = (coins + parts - 1) / parts;  // -(-coins // parts), coins >= 0
  auto values = slot_values(r, s, seat);
  double total = py_sum(values.data(), 4);
  std::array<int, 4> amounts{};
  if (total > 0 && budget > 0) {
    int given = 0;
    for (int i = 0; i < 4; ++i) {
      amounts[i] = static_cast<int>(static_cast<double>(budget) * values[i] / total);
      given += amounts[i];
    }
    int spare = budget - given;
    // sorted(range(4), key=lambda i: (-values[i], rng.below(4))): the four keys drawn in slot order, a stable sort
    std::array<std::pair<double, uint64_t>, 4> key;
    for (int i = 0; i < 4; ++i) key[i] = {-values[i], rng.below(4)};
    std::array<int, 4> order = {0, 1, 2, 3};
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return key[a] < key[b]; });
    for (int i : order) {
      if (spare <= 0) break;
      if (values[i] > 0) {
        amounts[i] += 1;
        spare -= 1;
      }
    }
  }
  return amounts;
}

Move Heuristic::choose(const Rules& r, const War& s, int seat) {
  Move m;
  if (s.step == BID) {
    m.verb = V_BID;
    m.amounts = bid(r, s, seat);
    return m;
  }
  if (s.step == SEPPUKU) {
    int w = leader(r, s);
    m.verb = (w == seat || s.allied(w, seat)) ? V_DECLINE : V_SEPPUKU;
    return m;
  }
  if (s.step == HOSTAGE) {
    m.verb = V_DECLINE;
    double score = 0.0;
    for (const auto& f : targets_of(r, s, seat)) {
      if (s.allied(f.owner, seat)) continue;
      int val = f.force + (s.vp[f.owner] ? 1 : 0) + (f.owner == leader(r, s) ? 1 : 0);
      if (val > score) {
        m.verb = V_HOSTAGE;
        m.amounts = {f.number, 0, 0, 0};
        score = val;
      }
    }
    return m;
  }
  if (s.step == RONIN) {
    m.verb = V_HIRE;
    return m;
  }
  if (s.step == POETS) {
    m.verb = V_POETS;
    return m;
  }
  // REPARATIONS: combinations of the losers by Honor, the first with the most allies, then the fewest VP
  Seats lost = losers_of(s);
  std::stable_sort(lost.begin(), lost.end(), [&](int a, int b) { return s.rank(a) < s.rank(b); });
  int k = odd_coins_of(s);
  int size = lost.size();
  std::array<int, MAX_SEATS> idx{};
  std::iota(idx.begin(), idx.begin() + k, 0);
  bool have = false;
  std::pair<int, int> best{};
  m.verb = V_REMAINDER;
  while (true) {
    int allies = 0, points = 0;
    for (int j = 0; j < k; ++j) {
      allies += s.allied(lost[idx[j]], seat) ? 1 : 0;
      points += s.vp[lost[idx[j]]];
    }
    std::pair<int, int> key{-allies, points};
    if (!have || key < best) {
      have = true;
      best = key;
      m.extra.clear();
      for (int j = 0; j < k; ++j) m.extra.push_back(lost[idx[j]]);
    }
    // the next combination in itertools.combinations order
    int i = k - 1;
    while (i >= 0 && idx[i] == i + size - k) --i;
    if (i < 0) break;
    ++idx[i];
    for (int j = i + 1; j < k; ++j) idx[j] = idx[j - 1] + 1;
  }
  return m;
}

// regret._payoff
void payoff(const Rules& r, const War& w, const std::array<int, 4>* joint, double margin, double* out) {
  War c = w;
  Move bid;
  bid.verb = V_BID;
  const Seats parts = w.participants;
  for (int i = 0; i < parts.size(); ++i) {
    bid.amounts = joint[i];
    apply_move(r, c, parts[i], bid);
  }
  Small<Heuristic, MAX_SEATS> bots;
  for (int p = 0; p < c.n; ++p) bots.push_back(Heuristic(static_cast<uint64_t>(p)));
  while (!c.over) {
    for (int q : c.to_act()) {
      auto now = c.to_act();
      if (in(now, q)) apply_move(r, c, q, bots[q].choose(r, c, q));
    }
  }
  for (int i = 0; i < parts.size(); ++i) {
    int p = parts[i];
    int rival = 0;
    bool any = false;
    for (int q = 0; q < c.n; ++q) {
      if (q == p) continue;
      if (!any || c.totals[q] > rival) rival = c.totals[q];
      any = true;
    }
    double win = p == c.result_winner ? 1.0 : 0.0;
    out[i] = win + margin * static_cast<double>(c.totals[p] - rival);
  }
}

}  // namespace daimyo::risingsun
