// Range and Line of Sight (targeting.py), Movement (movement.py), Attacking, Blocking and Countering (attacks.py):
// the line handlers of resolution.py's table for these kinds, step for step. A handler takes its frame by its place
// in the stack (`fi`), as in sj_lines.cpp.
#include <algorithm>
#include <stdexcept>

#include "sj_lines.hpp"

#define EMIT(kind, ...) do { if (s.record) out.push_back(Event{kind, __VA_ARGS__}); } while (0)
#define F (s.stack[fi])

namespace daimyo::sj {

static const char* const TERRAIN_NAMES_INTO[3] = {"edge", "terrain", "character"};
// the effects of running into each terrain kind (records.TERRAIN), in TERRAIN_KINDS order
static const std::vector<int> TERRAIN_EFFECTS[6] = {
    {E_WOUND}, {E_WOUND}, {E_WOUND}, {E_WOUND}, {E_WOUND, E_STUN}, {E_WOUND, E_BLEEDING}};


// ---------------------------------------------------------------- targeting.py
std::vector<std::pair<Hex, const std::vector<int>*>> grid_hexes(const State&, const Line& line, Hex pos,
                                                                       int facing) {
  std::vector<std::pair<Hex, const std::vector<int>*>> out;
  for (const Cell& c : line.cells) {
    Hex h = cell_hex(pos, facing, c.offset);
    bool found = false;
    for (auto& [x, effs] : out)
      if (x == h) effs = &c.effects, found = true;   // a dict: the first place, the last value
    if (!found) out.push_back({h, &c.effects});
  }
  return out;
}

std::vector<int> ranged_targets(const State& s, int seat, const Line& line, int initiative, Hex pos, int facing) {
  std::vector<int> out;
  for (int j : live(s)) {
    if (j == seat) continue;
    const Duellist& t = s.ds[j];
    if (line.attack_range >= 0 && distance(pos, t.pos) > line.attack_range) continue;
    if (!line_of_sight(pos, facing, t.pos, s)) continue;
    if (line.lower && (!s.played[j] || s.played[j]->lowest >= initiative)) continue;
    out.push_back(j);
  }
  return out;
}

bool would_target(const State& s, int seat, const Line& line, int initiative, Hex pos, int facing) {
  if (line.grid) {
    for (auto& [h, _e] : grid_hexes(s, line, pos, facing)) {
      int o = occupant(s, h);
      if (o >= 0 && o != seat) return true;
    }
    return false;
  }
  return !ranged_targets(s, seat, line, initiative, pos, facing).empty();
}

// ---------------------------------------------------------------- movement.py
struct Walk {
  Hex pos;
  int facing;
  int hit;   // the index of the colliding atom, -1 none
  Hex at;
};

static Walk walk(const State& s, int mover, Hex pos, int facing, const std::vector<int>& plan) {
  for (size_t i = 0; i < plan.size(); ++i) {
    int a = plan[i];
    if (a == A_L) facing = (facing + 5) % 6;
    else if (a == A_R) facing = (facing + 1) % 6;
    else {
      Hex nxt = neighbour(pos, facing + ATOM_RELATIVE[a]);
      if (what_is_at(s, nxt, mover) >= 0) return {pos, facing, static_cast<int>(i), nxt};
      pos = nxt;
    }
  }
  return {pos, facing, -1, {}};
}

std::string plan_text(const std::vector<int>& plan) {
  if (plan.empty()) return "-";
  std::string out;
  for (size_t i = 0; i < plan.size(); ++i) out += (i ? " " : "") + std::string(ATOMS[plan[i]]);
  return out;
}

static const Line* next_attack(const Frame& f) {
  for (size_t k = f.line + 1; k < f.size(); ++k)
    if (f.at(k).kind == K_ATTACK) return &f.at(k);
  return nullptr;
}

// Commit to Hit, looking ahead (movement.reaches_target): whether, from pos/facing before line k of the frame, the
// movement lines up to the next attack line (of the current Kamae; one with an optional focus cost only if it can be
// paid, and then it may be skipped) can end where that attack targets another character
static bool reaches_target(const State& s, const Frame& f, size_t k, Hex pos, int facing) {
  const Duellist& d = s.ds[f.seat];
  for (; k < f.size(); ++k) {
    const Line& ln = f.at(k);
    if (ln.kind == K_ATTACK) return would_target(s, f.seat, ln, f.initiative, pos, facing);
    if (ln.kind != K_MOVE || (ln.kamae >= 0 && ln.kamae != d.kamae) || ln.focus > d.focus) continue;
    if (ln.focus > 0 && reaches_target(s, f, k + 1, pos, facing)) return true;
    for (const auto& plan : ln.plans) {
      Walk w = walk(s, f.seat, pos, facing, plan);
      if (w.hit < 0 && reaches_target(s, f, k + 1, w.pos, w.facing)) return true;
    }
    return false;
  }
  return false;
}

// Commit to Hit / Optional Focus Cost (movement.focus_lets_target): the optional focus cost of the movement line F is
// on must be paid, as skipping the line leaves the card's next attack unable to target anyone and moving lets it
bool focus_lets_target(const State& s, const Frame& f) {
  const Duellist& d = s.ds[f.seat];
  size_t k = static_cast<size_t>(f.line);
  return f.own && next_attack(f) && !reaches_target(s, f, k + 1, d.pos, d.facing) && reaches_target(s, f, k, d.pos, d.facing);
}

std::vector<PlanEnd> line_plans(const State& s, int seat, const Line& line, const Frame& f) {
  const Duellist& d = s.ds[seat];
  std::vector<PlanEnd> results, clean, unique;
  for (const auto& plan : line.plans) {
    Walk w = walk(s, seat, d.pos, d.facing, plan);
    results.push_back({&plan, w.pos, w.facing, w.hit, w.at});
  }
  for (auto& r : results)
    if (r.hit < 0) clean.push_back(r);
  const auto& pool = line.mandatory ? (clean.empty() ? results : clean) : clean;
  std::vector<std::vector<int>> prefixes;
  for (auto& r : pool) {
    std::vector<int> prefix;
    if (r.hit >= 0) prefix.assign(r.plan->begin(), r.plan->begin() + r.hit + 1);
    bool dup = false;
    for (size_t k = 0; k < unique.size(); ++k) {
      const PlanEnd& x = unique[k];
      if (x.pos == r.pos && x.facing == r.facing && x.hit == r.hit && (r.hit < 0 || prefixes[k] == prefix)) dup = true;
    }
    if (dup) continue;
    unique.push_back(r);
    prefixes.push_back(prefix);
  }
  if (f.own && next_attack(f)) {
    std::vector<PlanEnd> hitting;
    for (auto& r : unique)
      if (r.hit < 0 && reaches_target(s, f, static_cast<size_t>(f.line) + 1, r.pos, r.facing)) hitting.push_back(r);
    if (!hitting.empty()) unique = hitting;
  }
  return unique;
}

Events line_move(State& s, int fi, const Line& line) {
  std::vector<int> opts;
  for (auto& r : line_plans(s, F.seat, line, F)) opts.push_back(static_cast<int>(r.plan - line.plans.data()));
  return ask(s, fi, F.seat, Q_MOVE, std::move(opts), "Movement");
}

Events collide(State& s, int seat, Hex at, bool own) {
  Events out;
  int kind = what_is_at(s, at, seat);
  EMIT("collision", {{"seat", seat_name(seat)}, {"hex", hex_text(at)}, {"into", TERRAIN_NAMES_INTO[kind]}});
  s.moment += 1;
  if (kind == 0) {
    extend(out, harm(s, seat, E_STUN, "moved off the battlefield"));
  } else if (kind == 1) {
    int t = s.terrain.at(at);
    std::string why = std::string("collided with ") + TERRAIN_KINDS[t];
    for (int effect : TERRAIN_EFFECTS[t]) extend(out, harm(s, seat, effect, why));
    if (t == 4) {
      s.terrain.erase(at);
      EMIT("terrain-removed", {{"hex", hex_text(at)}, {"terrain", TERRAIN_KINDS[t]}});
    }
  } else {
    push_frame(s, engine_frame(seat, K_BUMP, occupant(s, at), 0, false));
  }
  if (own && s.played[seat]) {
    s.played[seat]->stopped = true;
    EMIT("card-stopped", {{"seat", seat_name(seat)}});
  }
  return out;
}

Events plan_chosen(State& s, int fi, int seat, const Line& line, int index) {
  Events out;
  const std::vector<int>& plan = line.plans[index];
  Duellist& d = s.ds[seat];
  Walk w = walk(s, seat, d.pos, d.facing, plan);
  d.pos = w.pos, d.facing = w.facing;
  EMIT("moved", {{"seat", seat_name(seat)}, {"hex", hex_text(w.pos)}, {"facing", FACINGS[w.facing]}, {"plan", plan_text(plan)}});
  advance_line(F);
  if (w.hit >= 0) extend(out, collide(s, seat, w.at, F.own));
  return out;
}

static Events harm_together(State& s, const std::vector<int>& seats, int effect, const char* why) {
  Events out;
  bool deferred = s.defeats_deferred;
  s.defeats_deferred = true;
  for (int j : seats) extend(out, harm(s, j, effect, why));
  s.defeats_deferred = deferred;
  if (!deferred) extend(out, settle(s));
  return out;
}

Events bump_discard_chosen(State& s, int fi, int other, int seat, int card) {
  Events out;
  if (card >= 0) out = discard_card(s, seat, card);
  advance_line(F);
  std::vector<int> hurt{seat};
  if (other >= 0) hurt.push_back(other);
  extend(out, harm_together(s, hurt, E_STUN, "collision"));
  return out;
}

Events line_bump(State& s, int fi, int other) {
  int seat = F.seat;
  std::vector<int> opts = discardable(s, seat);
  if (opts.empty()) return bump_discard_chosen(s, fi, other, seat, -1);
  return ask(s, fi, seat, Q_BUMP, std::move(opts), "Moving into Another Character");
}

// ---------------------------------------------------------------- attacks.py
static Events apply_cell(State& s, int fi, int seat, int j, const std::vector<int>& effects) {
  Events out;
  s.moment += 1;
  for (int eff : effects) {
    if (eff == E_TARGET) continue;
    if (eff == E_ASTERISK) {
      int card = F.card;
      if (card >= 0 && !s.card(card).asterisk.empty()) {
        Frame f = card_lines_frame(seat, card, s.card(card).asterisk, F.initiative, false);
        f.targets = std::vector<int>{j};
        f.success = true;
        f.attacked = true;
        push_frame(s, std::move(f));
      }
      continue;
    }
    extend(out, harm(s, j, eff, "attack", seat));
  }
  return out;
}

static int blocked(const State& s, int attacker, int target, int initiative) {
  Hex a = s.ds[attacker].pos;
  for (const Block& b : s.blocks) {
    if (b.initiative != initiative || s.ds[b.seat].defeated) continue;
    const Duellist& bd = s.ds[b.seat];
    std::vector<Hex> cells;
    for (const Cell& c : b.line->cells) cells.push_back(cell_hex(bd.pos, bd.facing, c.offset));
    if (b.seat == target) {
      std::vector<Hex> crossing = cells;
      for (auto& [h, _k] : s.terrain) crossing.push_back(h);
      if (std::find(cells.begin(), cells.end(), a) != cells.end() || all_shortest_paths_cross(s, a, bd.pos, crossing))
        return b.seat;
    } else if (std::find(cells.begin(), cells.end(), s.ds[target].pos) != cells.end() && s.ds[target].placed) {
      return b.seat;
    }
  }
  return -1;
}

static Events grid_attack(State& s, int fi, const Line& line) {
  Events out;
  int seat = F.seat;
  auto cells = grid_hexes(s, line, s.ds[seat].pos, s.ds[seat].facing);
  struct T { int j; const std::vector<int>* effs; };
  std::vector<T> targeted;
  for (auto& [h, effs] : cells) {
    int j = occupant(s, h);
    if (j >= 0 && j != seat) targeted.push_back({j, effs});
  }
  auto names = [&](const std::vector<int>& seats) {
    std::vector<Val> v;
    for (int j : seats) v.push_back(seat_name(j));
    return Val::list(v);
  };
  std::vector<int> targeted_seats;
  for (auto& t : targeted) targeted_seats.push_back(t.j);
  if (F.attacked_window_line != F.line) {
    F.attacked_window_line = F.line;
    std::vector<int> windows = sorted_unique(targeted_seats);
    std::sort(windows.begin(), windows.end(), [&](int x, int y) { return adv_index(s, x) > adv_index(s, y); });
    std::vector<int> open;
    for (int j : windows)
      if (instants_open(s, j) && owns_instant(s, j, T_WHEN_ATTACKED)) open.push_back(j);
    int initiative = F.initiative;
    for (int j : open) push_frame(s, engine_frame(j, K_PLAIN, T_WHEN_ATTACKED, initiative, false));
    if (!open.empty()) {
      EMIT("attacking", {{"seat", seat_name(seat)}, {"targets", names(targeted_seats)}});
      return out;
    }
  }
  std::vector<T> hit;
  std::vector<std::pair<int, int>> blocked_by;
  bool blockable = F.card >= 0 && s.card(F.card).type == ATTACK;
  for (auto& t : targeted) {
    int b = blockable ? blocked(s, seat, t.j, F.initiative) : -1;
    if (b < 0) hit.push_back(t);
    else blocked_by.push_back({b, t.j});
  }
  F.attacked = true, F.success = !hit.empty();
  std::vector<int> hit_seats, blocked_seats;
  for (auto& t : hit) hit_seats.push_back(t.j);
  for (auto& [_b, j] : blocked_by) blocked_seats.push_back(j);
  F.targets = hit_seats;
  advance_line(F);
  EMIT("attack", {{"seat", seat_name(seat)}, {"targets", names(targeted_seats)}, {"successful", !hit.empty()},
                  {"blocked", names(blocked_seats)}});
  for (auto& [h, effs] : cells) {
    auto t = s.terrain.find(h);
    if (t == s.terrain.end() || t->second != 4) continue;
    bool wounding = false;
    for (int e : *effs) wounding |= e == E_WOUND || e == E_WOUND2 || e == E_BLEEDING;
    if (!wounding) continue;
    s.terrain.erase(t);
    EMIT("terrain-removed", {{"hex", hex_text(h)}, {"terrain", "bamboo"}});
  }
  int initiative = F.initiative;
  if (!hit.empty() && F.own) push_frame(s, engine_frame(seat, K_INSTANT, C_ATTACK_SUCCESSFUL, initiative, true));
  for (auto& t : hit) extend(out, apply_cell(s, fi, seat, t.j, *t.effs));
  std::vector<int> blockers;
  for (auto& [b, _j] : blocked_by) blockers.push_back(b);
  blockers = sorted_unique(blockers);
  std::sort(blockers.begin(), blockers.end(), [&](int x, int y) { return adv_index(s, x) > adv_index(s, y); });
  for (int b : blockers) {
    const Block* blk = nullptr;
    for (const Block& x : s.blocks)
      if (x.seat == b && x.initiative == initiative) { blk = &x; break; }
    Block bk = *blk;
    if (bk.card >= 0) push_frame(s, engine_frame(b, K_INSTANT, C_BLOCK_SUCCESSFUL, initiative, true));
    if (!bk.after.empty()) {
      Frame f;
      f.seat = b, f.card = bk.card, f.initiative = initiative, f.own = false;
      f.lines = bk.after;
      f.targets = std::vector<int>{seat};
      f.success = true, f.attacked = true;
      push_frame(s, std::move(f));
    }
    if (contains(bk.line->counter, initiative)) push_frame(s, engine_frame(b, K_COUNTER, seat, initiative, false));
  }
  return out;
}

Events line_attack(State& s, int fi, const Line& line) {
  Events out;
  int seat = F.seat;
  if (line.grid) return grid_attack(s, fi, line);
  std::vector<int> opts = ranged_targets(s, seat, line, F.initiative, s.ds[seat].pos, s.ds[seat].facing);
  if (opts.empty()) {
    F.attacked = true, F.success = false, F.targets = std::vector<int>{};
    advance_line(F);
    EMIT("attack", {{"seat", seat_name(seat)}, {"targets", Val::list({})}, {"successful", false}});
    return out;
  }
  return ask(s, fi, seat, Q_TARGET, std::move(opts), "Range; Comparative Initiative Attacks");
}

Events target_chosen(State& s, int fi, const Line& line, int seat, int j) {
  Events out;
  F.attacked = true, F.success = true, F.targets = std::vector<int>{j};
  advance_line(F);
  EMIT("attack", {{"seat", seat_name(seat)}, {"targets", Val::list({Val(seat_name(j))})}, {"successful", true}});
  extend(out, apply_cell(s, fi, seat, j, line.effects));
  return out;
}

// the block's 'If Successful' lines follow it on the card; they wait for an attack it stops
std::vector<LineRef> block_after(const Frame& f) {
  std::vector<LineRef> after;
  for (size_t k = f.line + 1; k < f.size(); ++k) {
    if (!f.at(k).if_successful) break;
    after.push_back(f.lines[k]);
  }
  return after;
}

Events line_block(State& s, int fi, const Line& line) {
  Events out;
  int seat = F.seat;
  Block b{seat, F.initiative, &line, NO_CARD, {}};
  b.after = block_after(F);
  if (F.card >= 0 && s.card(F.card).type == DEFENCE) b.card = F.card;
  s.blocks.push_back(b);
  F.attacked = true, F.success = false, F.targets = std::vector<int>{};
  advance_line(F);
  if (s.record) {
    std::vector<Val> cells;
    for (auto& c : line.cell_names) cells.push_back(c);
    EMIT("block", {{"seat", seat_name(seat)}, {"initiative", b.initiative}, {"cells", Val::list(cells)}});
  }
  return out;
}

Events line_counter(State& s, int fi) {
  int seat = F.seat;
  std::vector<int> opts{-1};
  for (int c : discardable(s, seat)) opts.push_back(c);
  if (opts.size() == 1) opts.clear();
  return ask(s, fi, seat, Q_COUNTER, std::move(opts), "Countering");
}

Events counter_chosen(State& s, int fi, int attacker, int seat, int card) {
  Events out;
  advance_line(F);
  if (card < 0) return out;
  out = discard_card(s, seat, card);
  extend(out, harm(s, attacker, E_WOUND, "counter", seat));
  return out;
}

}  // namespace daimyo::sj
