// Resolving Ability Cards (resolution.py) and the handlers of each kind of line and question: instants.py,
// keywords.py, kamae.py (movement.py, attacks.py and targeting.py: sj_attacks.cpp). A handler takes its frame by its place in the
// stack (`fi`): a frame pushed meanwhile moves the others in memory, never in the stack.
#include <algorithm>
#include <set>
#include <stdexcept>

#include "sj_lines.hpp"

#define EMIT(kind, ...) do { if (s.record) out.push_back(Event{kind, __VA_ARGS__}); } while (0)
#define F (s.stack[fi])

namespace daimyo::sj {


static const int FACING_RANK[6] = {0, 1, 4, 3, 5, 2};   // n ne se s sw nw, ranked as their names sort


void advance_line(Frame& f) {
  f.line += 1;
  f.or_choice.reset();
}

Events discard_card(State& s, int seat, int cid) {
  Events out;
  Duellist& d = s.ds[seat];
  remove_first(d.hand, cid);
  d.discard.push_back({cid, false});
  EMIT("discard", {{"seat", seat_name(seat)}, {"card", s.card(cid).id}});
  return out;
}

Events ask_now(State& s, int fi, int seat, int kind, std::vector<int> opts, const char* rule) {
  if (opts.size() == 1) return decided(s, seat, kind, fi, opts[0]);
  s.pending = Question{seat, kind, std::move(opts), rule, fi};
  return {};
}

Events ask(State& s, int fi, int seat, int kind, std::vector<int> opts, const char* rule) {
  if (opts.empty()) {
    F.line += 1;
    return {};
  }
  return ask_now(s, fi, seat, kind, std::move(opts), rule);
}

// the line frame `fi` is on (its -OR- option where one is taken); an engine line is copied into `local`
const Line& current_line(const State& s, int fi, Line& local) {
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

Frame card_lines_frame(int seat, int card, const std::vector<Line>& lines, int initiative, bool own) {
  Frame f;
  f.seat = seat, f.card = card, f.initiative = initiative, f.own = own;
  for (const Line& ln : lines) f.lines.push_back({&ln, false});
  return f;
}

// ---------------------------------------------------------------- instants.py
bool instants_open(const State& s, int seat) {   // may_play_instant
  if (used_instant(s, seat) || s.ds[seat].defeated) return false;
  if (!s.played[seat]) return true;
  const Played& e = *s.played[seat];
  return !(e.instant || e.card < 0 || s.card(e.card).core);
}

bool owns_instant(const State& s, int seat, int when) {
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
  std::vector<int> opts{-1};
  for (int c : sorted_unique(d.hand)) {
    const Card& x = s.card(c);
    if (x.instant == I_ADDITIONAL && x.condition == cond && x.focus <= d.focus && card_open(s, x, d)) opts.push_back(c);
  }
  if (opts.size() == 1) opts.clear();
  return ask(s, fi, seat, Q_INSTANT, std::move(opts), "Instant Additional Cards");
}

static int pay_instant(State& s, int seat, int cid) {
  Duellist& d = s.ds[seat];
  remove_first(d.hand, cid);
  d.focus -= s.card(cid).focus;
  s.instants_used.push_back(seat);
  s.instants_used = sorted_unique(s.instants_used);
  return cid;
}

static Events additional_chosen(State& s, int fi, int seat, int card) {
  Events out;
  advance_line(F);
  if (card < 0) return out;
  int cid = pay_instant(s, seat, card);
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
  std::vector<int> opts{-1};
  for (int c : sorted_unique(d.hand)) {
    const Card& x = s.card(c);
    if (x.instant == I_INSTANT && x.play == when && x.focus <= d.focus && card_open(s, x, d)) opts.push_back(c);
  }
  s.pending = Question{seat, Q_PLAIN, std::move(opts), "Instant Cards", fi};
  return {};
}

static Events instant_chosen(State& s, int fi, int seat, int card, int when) {
  Events out;
  advance_line(F);
  if (card < 0) return out;
  int cid = pay_instant(s, seat, card);
  s.ds[seat].discard.push_back({cid, false});
  if (s.played[seat]) s.played[seat]->instant = true;
  push_frame(s, card_lines_frame(seat, cid, s.card(cid).lines, F.initiative, false));
  EMIT("instant", {{"seat", seat_name(seat)}, {"card", s.card(cid).id}, {"timing", TIMINGS[when]}});
  return out;
}

// ---------------------------------------------------------------- keywords.py
std::string keyword_word(int kind) { return kind == K_PUSH ? "push" : kind == K_PULL ? "pull" : ""; }

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
    if (kind == K_ROTATE_TARGET) return ask_now(s, fi, seat, Q_ROTATE, {-1, 1, 0}, "Rotate X");
    if (kind == K_PUSH || kind == K_PULL) {
      std::vector<int> opts;
      for (auto& p : push_paths(s, seat, j, line.n, kind == K_PUSH)) opts.push_back(path_code(p, 3, kind == K_PULL));
      return ask_now(s, fi, seat, Q_SHOVE, std::move(opts), "Push X / Pull X");
    }
    // discard
    if (!F.discards_left) F.discards_left = line.n;
    std::vector<int> opts = discardable(s, j);
    if (opts.empty() || *F.discards_left <= 0) {
      F.keyword_targets.erase(F.keyword_targets.begin());
      F.discards_left.reset();
      continue;
    }
    return ask_now(s, fi, j, Q_KWDISCARD, std::move(opts), "Discard X");
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
      s.pending = Question{seat, Q_PICK, opts, "Targeted", fi};
      return {};
    }
    if (F.picked) {
      targets = {*F.picked};
      F.picked.reset();
    } else if (!opts.empty()) {
      targets = {opts[0]};
    }
    if (line.range >= 0 && !targets.empty()) {   // Targeted: every effect of a ranged card targets this one character
      F.attacked = true;
      F.success = true;
      F.targets = targets;
    }
  }
  F.keyword_targets = targets;
  F.keyword = line.kind;
  return next_keyword_target(s, fi, line);
}

