// Resolving Ability Cards (resolution.py) and the handlers of each kind of line and question: movement.py,
// attacks.py, targeting.py, keywords.py, instants.py, kamae.py. A handler takes its frame by its place in the
// stack (`fi`): a frame pushed meanwhile moves the others in memory, never in the stack.
#include <algorithm>
#include <set>
#include <stdexcept>

#include "sj_state.hpp"

#define EMIT(kind, ...) do { if (s.record) out.push_back(Event{kind, __VA_ARGS__}); } while (0)
#define F (s.stack[fi])

namespace daimyo::sj {

bool line_of_sight(Hex viewer, int facing, Hex target, const State& s);
bool all_shortest_paths_cross(const State& s, Hex start, Hex goal, const std::vector<Hex>& crossing);

static const char* const TERRAIN_NAMES_INTO[3] = {"edge", "terrain", "character"};
// the effects of running into each terrain kind (records.TERRAIN), in TERRAIN_KINDS order
static const std::vector<int> TERRAIN_EFFECTS[6] = {
    {E_WOUND}, {E_WOUND}, {E_WOUND}, {E_WOUND}, {E_WOUND, E_STUN}, {E_WOUND, E_BLEEDING}};
static const int FACING_RANK[6] = {0, 1, 4, 3, 5, 2};   // n ne se s sw nw, ranked as their names sort

static bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }
static int adv_index(const State& s, int seat) {
  return static_cast<int>(std::find(s.advantage.begin(), s.advantage.end(), seat) - s.advantage.begin());
}
static int seat_of(const std::string& word) { return std::stoi(word.substr(1)) - 1; }   // "p2" -> 1
static std::string second_word(const std::string& text) {
  size_t sp = text.find(' ');
  size_t end = text.find(' ', sp + 1);
  return text.substr(sp + 1, end == std::string::npos ? std::string::npos : end - sp - 1);
}
static void remove_first(std::vector<int>& v, int x) {
  auto it = std::find(v.begin(), v.end(), x);
  if (it == v.end()) throw std::logic_error("a card to remove is not there");
  v.erase(it);
}

static void advance_line(Frame& f) {
  f.line += 1;
  f.or_choice.reset();
}

static Events discard_card(State& s, int seat, int cid) {
  Events out;
  Duellist& d = s.ds[seat];
  remove_first(d.hand, cid);
  d.discard.push_back({cid, false});
  EMIT("discard", {{"seat", seat_name(seat)}, {"card", s.card(cid).id}});
  return out;
}

static Events ask_now(State& s, int fi, int seat, const char* kind, std::vector<std::string> opts, const char* rule) {
  if (opts.size() == 1) return decided(s, seat, kind, fi, opts[0]);
  s.pending = Question{seat, kind, std::move(opts), rule, fi};
  return {};
}

static Events ask(State& s, int fi, int seat, const char* kind, std::vector<std::string> opts, const char* rule) {
  if (opts.empty()) {
    F.line += 1;
    return {};
  }
  return ask_now(s, fi, seat, kind, std::move(opts), rule);
}

// the line frame `fi` is on (its -OR- option where one is taken); an engine line is copied into `local`
static const Line& current_line(const State& s, int fi, Line& local) {
  const Frame& f = F;
  const Line* lp;
  if (f.is_engine) {
    local = f.engine;
    lp = &local;
  } else {
    lp = f.lines[f.line].line;
  }
  if (f.or_choice) lp = &lp->options[*f.or_choice];
  return *lp;
}

static Frame card_lines_frame(int seat, int card, const std::vector<Line>& lines, int initiative, bool own) {
  Frame f;
  f.seat = seat, f.card = card, f.initiative = initiative, f.own = own;
  for (const Line& ln : lines) f.lines.push_back({&ln, false});
  return f;
}

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

static bool would_target(const State& s, int seat, const Line& line, int initiative, Hex pos, int facing) {
  if (line.grid) {
    for (auto& [h, _e] : grid_hexes(s, line, pos, facing)) {
      int o = occupant(s, h);
      if (o >= 0 && o != seat) return true;
    }
    return false;
  }
  return !ranged_targets(s, seat, line, initiative, pos, facing).empty();
}

