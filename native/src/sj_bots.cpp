// Senjutsu's heuristic bot (daimyo/bots/senjutsu/heuristic.py) and the playout of its search (smmcts.py's
// `_rollout`, `_hand_value`), natively: the same scores bit for bit (no fused multiply-add: CMakeLists.txt), the same
// draws of the bot's generator, so the same choices.
#include "sj_bots.hpp"

#include <algorithm>
#include <cmath>

namespace daimyo::sj {

namespace {

double damage(int effect) {
  switch (effect) {
    case E_WOUND: return 1.0;
    case E_WOUND2: return 2.0;
    case E_BLEEDING: return 1.4;
    case E_STUN: return 0.8;
    case E_HOBBLE: return 0.5;
    case E_POISON: return 0.7;
    case E_EXECUTION: return 20.0;
    case E_ASTERISK: return 0.5;
    case E_ADVANTAGE: return 0.2;
    default: return 0.0;   // target
  }
}

double hurt(const State& s, const Duellist& d) {
  if (d.defeated) return 100.0;
  const Character& c = s.cs->characters[d.character];
  return 10.0 * (d.wounds + d.bleeding) / c.wound_limit + 4.0 * d.stuns / c.hand_limit + 0.3 * static_cast<double>(d.hobbles.size());
}

Frame card_frame(int seat, const Card& card, int card_index, int line) {
  Frame f;
  f.seat = seat, f.card = card_index, f.initiative = card.hi, f.own = true, f.line = line;
  for (const Line& ln : card.lines) f.lines.push_back({&ln, false});
  return f;
}

int first_line(const Card& card, int kind) {
  for (size_t k = 0; k < card.lines.size(); ++k)
    if (card.lines[k].kind == kind) return static_cast<int>(k);
  return -1;
}

double attack_value(const State& s, int seat, int ci) {
  const Card& card = s.card(ci);
  int atk = first_line(card, K_ATTACK);
  if (atk < 0) return 0.2;
  int move = first_line(card, K_MOVE);
  std::vector<std::pair<Hex, int>> spots{{s.ds[seat].pos, s.ds[seat].facing}};
  if (move >= 0 && move < atk) {
    Frame f = card_frame(seat, card, ci, move);
    std::vector<std::pair<Hex, int>> ends;
    for (auto& r : line_plans(s, seat, card.lines[move], f))
      if (r.hit < 0) ends.push_back({r.pos, r.facing});
    if (!ends.empty()) spots = ends;
  }
  const Line& a = card.lines[atk];
  double best = 0.0;
  for (auto& [pos, facing] : spots) {
    double value;
    if (a.grid) {
      value = 0.0;
      bool hit = false;
      for (auto& [h, effs] : grid_hexes(s, a, pos, facing)) {
        int o = occupant(s, h);
        if (o < 0 || o == seat) continue;
        hit = true;
        for (int e : *effs) value += damage(e);
      }
      value += hit ? 0.5 : 0.0;
    } else {
      value = ranged_targets(s, seat, a, card.hi, pos, facing).empty() ? 0.0 : 1.2;
    }
    best = std::max(best, value);
  }
  return best != 0.0 ? best + card.hi / 20.0 : 0.1;
}

double place_score(const State& s, int seat, int code) {
  Hex pos = place_hex(code);
  int facing = code % 8;
  std::vector<Hex> others;
  for (int i = 0; i < s.n(); ++i)
    if (i != seat && s.ds[i].placed) others.push_back(s.ds[i].pos);
  if (others.empty()) return -distance(pos, {0, 0});
  Hex t = others[0];
  for (const Hex& o : others)
    if (distance(pos, o) < distance(pos, t)) t = o;
  return -distance(neighbour(pos, facing), t);
}

}  // namespace

double evaluate_state(const State& s, int seat) {
  if (s.result) {
    const auto& r = *s.result;
    if (std::find(r.begin(), r.end(), seat) != r.end()) return 1000.0 / static_cast<double>(r.size());
    return -1000.0;
  }
  const Duellist& mine = s.ds[seat];
  double score = -hurt(s, mine) + 0.2 * mine.focus;
  for (int i = 0; i < s.n(); ++i) {
    if (i == seat) continue;
    const Duellist& d = s.ds[i];
    score += hurt(s, d);
    if (d.defeated || !mine.placed || !d.placed) continue;
    int dist = distance(mine.pos, d.pos);
    if (distance(neighbour(mine.pos, mine.facing), d.pos) < dist) score += 0.3;
    score -= 0.15 * dist;
  }
  return score;
}

double card_score(const State& s, int seat, int act) {
  const Duellist& d = s.ds[seat];
  std::vector<Hex> enemies;
  for (int i = 0; i < s.n(); ++i)
    if (i != seat && !s.ds[i].defeated) enemies.push_back(s.ds[i].pos);
  int near = 9;
  if (!enemies.empty()) {
    near = distance(d.pos, enemies[0]);
    for (const Hex& p : enemies) near = std::min(near, distance(d.pos, p));
  }
  if (act == STATUS_STUN || act == STATUS_POISON) return 0.5;
  int ci = act;
  const Card& card = s.card(ci);
  double score = 0.0;
  if (card.type == ATTACK) {
    score += attack_value(s, seat, ci);
  } else if (card.type == DEFENCE) {
    score += near <= 2 ? 1.6 : 0.2;
    if (first_line(card, K_MOVE) >= 0) score += near > 2 ? 0.4 : 0.6;
  } else {
    score += near > 2 ? 1.0 : 0.3;
    if (first_line(card, K_GAIN_FOCUS) >= 0 && d.focus < 3) score += 0.3;
  }
  int move_line = first_line(card, K_MOVE);
  if (move_line >= 0 && card.type != ATTACK && !enemies.empty()) {
    Frame f = card_frame(seat, card, ci, move_line);
    int closest = -1;
    for (auto& r : line_plans(s, seat, card.lines[move_line], f)) {
      if (r.hit >= 0) continue;
      int m = distance(r.pos, enemies[0]);
      for (const Hex& e : enemies) m = std::min(m, distance(r.pos, e));
      closest = closest < 0 ? m : std::min(closest, m);
    }
    if (closest >= 0) score += 0.3 * (near - closest);
  }
  if (card.core) score -= 0.1;
  return score;
}

int heuristic_choose(const State& s, int seat, Rng& rng) {
  auto moves = legal_acts(s, seat);
  if (moves.size() == 1) return moves[0];
  double best_score = 0;
  uint64_t best_draw = 0;
  size_t best = SIZE_MAX;
  for (size_t k = 0; k < moves.size(); ++k) {
    double score;
    if (s.phase == PH_CHOOSE) {
      score = card_score(s, seat, moves[k]);
    } else if (s.phase == PH_PLACE) {
      score = place_score(s, seat, moves[k]);
    } else {
      State c = s;
      c.record = false;
      apply_act(c, seat, moves[k]);
      score = evaluate_state(c, seat);
    }
    uint64_t draw = rng.next64();
    if (best == SIZE_MAX || score > best_score ||
        (score == best_score && (draw > best_draw || (draw == best_draw && act_text(s, seat, moves[k]) > act_text(s, seat, moves[best]))))) {
      best_score = score, best_draw = draw, best = k;
    }
  }
  return moves[best];
}

double hand_value(const State& s, int j) {
  if (s.ds[j].defeated) return 0.0;
  double best = 0.0;
  bool any = false;
  for (int m : legal_acts(s, j)) {
    double v = card_score(s, j, m);
    if (!any || v > best) best = v, any = true;
  }
  return any ? best : 0.0;
}

std::vector<double> rollout(State& w, int start_turn, int horizon, Rng& rng, double hand_weight, double score_scale,
                            int max_actions) {
  bool record = w.record;
  w.record = false;
  int steps = 0;
  auto none_chosen = [&] {
    for (int c : w.chosen)
      if (c != NO_CARD) return false;
    return true;
  };
  while (w.phase != PH_OVER && steps < max_actions) {
    if (w.phase == PH_CHOOSE && w.turn >= start_turn + horizon && none_chosen()) break;
    int j = to_act(w)[0];
    apply_act(w, j, heuristic_choose(w, j, rng));
    ++steps;
  }
  w.record = record;
  int n = w.n();
  std::vector<double> out(n, 0.0);
  if (w.phase == PH_OVER) {
    for (int i : *w.result) out[i] = 1.0 / static_cast<double>(w.result->size());
    return out;
  }
  std::vector<double> scores(n);
  for (int j = 0; j < n; ++j) scores[j] = evaluate_state(w, j);
  if (hand_weight != 0.0 && w.phase == PH_CHOOSE) {
    std::vector<double> hands(n);
    for (int j = 0; j < n; ++j) hands[j] = hand_value(w, j);
    for (int j = 0; j < n; ++j) {
      double rival = 0.0;
      bool any = false;
      for (int o = 0; o < n; ++o)
        if (o != j && (!any || hands[o] > rival)) rival = hands[o], any = true;
      scores[j] += hand_weight * (hands[j] - rival);
    }
  }
  for (int j = 0; j < n; ++j) out[j] = 1.0 / (1.0 + std::exp(-scores[j] / score_scale));
  return out;
}

State determinize(const State& s, int seat, Rng& rng) {
  State w = s;
  w.rng = GameRng(rng.next64());
  for (int j = 0; j < w.n(); ++j) {
    Duellist& d = w.ds[j];
    if (j == seat) {
      std::sort(d.deck.begin(), d.deck.end());
      rng.shuffle(d.deck);
      continue;
    }
    w.chosen[j] = NO_CARD;
    std::vector<int> cores, pool;
    for (int c : d.hand) (contains(d.core, c) ? cores : pool).push_back(c);
    size_t in_hand = pool.size();
    pool.insert(pool.end(), d.deck.begin(), d.deck.end());
    for (const auto& [c, face_down] : d.discard)
      if (face_down) pool.push_back(c);
    std::sort(pool.begin(), pool.end());
    rng.shuffle(pool);
    d.hand = cores;
    d.hand.insert(d.hand.end(), pool.begin(), pool.begin() + static_cast<std::ptrdiff_t>(in_hand));
    std::vector<int> rest(pool.begin() + static_cast<std::ptrdiff_t>(in_hand), pool.end());
    for (auto& slot : d.discard)
      if (slot.second) {
        slot.first = rest.back();
        rest.pop_back();
      }
    d.deck = std::move(rest);
  }
  return w;
}

}  // namespace daimyo::sj
