// heuristic.py RokuganHeuristicBot, native: choose, score_moves, quick_choose, standing, token_value, the
// Setup choices and Clans: Scorpion, Unicorn and Dragon. The placement scores are heuristic_board.cpp's; the
// Upkeep cards' are heuristic_cards.cpp's. Every draw from the bot's Rng is the Python bot's, in its order.
#include <cmath>
#include <stdexcept>
#include <string>

#include "heuristic_board.hpp"
#include "scoring.hpp"

namespace daimyo {

namespace {

// heuristic.py CLAN_PREFERENCE: the clans in the order the bot prefers them (Setup 3)
const char* const CLAN_PREFERENCE[] = {"crab", "lion", "crane", "scorpion", "dragon", "phoenix", "unicorn"};

double clan_preference(const Rules& R, int clan) {
  for (int i = 0; i < 7; ++i)
    if (R.clan_names[clan] == CLAN_PREFERENCE[i]) return -static_cast<double>(i);
  throw std::invalid_argument("heuristic: clan '" + R.clan_names[clan] + "' is not in CLAN_PREFERENCE");
}

bool adjacent(const Rules& R, int p, int q) {
  for (int r : R.adjacent[p])
    if (r == q) return true;
  return false;
}

// heuristic.py _objective_chance (Setup 5): how likely and how rich a secret objective looks for this clan
double objective_chance(const State& s, int seat, int oid) {
  const Rules& R = *s.rules;
  const Rules::Objective& o = R.objectives[oid];
  const double honor = o.honor;
  const int clan = s.clans[seat];
  switch (o.condition) {
    case Rules::Objective::TerritoryHold: {
      if (R.territory_names[o.territory] == R.clan_names[clan]) return honor * 0.9;
      const int cap = o.capital, mine = R.capital[clan];
      bool near = adjacent(R, mine, cap);
      for (int q : R.adjacent[cap]) near = near || adjacent(R, mine, q);
      return honor * (near ? 0.45 : 0.2);
    }
    case Rules::Objective::Coastal: return honor * (R.coastal[R.capital[clan]] ? 0.6 : 0.4);
    case Rules::Objective::FewestProvinces: return honor * 0.15;
    case Rules::Objective::ProvincesAll: {
      const int mine = R.capital[clan];
      int close = 0;
      for (int x : o.provinces_list) close += x == mine || adjacent(R, mine, x);
      return honor * (0.2 + 0.25 * close / static_cast<double>(o.provinces_list.size()));
    }
    default: return honor * 0.4;
  }
}

// heuristic.py _control_spot (Setup 10): where to put a starting control token
double control_spot(const State& s, int seat, int p) {
  const Rules& R = *s.rules;
  double v = R.flowers[p] * 0.8 + R.printed_defense[p] * 0.6;
  int near_mine = 0, near_others = 0;
  for (int q : R.adjacent[p]) {
    near_mine += s.owner[q] == seat;
    near_others += s.owner[q] >= 0 && s.owner[q] != seat;
  }
  v += 1.5 * near_mine;
  const int terr = R.province_territory[p];
  // the territory's clan (board.json) is the clan whose capital lies in it
  if (R.province_territory[R.capital[s.clans[seat]]] == terr) v += 2.0;
  if (R.territory_shadowlands[terr]) v -= 1.5;
  bool only_mine = true;
  for (int q : R.territory_provinces[terr])
    if (q != p && s.owner[q] != seat) only_mine = false;
  if (only_mine) v += 1.0;
  v += 0.8 * near_others * -1;
  double bonus[Rules::MAX_PROVINCES];
  objective_bonus(s, seat, bonus);
  v += bonus[p] * 0.5;
  return v;
}

const BoardToken& board_token(const State& s, int number) {
  const int i = s.token_index(number);
  if (i < 0) throw std::invalid_argument("there is no combat token #" + std::to_string(number) + " on the board");
  return s.tokens[i];
}

// heuristic.py _looks: Scorpion looks at the token that threatens it most
Scored looks(const State& s, int seat, const std::vector<Move>& moves) {
  Board b(s, seat);
  Scored out;
  for (const Move& m : moves) {
    if (m.verb == Move::Pass) {
      out.emplace_back(0.0, m);
      continue;
    }
    char role;
    const int p = token_place(s, board_token(s, m.arg), &role);
    out.emplace_back(0.1 + (p >= 0 ? std::fabs(b.base(p)) : 0.0), m);
  }
  return out;
}

// heuristic.py _swaps: Unicorn swaps two of its tokens when the board estimate improves
Scored swaps(const State& s, int seat, const std::vector<Move>& moves) {
  const double b0 = Board(s, seat).total();
  Scored out;
  for (const Move& m : moves) {
    if (m.verb == Move::Pass) {
      out.emplace_back(0.0, m);
      continue;
    }
    State c = s;
    const int i1 = c.token_index(m.arg), i2 = c.token_index(m.a);
    if (i1 < 0 || i2 < 0) throw std::invalid_argument("heuristic: a swap names two combat tokens on the board");
    BoardToken& t1 = c.tokens[i1];
    BoardToken& t2 = c.tokens[i2];
    std::swap(t1.place, t2.place);
    std::swap(t1.site, t2.site);
    std::swap(t1.attacked, t2.attacked);
    out.emplace_back(Board(c, seat).total() - b0 - 0.05, m);
  }
  return out;
}

}  // namespace

double standing(const State& s, int seat) {
  const Rules& R = *s.rules;
  const int n = s.n;
  double score[MAX_SEATS] = {};
  for (int p = 0; p < R.n_provinces(); ++p) {
    const int o = s.owner[p];
    if (o < 0) continue;
    const int sp = s.special[p];
    const int flowers = (sp >= 0 && sp == R.honor_4 ? 4 : R.flowers[p]) + (sp >= 0 ? R.special_honor[sp] : 0);
    score[o] += flowers + (R.shadowlands[p] ? 0 : s.up[p]) + 0.3;
  }
  for (int t = 0; t < static_cast<int>(R.territory_names.size()); ++t) {
    if (R.territory_shadowlands[t]) continue;
    const int c = s.territory_controller(t);
    if (c >= 0) score[c] += 5;
  }
  const int oid = s.objective[seat];
  if (oid >= 0) {
    const ScoringBoard b = s.scoring_board();
    if (objective_met(b, seat, oid)) score[seat] += R.objectives[oid].honor;
  }
  if (n == 2) return score[seat] - score[1 - seat];
  double most = 0.0, sum = 0.0;
  bool first = true;
  for (int q = 0; q < n; ++q) {
    if (q == seat) continue;
    if (first || score[q] > most) most = score[q];
    first = false;
    sum += score[q];
  }
  return score[seat] - 0.6 * most - 0.4 * sum / (n - 1);
}

double token_value(const State& s, int seat, int clan_token) {
  const Rules& R = *s.rules;
  const int clan = s.clans[seat];
  const int k = R.clan_token_code_id[clan][clan_token];  // the first of the clan's tokens with its code
  const int strength = R.clan_token_strength[clan][k];
  switch (R.clan_token_kinds[clan][k]) {
    case Rules::Army: return strength;
    case Rules::Navy: return 0.8 * strength;
    case Rules::Shinobi: return 1.2 + strength;
    case Rules::Blessing: return 2.0;
    case Rules::Diplomacy:
    case Rules::Raid: return 1.8;
    default: return 5.0;  // the bluff
  }
}

Move Heuristic::choose(const State& s, int seat) {
  const std::vector<Move> moves = s.legal_moves(seat);
  if (moves.size() == 1) return moves[0];
  const Scored scored = score_moves(s, seat, moves);
  double best = scored.at(0).first;
  for (const auto& [v, m] : scored)
    if (v > best) best = v;
  std::vector<Move> top;
  for (const auto& [v, m] : scored)
    if (v >= best - 1e-9) top.push_back(m);
  return top.size() == 1 ? top[0] : top[rng.next64() % top.size()];
}

Scored Heuristic::score_moves(const State& s, int seat, const std::vector<Move>& moves) {
  const Rules& R = *s.rules;
  Scored out;
  // the decision pending last (State::to_act's order)
  if (!s.dragon_return.empty()) {
    for (const Move& m : moves) out.emplace_back(-token_value(s, seat, m.arg), m);
    return out;
  }
  if (s.scorpion_look >= 0) return looks(s, seat, moves);
  if (s.unicorn_swap >= 0) return swaps(s, seat, moves);
  if (s.card.seat >= 0) return card_step(s, seat, moves);
  switch (s.phase) {
    case Phase::SetupClans:
      for (const Move& m : moves) out.emplace_back(clan_preference(R, m.arg), m);
      return out;
    case Phase::SetupObjectives:
      for (const Move& m : moves) out.emplace_back(objective_chance(s, seat, m.arg), m);
      return out;
    case Phase::SetupControl:
      for (const Move& m : moves) out.emplace_back(control_spot(s, seat, m.arg), m);
      return out;
    case Phase::Upkeep: return upkeep(s, seat, moves);
    case Phase::Placement: {
      PlacementContext ctx(s, seat);
      for (const Move& m : moves) {
        const double v = place_value(ctx, m, rng);
        out.emplace_back(v, m);
      }
      return out;
    }
    default:
      for (const Move& m : moves) out.emplace_back(0.0, m);
      return out;
  }
}

Move Heuristic::quick_choose(const State& s, int seat, int sample) {
  std::vector<Move>& moves = moves_;  // kept between calls: a search's playouts choose at every step
  s.legal_moves(seat, moves);
  if (s.pending() || s.phase != Phase::Placement) {
    if (s.phase == Phase::Upkeep && !s.pending()) {
      if (rng.below(4) == 0) return moves[rng.next64() % moves.size()];
      return Move{Move::Pass, 0};
    }
    return moves.size() == 1 ? moves[0] : choose(s, seat);
  }
  const size_t n = moves.size();
  const std::vector<Move>* picks = &moves;
  if (n > static_cast<size_t>(std::max(sample, 0))) {
    picks_.clear();
    for (int i = 0; i < sample; ++i) picks_.push_back(moves[rng.below(n)]);
    picks = &picks_;
  }
  PlacementContext ctx(s, seat);
  Move best = picks->at(0);
  double best_v = -1e9;
  for (const Move& m : *picks) {
    const double v = place_value(ctx, m, rng);
    if (v > best_v) {
      best = m;
      best_v = v;
    }
  }
  return best;
}

}  // namespace daimyo