// ---------------------------------------------------------------- instants.py
bool instants_open(const State& s, int seat) {   // may_play_instant
  if (used_instant(s, seat) || s.ds[seat].defeated) return false;
  if (!s.played[seat]) return true;
  const Played& e = *s.played[seat];
  return !(e.instant || e.card < 0 || s.card(e.card).core);
}

static bool owns_instant(const State& s, int seat, int when) {
  const auto& ids = s.cs->instant_ids[when];
  if (ids.empty()) return false;
  const Duellist& d = s.ds[seat];
  auto in = [&](int c) { return std::binary_search(ids.begin(), ids.end(), c); };
  for (int c : d.hand) if (in(c)) return true;
  for (int c : d.deck) if (in(c)) return true;
  for (auto& [c, _down] : d.discard) if (in(c)) return true;
  return s.played[seat] && s.played[seat]->card >= 0 && in(s.played[seat]->card);
}

static bool card_open(const State&, const Card& c, const Duellist& d) { return c.kamae < 0 || c.kamae == d.kamae; }

static Events line_additional(State& s, int fi, int cond) {
  int seat = F.seat;
  const Duellist& d = s.ds[seat];
  if (!s.played[seat] || s.played[seat]->instant || used_instant(s, seat) || s.played[seat]->card < 0 ||
      s.card(s.played[seat]->card).core) {
    F.line += 1;
    return {};
  }
  std::vector<std::string> opts{"instant no"};
  for (int c : sorted_unique(d.hand)) {
    const Card& x = s.card(c);
    if (x.instant == I_ADDITIONAL && x.condition == cond && x.focus <= d.focus && card_open(s, x, d))
      opts.push_back("instant " + x.id);
  }
  if (opts.size() == 1) opts.clear();
  return ask(s, fi, seat, "_instant", opts, "Instant Additional Cards");
}

static int pay_instant(State& s, int seat, const std::string& text) {
  int cid = s.cs->index.at(second_word(text));
  Duellist& d = s.ds[seat];
  remove_first(d.hand, cid);
  d.focus -= s.card(cid).focus;
  s.instants_used.push_back(seat);
  s.instants_used = sorted_unique(s.instants_used);
  return cid;
}

static Events additional_chosen(State& s, int fi, int seat, const std::string& text) {
  Events out;
  advance_line(F);
  if (text == "instant no") return out;
  int cid = pay_instant(s, seat, text);
  s.played[seat]->instant = true;
  s.played[seat]->extra.push_back(cid);
  std::optional<std::vector<int>> targets;
  if (s.stack.size() >= 2 && s.stack[s.stack.size() - 2].seat == seat) targets = s.stack[s.stack.size() - 2].targets;
  Frame f = card_lines_frame(seat, cid, s.card(cid).lines, F.initiative, false);
  f.success = targets && !targets->empty();
  f.attacked = targets.has_value();
  f.targets = targets;
  push_frame(s, std::move(f));
  EMIT("instant", {{"seat", seat_name(seat)}, {"card", s.card(cid).id}});
  return out;
}

static Events line_instant(State& s, int fi, int when) {
  int seat = F.seat;
  if (!instants_open(s, seat) || !owns_instant(s, seat, when)) {
    F.line += 1;
    return {};
  }
  const Duellist& d = s.ds[seat];
  std::vector<std::string> opts{"instant no"};
  for (int c : sorted_unique(d.hand)) {
    const Card& x = s.card(c);
    if (x.instant == I_INSTANT && x.play == when && x.focus <= d.focus && card_open(s, x, d)) opts.push_back("instant " + x.id);
  }
  s.pending = Question{seat, "_plain", opts, "Instant Cards", fi};
  return {};
}