static Events shove_chosen(State& s, int fi, const Line& line, int seat, int code) {
  Events out;
  int j = F.keyword_targets.front();
  F.keyword_targets.erase(F.keyword_targets.begin());
  Duellist& d = s.ds[j];
  Events collided;
  for (int dir : path_steps(code, 3)) {
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
static Events search_chosen(State& s, int fi, int seat, int c) {
  Events out;
  Duellist& d = s.ds[seat];
  EMIT("search", {{"seat", seat_name(seat)}});
  if (c >= 0) {
    remove_first(d.deck, c);
    d.hand.push_back(c);
    EMIT("searched", {{"seat", seat_name(seat)}, {"card", s.card(c).id}}, seat);
  }
  s.rng.shuffle(d.deck);
  advance_line(F);
  return out;
}

static Events line_search(State& s, int fi, const Line& line) {
  int seat = F.seat;
  const Duellist& d = s.ds[seat];
  std::vector<int> pool(d.deck.begin(), d.deck.begin() + (line.n ? std::min<size_t>(line.n, d.deck.size()) : d.deck.size()));
  std::vector<int> opts{-1};
  for (int c : sorted_unique(pool)) opts.push_back(c);
  if (opts.size() == 1) return search_chosen(s, fi, seat, -1);
  s.pending = Question{seat, Q_SEARCH, std::move(opts), "Search", fi};
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
  std::vector<int> opts;
  for (auto& p : paths) opts.push_back(path_code(p, 2));
  return ask(s, fi, seat, Q_CHANGE, std::move(opts), "Changing Kamae Positions");
}

static Events change_chosen(State& s, int fi, int seat, int code) {
  Duellist& d = s.ds[seat];
  const Character& ch = s.character(seat);
  for (int to : path_steps(code, 2)) {
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
  std::vector<int> opts;
  if (line.n == 4) {
    for (int k = 1; k < 4; ++k) opts.push_back(k);
  } else {
    opts.push_back(line.n);
  }
  return ask(s, fi, F.seat, Q_SWITCH, std::move(opts), "Switching Kamae Positions");
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
  std::vector<int> forced, open;
  for (size_t k = 0; k < line.options.size(); ++k) {
    if (line.options[k].kamae == current) forced.push_back(static_cast<int>(k));
    if (line.options[k].kamae < 0) open.push_back(static_cast<int>(k));
  }
  return ask(s, fi, F.seat, Q_OR, forced.empty() ? std::move(open) : std::move(forced), "Ability Card Effects and Kamae");
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
    std::vector<int> opts{1, 0};
    if (line.kind == K_ATTACK && would_target(s, seat, line, F.initiative, s.ds[seat].pos, s.ds[seat].facing))
      opts = {1};
    else if (line.kind == K_MOVE && focus_lets_target(s, F))
      opts = {1};   // Commit to Hit: moving is what lets the card's attack target
    return ask(s, fi, seat, Q_FOCUS, std::move(opts), "Optional Focus Cost");
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

Events decided(State& s, int seat, int kind, int fi, int opt) {
  Events out;
  Line local;
  const Line& line = current_line(s, fi, local);
  switch (kind) {
    case Q_OR:
      F.or_choice = opt;
      return out;
    case Q_FOCUS:
      F.focus_asked_line = F.line;
      if (!opt) {
        advance_line(F);
        return out;
      }
      s.ds[seat].focus -= line.focus;
      EMIT("focus-paid", {{"seat", seat_name(seat)}, {"focus", line.focus}});
      return out;
    case Q_CHANGE: return change_chosen(s, fi, seat, opt);
    case Q_SWITCH:
      s.ds[seat].kamae = opt;
      advance_line(F);
      return kamae_event(s, seat);
    case Q_MOVE: return plan_chosen(s, fi, seat, line, opt);
    case Q_BUMP: return bump_discard_chosen(s, fi, line.n, seat, opt);
    case Q_TARGET: return target_chosen(s, fi, line, seat, opt);
    case Q_COUNTER: return counter_chosen(s, fi, line.n, seat, opt);
    case Q_INSTANT: return additional_chosen(s, fi, seat, opt);
    case Q_PLAIN: return instant_chosen(s, fi, seat, opt, line.n);
    case Q_PICK:
      F.picked = opt;
      return line_targeted(s, fi, line);
    case Q_ROTATE: {
      int j = F.keyword_targets.front();
      F.keyword_targets.erase(F.keyword_targets.begin());
      Duellist& d = s.ds[j];
      d.facing = (((d.facing + opt * line.n) % 6) + 6) % 6;
      EMIT("rotated", {{"seat", seat_name(j)}, {"facing", FACINGS[d.facing]}});
      extend(out, next_keyword_target(s, fi, line));
      return out;
    }
    case Q_SHOVE: return shove_chosen(s, fi, line, seat, opt);
    case Q_KWDISCARD:
      *F.discards_left -= 1;
      out = discard_card(s, seat, opt);
      extend(out, next_keyword_target(s, fi, line));
      return out;
    case Q_SEARCH: return search_chosen(s, fi, seat, opt);
    default: throw std::logic_error(std::string("unknown question ") + QKINDS[kind]);
  }
}

}  // namespace daimyo::sj