static Events instant_chosen(State& s, int fi, int seat, const std::string& text, int when) {
  Events out;
  advance_line(F);
  if (text == "instant no") return out;
  int cid = pay_instant(s, seat, text);
  s.ds[seat].discard.push_back({cid, false});
  if (s.played[seat]) s.played[seat]->instant = true;
  push_frame(s, card_lines_frame(seat, cid, s.card(cid).lines, F.initiative, false));
  EMIT("instant", {{"seat", seat_name(seat)}, {"card", s.card(cid).id}, {"timing", TIMINGS[when]}});
  return out;
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

static std::string plan_text(const std::vector<int>& plan) {
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
  const Line* nxt = next_attack(f);
  if (nxt && f.own) {
    std::vector<PlanEnd> hitting;
    for (auto& r : unique)
      if (r.hit < 0 && would_target(s, seat, *nxt, f.initiative, r.pos, r.facing)) hitting.push_back(r);
    if (!hitting.empty()) unique = hitting;
  }
  return unique;
}

static Events line_move(State& s, int fi, const Line& line) {
  std::vector<std::string> opts;
  for (auto& r : line_plans(s, F.seat, line, F)) opts.push_back("move " + plan_text(*r.plan));
  return ask(s, fi, F.seat, "move", opts, "Movement");
}

static Events collide(State& s, int seat, Hex at, bool own) {
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

static Events plan_chosen(State& s, int fi, int seat, const std::string& text) {
  Events out;
  std::vector<int> plan;
  size_t i = 5;
  while (i < text.size()) {
    size_t j = text.find(' ', i);
    if (j == std::string::npos) j = text.size();
    std::string w = text.substr(i, j - i);
    for (int a = 0; a < 8; ++a)
      if (w == ATOMS[a]) plan.push_back(a);
    i = j + 1;
  }
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

static Events bump_discard_chosen(State& s, int fi, int other, int seat, const std::string& text) {
  Events out;
  if (text != "discard -") out = discard_card(s, seat, s.cs->index.at(second_word(text)));
  advance_line(F);
  std::vector<int> hurt{seat};
  if (other >= 0) hurt.push_back(other);
  extend(out, harm_together(s, hurt, E_STUN, "collision"));
  return out;
}

static Events line_bump(State& s, int fi, int other) {
  int seat = F.seat;
  std::vector<std::string> opts;
  for (int c : discardable(s, seat)) opts.push_back("discard " + s.card(c).id);
  if (opts.empty()) return bump_discard_chosen(s, fi, other, seat, "discard -");
  return ask(s, fi, seat, "_bump", opts, "Moving into Another Character");
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

static Events line_attack(State& s, int fi, const Line& line) {
  Events out;
  int seat = F.seat;
  if (line.grid) return grid_attack(s, fi, line);
  std::vector<std::string> opts;
  for (int j : ranged_targets(s, seat, line, F.initiative, s.ds[seat].pos, s.ds[seat].facing))
    opts.push_back("target " + seat_name(j));
  if (opts.empty()) {
    F.attacked = true, F.success = false, F.targets = std::vector<int>{};
    advance_line(F);
    EMIT("attack", {{"seat", seat_name(seat)}, {"targets", Val::list({})}, {"successful", false}});
    return out;
  }
  return ask(s, fi, seat, "target", opts, "Range; Comparative Initiative Attacks");
}

static Events target_chosen(State& s, int fi, const Line& line, int seat, const std::string& text) {
  Events out;
  int j = seat_of(second_word(text));
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

static Events line_block(State& s, int fi, const Line& line) {
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

static Events line_counter(State& s, int fi) {
  int seat = F.seat;
  std::vector<std::string> opts{"counter no"};
  for (int c : discardable(s, seat)) opts.push_back("counter " + s.card(c).id);
  if (opts.size() == 1) opts.clear();
  return ask(s, fi, seat, "_counter", opts, "Countering");
}

static Events counter_chosen(State& s, int fi, int attacker, int seat, const std::string& text) {
  Events out;
  advance_line(F);
  if (text == "counter no") return out;
  out = discard_card(s, seat, s.cs->index.at(second_word(text)));
  extend(out, harm(s, attacker, E_WOUND, "counter", seat));
  return out;
}

// ---------------------------------------------------------------- keywords.py
static const char* keyword_name(int kind) {
  switch (kind) {
    case K_PUSH: return "push";
    case K_PULL: return "pull";
    default: return "";
  }
}

static std::vector<std::vector<int>> push_paths(const State& s, int seat, int j, int count, bool away) {
  Hex src = s.ds[seat].pos;
  std::vector<std::vector<int>> out;   // facings
  std::vector<int> path;
  std::function<void(Hex, int)> grow = [&](Hex pos, int left) {
    if (!left) {
      out.push_back(path);
      return;
    }
    int reach[6];
    for (int d = 0; d < 6; ++d) reach[d] = [&] { Hex n = neighbour(pos, d); int dq = src.q - n.q, dr = src.r - n.r; return dq * dq + dq * dr + dr * dr; }();
    int best = reach[0];
    for (int d = 1; d < 6; ++d) best = away ? std::max(best, reach[d]) : std::min(best, reach[d]);
    for (int d = 0; d < 6; ++d) {
      if (reach[d] != best) continue;
      Hex h = neighbour(pos, d);
      path.push_back(d);
      if (what_is_at(s, h, j) >= 0) out.push_back(path);
      else grow(h, left - 1);
      path.pop_back();
    }
  };
  grow(s.ds[j].pos, count);
  auto ranked = [](const std::vector<int>& p) {
    std::vector<int> r;
    for (int d : p) r.push_back(FACING_RANK[d]);
    return r;
  };
  std::sort(out.begin(), out.end(), [&](const auto& a, const auto& b) { return ranked(a) < ranked(b); });
  out.erase(std::unique(out.begin(), out.end()), out.end());
  if (out.empty()) out.push_back({});
  return out;
}

static Events next_keyword_target(State& s, int fi, const Line& line) {
  Events out;
  int seat = F.seat;
  while (!F.keyword_targets.empty()) {
    int j = F.keyword_targets.front();
    if (s.ds[j].defeated) {
      F.keyword_targets.erase(F.keyword_targets.begin());
      continue;
    }
    int kind = F.keyword;
    if (kind == K_CANCEL_ACTIVE) {
      F.keyword_targets.erase(F.keyword_targets.begin());
      bool hit = s.played[j] && s.played[j]->card >= 0;
      if (hit && s.played[j]->cancelled != 0) s.played[j]->cancelled = line.n;
      EMIT("cancel-active", {{"seat", seat_name(seat)}, {"target", seat_name(j)},
                             {"cancelled", hit ? Val(line.n == 0 ? "card" : "movement") : Val()}});
      extend(out, next_keyword_target(s, fi, line));
      return out;
    }
    if (kind == K_SWAP) {
      F.keyword_targets.erase(F.keyword_targets.begin());
      std::swap(s.ds[seat].pos, s.ds[j].pos);
      EMIT("swap", {{"seat", seat_name(seat)}, {"target", seat_name(j)}});
      extend(out, next_keyword_target(s, fi, line));
      return out;
    }
    if (kind == K_ROTATE_TARGET) return ask_now(s, fi, seat, "rotate_target", {"turn left", "turn right", "turn no"}, "Rotate X");
    if (kind == K_PUSH || kind == K_PULL) {
      std::vector<std::string> opts;
      for (auto& p : push_paths(s, seat, j, line.n, kind == K_PUSH)) {
        std::string t = std::string(keyword_name(kind)) + " ";
        for (size_t k = 0; k < p.size(); ++k) t += (k ? " " : "") + std::string(FACINGS[p[k]]);
        opts.push_back(t);
      }
      return ask_now(s, fi, seat, "shove", opts, "Push X / Pull X");
    }
    // discard
    if (!F.discards_left) F.discards_left = line.n;
    std::vector<std::string> opts;
    for (int c : discardable(s, j)) opts.push_back("discard " + s.card(c).id);
    if (opts.empty() || *F.discards_left <= 0) {
      F.keyword_targets.erase(F.keyword_targets.begin());
      F.discards_left.reset();
      continue;
    }
    return ask_now(s, fi, j, "kwdiscard", opts, "Discard X");
  }
  F.keyword = KW_NONE;
  advance_line(F);
  return out;
}

static Events line_targeted(State& s, int fi, const Line& line) {
  int seat = F.seat;
  if (F.keyword != KW_NONE) return next_keyword_target(s, fi, line);
  std::vector<int> targets;
  if (F.attacked) {
    if (F.targets)
      for (int j : *F.targets)
        if (!s.ds[j].defeated) targets.push_back(j);
  } else {
    const Duellist& me = s.ds[seat];
    std::vector<int> opts;
    for (int j : live(s)) {
      if (j == seat) continue;
      if (line.range >= 0 && !(distance(me.pos, s.ds[j].pos) <= line.range && line_of_sight(me.pos, me.facing, s.ds[j].pos, s)))
        continue;
      opts.push_back(j);
    }
    if (opts.size() > 1 && !F.picked) {
      std::vector<std::string> texts;
      for (int j : opts) texts.push_back("target " + seat_name(j));
      s.pending = Question{seat, "pick", texts, "Targeted", fi};
      return {};
    }
    if (F.picked) {
      targets = {*F.picked};
      F.picked.reset();
    } else if (!opts.empty()) {
      targets = {opts[0]};
    }
  }
  F.keyword_targets = targets;
  F.keyword = line.kind;
  return next_keyword_target(s, fi, line);
}

static Events shove_chosen(State& s, int fi, const Line& line, int seat, const std::string& text) {
  Events out;
  int j = F.keyword_targets.front();
  F.keyword_targets.erase(F.keyword_targets.begin());
  Duellist& d = s.ds[j];
  Events collided;
  size_t i = text.find(' ') + 1;
  while (i < text.size()) {
    size_t k = text.find(' ', i);
    if (k == std::string::npos) k = text.size();
    std::string name = text.substr(i, k - i);
    i = k + 1;
    int dir = 0;
    while (name != FACINGS[dir]) ++dir;
    Hex h = neighbour(d.pos, dir);
    if (what_is_at(s, h, j) >= 0) {
      collided = collide(s, j, h, false);
      break;
    }
    d.pos = h;
  }
  EMIT("shoved", {{"seat", seat_name(j)}, {"hex", d.placed ? Val(hex_text(d.pos)) : Val()}, {"by", seat_name(seat)}});
  extend(out, std::move(collided));
  if (static_cast<int>(s.stack.size()) - 1 != fi) return out;
  extend(out, next_keyword_target(s, fi, line));
  return out;
}

static Events line_search(State& s, int fi, const Line& line);
static Events search_chosen(State& s, int fi, int seat, const std::string& text) {
  Events out;
  Duellist& d = s.ds[seat];
  std::string cid = second_word(text);
  EMIT("search", {{"seat", seat_name(seat)}});
  if (cid != "none") {
    int c = s.cs->index.at(cid);
    remove_first(d.deck, c);
    d.hand.push_back(c);
    EMIT("searched", {{"seat", seat_name(seat)}, {"card", cid}}, seat);
  }
  s.rng.shuffle(d.deck);
  advance_line(F);
  return out;
}

static Events line_search(State& s, int fi, const Line& line) {
  int seat = F.seat;
  const Duellist& d = s.ds[seat];
  std::vector<int> pool(d.deck.begin(), d.deck.begin() + (line.n ? std::min<size_t>(line.n, d.deck.size()) : d.deck.size()));
  std::vector<std::string> opts{"search none"};
  for (int c : sorted_unique(pool)) opts.push_back("search " + s.card(c).id);
  if (opts.size() == 1) return search_chosen(s, fi, seat, "search none");
  s.pending = Question{seat, "search", opts, "Search", fi};
  return {};
}

// ---------------------------------------------------------------- kamae.py
static void gain_focus(State& s, int seat, int count) { s.ds[seat].focus = std::min(3, s.ds[seat].focus + count); }

static Events kamae_event(State& s, int seat) {
  Events out;
  EMIT("kamae", {{"seat", seat_name(seat)}, {"kamae", KAMAE[s.ds[seat].kamae]}, {"focus", s.ds[seat].focus}});
  return out;
}

static Events line_change(State& s, int fi, const Line& line) {
  int seat = F.seat;
  const Character& ch = s.character(seat);
  std::vector<std::vector<int>> paths{{}};
  std::vector<std::pair<int, std::vector<int>>> frontier{{s.ds[seat].kamae, {}}};
  for (int k = 0; k < line.n; ++k) {
    std::vector<std::pair<int, std::vector<int>>> nxt;
    for (auto& [pos, path] : frontier)
      for (auto& b : ch.branches)
        if (b[0] == pos) {
          auto p = path;
          p.push_back(b[1]);
          nxt.push_back({b[1], p});
        }
    for (auto& [_pos, p] : nxt) paths.push_back(p);
    frontier = nxt;
  }
  auto names = [](const std::vector<int>& p) {
    std::vector<std::string> v;
    for (int k : p) v.push_back(KAMAE[k]);
    return v;
  };
  std::sort(paths.begin(), paths.end(), [&](const auto& a, const auto& b) {
    if (a.size() != b.size()) return a.size() < b.size();
    return names(a) < names(b);
  });
  paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
  std::vector<std::string> opts;
  for (auto& p : paths) {
    std::string t = "kamae";
    if (p.empty()) t += " -";
    for (int k : p) t += std::string(" ") + KAMAE[k];
    opts.push_back(t);
  }
  return ask(s, fi, seat, "change", opts, "Changing Kamae Positions");
}

static int kamae_of(const std::string& name) {
  for (int k = 0; k < 4; ++k)
    if (name == KAMAE[k]) return k;
  throw std::invalid_argument("unknown Kamae " + name);
}

static Events change_chosen(State& s, int fi, int seat, const std::string& text) {
  Duellist& d = s.ds[seat];
  const Character& ch = s.character(seat);
  size_t i = 6;
  while (i < text.size()) {
    size_t k = text.find(' ', i);
    if (k == std::string::npos) k = text.size();
    std::string w = text.substr(i, k - i);
    i = k + 1;
    if (w == "-") break;
    int to = kamae_of(w);
    bool gives = false;
    for (auto& b : ch.branches)
      if (b[0] == d.kamae && b[1] == to) { gives = b[2]; break; }
    d.kamae = to;
    if (gives) gain_focus(s, seat, 1);
  }
  advance_line(F);
  return kamae_event(s, seat);
}

static Events line_switch(State& s, int fi, const Line& line) {
  std::vector<std::string> opts;
  if (line.n == 4) {
    for (int k = 1; k < 4; ++k) opts.push_back(std::string("switch ") + KAMAE[k]);
  } else {
    opts.push_back(std::string("switch ") + KAMAE[line.n]);
  }
  return ask(s, fi, F.seat, "switch", opts, "Switching Kamae Positions");
}

// ---------------------------------------------------------------- resolution.py
static int cancelled_part(const State& s, const Frame& f) {
  if (!s.played[f.seat]) return -1;
  const Played& e = *s.played[f.seat];
  if (e.cancelled >= 0 && f.card >= 0 && f.card == e.card) return e.cancelled;
  return -1;
}

static Events line_or(State& s, int fi, const Line& line) {
  int current = s.ds[F.seat].kamae;
  std::vector<std::string> forced, open;
  for (size_t k = 0; k < line.options.size(); ++k) {
    if (line.options[k].kamae == current) forced.push_back("or " + std::to_string(k + 1));
    if (line.options[k].kamae < 0) open.push_back("or " + std::to_string(k + 1));
  }
  return ask(s, fi, F.seat, "or", forced.empty() ? open : forced, "Ability Card Effects and Kamae");
}

Events step_frame(State& s) {
  Events out;
  int fi = static_cast<int>(s.stack.size()) - 1;
  int seat = F.seat;
  int cancelled = cancelled_part(s, F);
  bool stopped = F.own && s.played[seat] && s.played[seat]->stopped;
  if (s.ds[seat].defeated || stopped || F.line >= static_cast<int>(F.size()) || cancelled == 0) {
    Frame f = std::move(s.stack.back());
    s.stack.pop_back();
    if (f.offer_instant && !s.ds[seat].defeated) push_frame(s, engine_frame(seat, K_INSTANT, C_NONE, f.initiative, true));
    return out;
  }
  Line local;
  const Line& line = current_line(s, fi, local);
  if (line.kamae >= 0 && line.kamae != s.ds[seat].kamae) {
    F.line += 1;
    return out;
  }
  if (cancelled == 1 && line.kind == K_MOVE) {
    advance_line(F);
    EMIT("move-cancelled", {{"seat", seat_name(seat)}});
    return out;
  }
  if (line.if_successful && F.attacked && !(F.success && *F.success)) {
    F.line += 1;
    return out;
  }
  if (line.kind == K_OR) return line_or(s, fi, line);
  if (line.focus && F.focus_asked_line != F.line) {
    if (s.ds[seat].focus < line.focus) {
      F.line += 1;
      return out;
    }
    std::vector<std::string> opts{"focus pay", "focus skip"};
    if (line.kind == K_ATTACK && would_target(s, seat, line, F.initiative, s.ds[seat].pos, s.ds[seat].facing))
      opts = {"focus pay"};
    return ask(s, fi, seat, "focus", opts, "Optional Focus Cost");
  }
  switch (line.kind) {
    case K_MOVE: return line_move(s, fi, line);
    case K_ATTACK: return line_attack(s, fi, line);
    case K_BLOCK: return line_block(s, fi, line);
    case K_PUSH: case K_PULL: case K_ROTATE_TARGET: case K_DISCARD: case K_SWAP: case K_CANCEL_ACTIVE:
      return line_targeted(s, fi, line);
    case K_SEARCH: return line_search(s, fi, line);
    case K_ADVANTAGE:
      advance_line(F);
      return take_advantage(s, seat);
    case K_GAIN_FOCUS:
      gain_focus(s, seat, line.n);
      advance_line(F);
      EMIT("focus", {{"seat", seat_name(seat)}, {"focus", s.ds[seat].focus}});
      return out;
    case K_DRAW:
      advance_line(F);
      return draw(s, seat, line.n);
    case K_CHANGE: return line_change(s, fi, line);
    case K_SWITCH: return line_switch(s, fi, line);
    case K_BUMP: return line_bump(s, fi, line.n);
    case K_COUNTER: return line_counter(s, fi);
    case K_INSTANT: return line_additional(s, fi, line.n);
    case K_PLAIN: return line_instant(s, fi, line.n);
    default: throw std::logic_error("a line of no known kind");
  }
}

Events decided(State& s, int seat, const std::string& kind, int fi, const std::string& text) {
  Events out;
  Line local;
  const Line& line = current_line(s, fi, local);
  if (kind == "or") {
    F.or_choice = std::stoi(text.substr(3)) - 1;
    return out;
  }
  if (kind == "focus") {
    F.focus_asked_line = F.line;
    if (text == "focus skip") {
      advance_line(F);
      return out;
    }
    s.ds[seat].focus -= line.focus;
    EMIT("focus-paid", {{"seat", seat_name(seat)}, {"focus", line.focus}});
    return out;
  }
  if (kind == "change") return change_chosen(s, fi, seat, text);
  if (kind == "switch") {
    s.ds[seat].kamae = kamae_of(second_word(text));
    advance_line(F);
    return kamae_event(s, seat);
  }
  if (kind == "move") return plan_chosen(s, fi, seat, text);
  if (kind == "_bump") return bump_discard_chosen(s, fi, line.n, seat, text);
  if (kind == "target") return target_chosen(s, fi, line, seat, text);
  if (kind == "_counter") return counter_chosen(s, fi, line.n, seat, text);
  if (kind == "_instant") return additional_chosen(s, fi, seat, text);
  if (kind == "_plain") return instant_chosen(s, fi, seat, text, line.n);
  if (kind == "pick") {
    F.picked = seat_of(second_word(text));
    return line_targeted(s, fi, line);
  }
  if (kind == "rotate_target") {
    int j = F.keyword_targets.front();
    F.keyword_targets.erase(F.keyword_targets.begin());
    std::string w = second_word(text);
    int turn = w == "left" ? -1 : w == "right" ? 1 : 0;
    Duellist& d = s.ds[j];
    d.facing = (((d.facing + turn * line.n) % 6) + 6) % 6;
    EMIT("rotated", {{"seat", seat_name(j)}, {"facing", FACINGS[d.facing]}});
    extend(out, next_keyword_target(s, fi, line));
    return out;
  }
  if (kind == "shove") return shove_chosen(s, fi, line, seat, text);
  if (kind == "kwdiscard") {
    *F.discards_left -= 1;
    out = discard_card(s, seat, s.cs->index.at(second_word(text)));
    extend(out, next_keyword_target(s, fi, line));
    return out;
  }
  if (kind == "search") return search_chosen(s, fi, seat, text);
  throw std::logic_error("unknown question " + kind);
}

}  // namespace daimyo::sj
