// Senjutsu's turn (turn.py: its stages as one table), wounds and defeat (harm.py), Discard (end_of_turn.py) and the
// duel's interface (state.py's PHASES): each function the Python function of the same name, step for step.
#include <algorithm>
#include <stdexcept>

#include "sj_state.hpp"

#define EMIT(kind, ...) do { if (s.record) out.push_back(Event{kind, __VA_ARGS__}); } while (0)

namespace daimyo::sj {

// ---------------------------------------------------------------- the state's helpers
Seats live(const State& s) {
  Seats out;
  for (int i = 0; i < s.n(); ++i)
    if (!s.ds[i].defeated) out.push_back(i);
  return out;
}

int occupant(const State& s, Hex h) {
  for (int i = 0; i < s.n(); ++i)
    if (s.ds[i].placed && s.ds[i].pos == h && !s.ds[i].defeated) return i;
  return -1;
}

int what_is_at(const State& s, Hex h, int mover) {
  if (!on_board(s, h)) return 0;
  if (s.terrain.count(h)) return 1;
  int o = occupant(s, h);
  if (o >= 0 && o != mover) return 2;
  return -1;
}

std::vector<int> sorted_unique(std::vector<int> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

int hand_count(const State& s, int seat) {
  const Duellist& d = s.ds[seat];
  int n = 0;
  for (int c : d.hand)
    if (!contains(d.core, c)) ++n;
  return n + d.stuns + (s.poison_holder == seat ? 1 : 0);
}

std::vector<int> discardable(const State& s, int seat) {
  const Duellist& d = s.ds[seat];
  std::vector<int> out;
  for (int c : d.hand)
    if (!contains(d.core, c)) out.push_back(c);
  return sorted_unique(out);
}

bool used_instant(const State& s, int seat) {
  return std::binary_search(s.instants_used.begin(), s.instants_used.end(), seat);
}

// ---------------------------------------------------------------- harm.py
Events take_advantage(State& s, int seat) {
  Events out;
  s.advantage.erase(std::find(s.advantage.begin(), s.advantage.end(), seat));
  s.advantage.insert(s.advantage.begin(), seat);
  EMIT("advantage", {{"seat", seat_name(seat)}});
  return out;
}

static Events check_over(State& s) {
  Events out;
  if (s.phase == PH_OVER) return out;
  auto alive = live(s);
  if (alive.size() > 1) return out;
  if (!alive.empty()) {
    s.result = alive.list();
  } else {
    int last = -1;
    for (auto& d : s.ds) last = std::max(last, d.defeat_moment);
    std::vector<int> r;
    for (int i = 0; i < s.n(); ++i)
      if (s.ds[i].defeat_moment == last) r.push_back(i);
    s.result = r;
  }
  s.phase = PH_OVER;
  s.pending.reset();
  std::vector<Val> winners;
  for (int i : *s.result) winners.push_back(seat_name(i));
  EMIT("game-over", {{"winners", Val::list(winners)}});
  return out;
}

static bool beaten(const State& s, int seat) {
  const Duellist& d = s.ds[seat];
  const Character& ch = s.character(seat);
  return !d.defeated && (d.total_wounds() >= ch.wound_limit || d.stuns >= ch.hand_limit);
}

static Events defeat(State& s, int seat) {
  Events out;
  Duellist& d = s.ds[seat];
  d.defeated = true;
  d.defeat_moment = s.moment;
  d.placed = false;
  EMIT("defeated", {{"seat", seat_name(seat)}});
  extend(out, check_over(s));
  return out;
}

Events settle(State& s) {
  Events out;
  for (int i : live(s)) {
    if (!beaten(s, i)) continue;
    Duellist& d = s.ds[i];
    d.defeated = true, d.defeat_moment = s.moment, d.placed = false;
    EMIT("defeated", {{"seat", seat_name(i)}});
  }
  extend(out, check_over(s));
  return out;
}

Events harm(State& s, int seat, int effect, const std::string& why, int source) {
  Events out;
  Duellist& d = s.ds[seat];
  if (d.defeated) return out;
  switch (effect) {
    case E_WOUND: d.wounds += 1; break;
    case E_WOUND2: d.wounds += 2; break;
    case E_BLEEDING: d.bleeding += 1; break;
    case E_STUN: d.stuns += 1; break;
    case E_HOBBLE: d.hobbles.push_back(0); break;
    case E_POISON: s.poison_holder = seat; break;
    case E_EXECUTION:
      EMIT("execution", {{"seat", seat_name(seat)}});
      extend(out, defeat(s, seat));
      return out;
    case E_ADVANTAGE:
      if (source >= 0) return take_advantage(s, source);
      break;
    default: break;
  }
  EMIT("harm", {{"seat", seat_name(seat)}, {"effect", EFFECTS[effect]}, {"why", why}});
  if (!s.defeats_deferred && beaten(s, seat)) extend(out, defeat(s, seat));
  return out;
}

// ---------------------------------------------------------------- turn.py
static bool is_instant_timing(int t) {
  return t == T_START || t == T_POST || t == T_AFTER_REVEAL || t == T_WHEN_ATTACKED || t == T_END;
}

void push_frame(State& s, Frame f) {
  if (s.stack.capacity() < 16) s.stack.reserve(16);
  s.stack.push_back(std::move(f));
}

Frame engine_frame(int seat, int kind, int param, int initiative, bool own) {
  Frame f;
  f.seat = seat, f.card = NO_CARD, f.is_engine = true, f.initiative = initiative, f.own = own;
  f.engine.kind = kind;
  f.engine.n = param;
  return f;
}

static Frame card_frame(int seat, int card, std::vector<LineRef> lines, int initiative, bool own) {
  Frame f;
  f.seat = seat, f.card = card, f.lines = std::move(lines), f.initiative = initiative, f.own = own;
  return f;
}

static std::vector<LineRef> timing_lines(const Card& c, int when) {
  std::vector<LineRef> out;
  for (const Line& ln : c.lines)
    if (ln.when == when) out.push_back({&ln, true});
  return out;
}

static void push_timing(State& s, int when) {
  for (auto it = s.advantage.rbegin(); it != s.advantage.rend(); ++it) {
    int seat = *it;
    if (s.ds[seat].defeated) continue;
    if (is_instant_timing(when)) push_frame(s, engine_frame(seat, K_PLAIN, when, 0, false));
    for (auto h = s.hooks.rbegin(); h != s.hooks.rend(); ++h) {
      if (h->first != seat) continue;
      auto lines = timing_lines(s.card(h->second), when);
      if (!lines.empty()) push_frame(s, card_frame(seat, h->second, std::move(lines), 0, false));
    }
  }
}

static Events run_stack(State& s) {
  Events out;
  while (!s.stack.empty() && !s.pending && s.phase != PH_OVER) extend(out, step_frame(s));
  return out;
}

static int stage_timing(int stage) {
  switch (stage) {
    case S_START: return T_START;
    case S_PRE: return T_PRE;
    case S_POST: return T_POST;
    default: return T_AFTER_REVEAL;
  }
}

static bool timing_window(State& s, Events& out) {
  if (!s.timing_lines_pushed) {
    s.timing_lines_pushed = true;
    push_timing(s, stage_timing(s.stage));
  }
  extend(out, run_stack(s));
  return !s.pending && s.phase != PH_OVER;
}

Events draw(State& s, int seat, int count) {
  Events out;
  Duellist& d = s.ds[seat];
  for (int k = 0; k < count; ++k) {
    if (!d.deck.empty()) {
      int c = d.deck.front();
      d.deck.erase(d.deck.begin());
      d.hand.push_back(c);
      EMIT("draw", {{"seat", seat_name(seat)}});
      EMIT("drew", {{"seat", seat_name(seat)}, {"card", s.card(c).id}}, seat);
    } else {
      extend(out, harm(s, seat, E_WOUND, "empty deck"));
    }
  }
  return out;
}

static bool draw_step(State& s, Events& out) {
  for (auto it = s.advantage.rbegin(); it != s.advantage.rend(); ++it) {
    int i = *it;
    Duellist& d = s.ds[i];
    if (d.defeated) continue;
    if (d.bleeding && !d.deck.empty()) {
      d.discard.push_back({d.deck.front(), true});
      d.deck.erase(d.deck.begin());
      EMIT("bleed-mill", {{"seat", seat_name(i)}});
    }
    s.defeats_deferred = true;
    extend(out, draw(s, i, 1));
  }
  s.defeats_deferred = false;
  extend(out, settle(s));
  return true;
}

static std::vector<int> choose_options(const State& s, int seat) {
  const Duellist& d = s.ds[seat];
  std::vector<int> out;
  for (int cid : sorted_unique(d.hand)) {
    const Card& c = s.card(cid);
    if (c.instant == I_ADDITIONAL || c.instant == I_INSTANT || c.focus > d.focus || (c.kamae >= 0 && c.kamae != d.kamae))
      continue;
    out.push_back(cid);
  }
  if (d.stuns) out.push_back(STATUS_STUN);
  if (s.poison_holder == seat) out.push_back(STATUS_POISON);
  return out;
}

static Events choose(State& s, int seat, int card) {
  Events out;
  s.chosen[seat] = card;
  EMIT("chosen", {{"seat", seat_name(seat)}});
  EMIT("chosen-card", {{"seat", seat_name(seat)}, {"card", card_name(s, card)}}, seat);
  return out;
}

static bool reveal(State& s, Events& out) {
  std::vector<std::pair<std::string, Val>> cards;
  for (int i = 0; i < s.n(); ++i) {
    int cid = s.chosen[i];
    if (cid == NO_CARD) continue;
    Duellist& d = s.ds[i];
    Played e;
    e.card = cid;
    e.instant = used_instant(s, i);
    if (cid == STATUS_STUN) {
      d.stuns -= 1;
    } else if (cid == STATUS_POISON) {
      s.poison_holder = -1;
    } else {
      remove_first(d.hand, cid);
      const Card& c = s.card(cid);
      d.focus -= c.focus;
      e.paid = c.focus;
      if (c.has_alt && c.alt_kamae >= 0 && d.kamae == c.alt_kamae) e.alt = true;
    }
    s.played[i] = e;
    cards.push_back({seat_name(i), card_name(s, cid)});
  }
  std::fill(s.chosen.begin(), s.chosen.end(), NO_CARD);
  s.phase = PH_DECIDE;
  if (s.record) {
    Val v;
    v.t = Val::DICT;
    v.d = std::move(cards);
    out.push_back(Event{"reveal", {{"cards", v}}, -1});
  }
  return true;
}

// Hobble: minus one per active hobble (minimum one); a hobble gained this turn (no quarter turn made yet) does not
// touch the card played this turn, even when it came before the reveal (a start-of-turn line or Instant card)
static int hobbled(const State& s, int v, int seat) {
  const auto& hb = s.ds[seat].hobbles;
  int active = static_cast<int>(std::count_if(hb.begin(), hb.end(), [](int h) { return h > 0; }));
  return v > 0 ? std::max(1, v - active) : v;
}

static std::pair<int, int> speeds(const State& s, int i) {
  const Played& e = *s.played[i];
  const Card& c = s.card(e.card);
  if (e.alt) {
    int v = hobbled(s, c.alt_initiative, i);
    return {v, v};
  }
  return {hobbled(s, c.hi, i), hobbled(s, c.lo, i)};
}

static std::vector<int> reveal_options(const State& s, int i) {
  const Played& e = *s.played[i];
  const Duellist& d = s.ds[i];
  if (e.card < 0) return {};
  const Card& c = s.card(e.card);
  if (s.stage == S_ALT) {
    if (c.has_alt && c.alt_focus > 0 && d.focus >= c.alt_focus) return {1, 0};
    return {};
  }
  if (s.stage == S_REPLACE) {
    if (c.core || e.instant || used_instant(s, i)) return {};
    int budget = d.focus + e.paid;
    std::vector<int> out;
    for (int x : sorted_unique(d.hand)) {
      const Card& r = s.card(x);
      if (r.instant == I_REPLACEMENT && r.type != c.type && r.focus <= budget && (r.kamae < 0 || r.kamae == d.kamae))
        out.push_back(x);
    }
    if (out.empty()) return {};
    out.insert(out.begin(), -1);
    return out;
  }
  auto [hi, lo] = speeds(s, i);
  std::vector<int> out;
  if (c.variable() && !e.alt)
    for (int v = hi; v >= lo; --v) out.push_back(v);
  return out;
}

static int stage_question(int stage) {
  switch (stage) {
    case S_ALT: return Q_ALT;
    case S_REPLACE: return Q_REPLACE;
    default: return Q_VARIABLE;
  }
}

static void queue_revealed(State& s) {
  s.reveal_queue.clear();
  for (auto it = s.advantage.rbegin(); it != s.advantage.rend(); ++it)
    if (s.played[*it]) s.reveal_queue.push_back(*it);
}

static bool reveal_decisions(State& s, Events& out) {
  while (!s.reveal_queue.empty()) {
    int i = s.reveal_queue.front();
    s.reveal_queue.erase(s.reveal_queue.begin());
    auto opts = reveal_options(s, i);
    if (opts.size() > 1) {
      s.pending = Question{i, stage_question(s.stage), std::move(opts), "Reveal", -1};
      return false;
    }
    if (!opts.empty()) extend(out, stage_decided(s, i, stage_question(s.stage), opts[0]));
  }
  return true;
}

static void fix_initiatives(State& s) {
  for (int i = 0; i < s.n(); ++i) {
    if (!s.played[i]) continue;
    Played& e = *s.played[i];
    if (e.card < 0) {
      e.initiative = e.lowest = 0;
      continue;
    }
    const Card& c = s.card(e.card);
    auto [hi, lo] = speeds(s, i);
    e.initiative = e.chosen_initiative ? *e.chosen_initiative : hi;
    e.lowest = lo;
    if (c.has_split) e.split_initiative = hobbled(s, c.split_initiative, i);
  }
  s.timing_lines_pushed = false;
}

static std::vector<Segment> tie_group(const State& s) {
  const auto& segs = s.segments;
  int k = s.segments_fixed;
  std::vector<Segment> group;
  for (size_t x = k; x < segs.size(); ++x)
    if (segs[x].initiative == segs[k].initiative && segs[x].tie_rank == segs[k].tie_rank) group.push_back(segs[x]);
  std::vector<int> seats;
  for (auto& g : group) seats.push_back(g.seat);
  if (sorted_unique(seats).size() == group.size()) return group;
  return {group[0]};
}

static bool placed_already(const State& s, const Segment& g) {
  for (auto& [_k, v] : s.tie_places)
    if (v == g) return true;
  return false;
}

static bool order_segments(State& s, Events& out) {
  if (s.segments.empty()) {
    std::vector<Segment> raw;
    for (int i = 0; i < s.n(); ++i) {
      if (!s.played[i]) continue;
      const Played& e = *s.played[i];
      if (e.card < 0) {
        raw.push_back({i, 0, 5, 0, 0});
        continue;
      }
      const Card& c = s.card(e.card);
      int end = c.has_split ? c.split_line : static_cast<int>(c.lines.size());
      raw.push_back({i, e.initiative, c.tie_rank(), 0, end});
      if (c.has_split) raw.push_back({i, *e.split_initiative, c.tie_rank(), end, static_cast<int>(c.lines.size())});
    }
    std::stable_sort(raw.begin(), raw.end(), [&](const Segment& a, const Segment& b) {
      if (a.initiative != b.initiative) return a.initiative > b.initiative;
      if (a.tie_rank != b.tie_rank) return a.tie_rank < b.tie_rank;
      return adv_index(s, a.seat) < adv_index(s, b.seat);
    });
    s.segments = raw;
    s.segments_fixed = 0;
    s.tie_places.clear();
  }
  auto& segs = s.segments;
  while (s.segments_fixed < static_cast<int>(segs.size())) {
    auto group = tie_group(s);
    int len = static_cast<int>(group.size());
    if (len == 1) {
      s.segments_fixed += 1;
      continue;
    }
    std::vector<Segment> waiting;
    for (auto& g : group)
      if (!placed_already(s, g)) waiting.push_back(g);
    std::vector<int> free;
    for (int x = 0; x < len; ++x)
      if (!s.tie_places.count(x)) free.push_back(x);
    if (waiting.size() == 1) {
      s.tie_places.emplace(free[0], waiting[0]);
      for (int x = 0; x < len; ++x) segs[s.segments_fixed + x] = s.tie_places.at(x);
      s.segments_fixed += len;
      s.tie_places.clear();
      continue;
    }
    int chooser = waiting[0].seat;
    for (auto& g : waiting)
      if (adv_index(s, g.seat) < adv_index(s, chooser)) chooser = g.seat;
    std::vector<int> opts;
    for (int x : free) opts.push_back(x + 1);
    s.pending = Question{chooser, Q_ORDER, std::move(opts), "Resolve; Multiplayer: Tied Initiative Speed", -1};
    return false;
  }
  if (s.record) {
    std::vector<Val> list;
    for (auto& g : segs) list.push_back(Val::list({Val(seat_name(g.seat)), Val(g.initiative)}));
    out.push_back(Event{"order", {{"segments", Val::list(list)}}, -1});
  }
  return true;
}

// end_of_turn.py
static void discard_played(State& s) {
  for (int i = 0; i < s.n(); ++i) {
    if (!s.played[i]) continue;
    const Played& e = *s.played[i];
    Duellist& d = s.ds[i];
    std::vector<int> all{e.card};
    all.insert(all.end(), e.extra.begin(), e.extra.end());
    for (int cid : all) {
      if (cid < 0 || d.defeated) continue;
      if (s.card(cid).core) d.hand.push_back(cid);
      else d.discard.push_back({cid, false});
    }
  }
}

static void push_end_of_turn_lines(State& s) {
  for (auto it = s.advantage.rbegin(); it != s.advantage.rend(); ++it) {
    int seat = *it;
    if (s.ds[seat].defeated) continue;
    push_frame(s, engine_frame(seat, K_PLAIN, T_END, 0, false));
    if (!s.played[seat]) continue;
    const Played& e = *s.played[seat];
    if (e.card < 0 || e.stopped || e.cancelled == 0) continue;
    auto lines = timing_lines(s.card(e.card), T_END);
    if (!lines.empty()) push_frame(s, card_frame(seat, e.card, std::move(lines), 0, true));
  }
}

static bool resolve(State& s, Events& out) {
  while (!s.pending && s.phase != PH_OVER) {
    if (!s.stack.empty()) {
      extend(out, step_frame(s));
      continue;
    }
    if (s.segment_index >= static_cast<int>(s.segments.size())) {
      if (!s.end_of_turn_pushed) {
        s.end_of_turn_pushed = true;
        discard_played(s);
        push_end_of_turn_lines(s);
        continue;
      }
      return true;
    }
    Segment g = s.segments[s.segment_index];
    s.segment_index += 1;
    const Played& e = *s.played[g.seat];
    if (s.ds[g.seat].defeated || e.stopped || e.card < 0 || e.cancelled == 0) continue;
    const Card& c = s.card(e.card);
    EMIT("resolve", {{"seat", seat_name(g.seat)}, {"card", c.id}, {"initiative", g.initiative}});
    std::vector<LineRef> lines;
    for (int k = g.start; k < g.end; ++k)
      if (c.lines[k].when == T_NONE) lines.push_back({&c.lines[k], false});
    Frame f = card_frame(g.seat, e.card, std::move(lines), g.initiative, true);
    f.offer_instant = g.end == static_cast<int>(c.lines.size());
    push_frame(s, std::move(f));
  }
  return false;
}

static void end_begin(State& s) {
  s.hooks.clear();
  for (int i = 0; i < s.n(); ++i) {
    if (!s.played[i]) continue;
    const Played& e = *s.played[i];
    if (e.card >= 0 && !e.stopped && e.cancelled != 0 && !s.ds[i].defeated && s.card(e.card).hooks)
      s.hooks.push_back({i, e.card});
  }
  for (int i : live(s)) {
    auto& hb = s.ds[i].hobbles;
    std::vector<int> kept;
    for (int h : hb)
      if (h + 1 < 4) kept.push_back(h + 1);
    hb = kept;
  }
  s.end_queue = std::vector<std::pair<int, int>>{};
  if (s.poison_holder >= 0 && !s.ds[s.poison_holder].defeated) s.end_queue->push_back({0, s.poison_holder});
  for (auto it = s.advantage.rbegin(); it != s.advantage.rend(); ++it)
    if (!s.ds[*it].defeated) s.end_queue->push_back({1, *it});
}

static Events discard_card(State& s, int seat, int cid) {
  Events out;
  Duellist& d = s.ds[seat];
  remove_first(d.hand, cid);
  d.discard.push_back({cid, false});
  EMIT("discard", {{"seat", seat_name(seat)}, {"card", s.card(cid).id}});
  return out;
}

static Events end_discard_chosen(State& s, int seat, int card) {
  Events out = discard_card(s, seat, card);
  if (s.end_queue && !s.end_queue->empty() && s.end_queue->front().first == 0) s.poison_discarded = true;
  return out;
}

static bool end_run(State& s, Events& out) {
  auto& q = *s.end_queue;
  while (!q.empty()) {
    auto [what, i] = q.front();
    auto cards = discardable(s, i);
    bool need = (what == 0 && !cards.empty() && !s.poison_discarded) ||
                (what == 1 && !cards.empty() && hand_count(s, i) > s.character(i).hand_limit);
    if (!need) {
      q.erase(q.begin());
      s.poison_discarded = false;
      continue;
    }
    if (cards.size() == 1) {
      extend(out, end_discard_chosen(s, i, cards[0]));
      continue;
    }
    s.pending = Question{i, Q_ENDDISCARD, std::move(cards), "Discard (hand limit); Poison", -1};
    return false;
  }
  extend(out, settle(s));
  return true;
}

Events stage_decided(State& s, int seat, int kind, int opt) {
  Events out;
  if (kind == Q_ALT) {
    Played& e = *s.played[seat];
    bool alternative = opt != 0;
    if (alternative) {
      const Card& c = s.card(e.card);
      e.alt = true;
      s.ds[seat].focus -= c.alt_focus;
      e.paid += c.alt_focus;
    }
    EMIT("speed", {{"seat", seat_name(seat)}, {"alternative", alternative}});
  } else if (kind == Q_REPLACE) {
    if (opt < 0) return out;
    Played& e = *s.played[seat];
    Duellist& d = s.ds[seat];
    int old = e.card;
    d.discard.push_back({old, false});
    d.focus += e.paid;
    int x = opt;
    remove_first(d.hand, x);
    const Card& nc = s.card(x);
    d.focus -= nc.focus;
    s.instants_used = sorted_unique([&] { auto v = s.instants_used; v.push_back(seat); return v; }());
    e.card = x, e.paid = nc.focus, e.instant = true;
    e.alt = nc.has_alt && nc.alt_kamae >= 0 && d.kamae == nc.alt_kamae;
    EMIT("replaced", {{"seat", seat_name(seat)}, {"old", card_name(s, old)}, {"card", nc.id}});
  } else if (kind == Q_VARIABLE) {
    s.played[seat]->chosen_initiative = opt;
    EMIT("initiative", {{"seat", seat_name(seat)}, {"initiative", opt}});
  } else if (kind == Q_ORDER) {
    int place_ = opt;
    for (auto& g : tie_group(s))
      if (g.seat == seat && !placed_already(s, g)) {
        s.tie_places.emplace(place_ - 1, g);
        break;
      }
    EMIT("order-chosen", {{"seat", seat_name(seat)}, {"place", place_}});
  } else if (kind == Q_ENDDISCARD) {
    return end_discard_chosen(s, seat, opt);
  } else {
    throw std::logic_error(std::string("unknown question ") + QKINDS[kind]);
  }
  return out;
}

// ---------------------------------------------------------------- the turn, as a table
static void enter(State& s, int stage, Events& out) {
  s.stage = stage;
  switch (stage) {
    case S_START:
      s.turn += 1;
      s.moment += 1;
      for (auto& p : s.played) p.reset();
      std::fill(s.chosen.begin(), s.chosen.end(), NO_CARD);
      s.blocks.clear(), s.segments.clear(), s.stack.clear(), s.instants_used.clear();
      s.end_of_turn_pushed = false;
      s.phase = PH_DECIDE;
      s.timing_lines_pushed = false;
      EMIT("turn", {{"turn", s.turn}});
      break;
    case S_PRE: case S_POST: s.timing_lines_pushed = false; break;
    case S_CHOOSE: s.phase = PH_CHOOSE; s.hooks.clear(); break;
    case S_ALT: case S_REPLACE: case S_VARIABLE: queue_revealed(s); break;
    case S_AFTER_REVEAL: fix_initiatives(s); break;
    case S_RESOLVE: s.segment_index = 0; break;
    case S_END: end_begin(s); break;
    default: break;
  }
}

static bool run(State& s, Events& out) {
  switch (s.stage) {
    case S_START: case S_PRE: case S_POST: case S_AFTER_REVEAL: return timing_window(s, out);
    case S_DRAW: return draw_step(s, out);
    case S_CHOOSE: return reveal(s, out);
    case S_ALT: case S_REPLACE: case S_VARIABLE: return reveal_decisions(s, out);
    case S_ORDER: return order_segments(s, out);
    case S_RESOLVE: return resolve(s, out);
    default: return end_run(s, out);
  }
}

static int chosen_count(const State& s) {
  int n = 0;
  for (int c : s.chosen) n += c != NO_CARD;
  return n;
}

static Events advance(State& s) {
  Events out;
  while (s.phase != PH_OVER && !s.pending) {
    if (s.phase == PH_TERRAIN || s.phase == PH_PREPARE || s.phase == PH_PLACE) {
      if (!setup_advance(s, out)) return out;
      enter(s, S_START, out);
      continue;
    }
    if (s.phase == PH_CHOOSE && chosen_count(s) < static_cast<int>(live(s).size())) return out;
    bool done = run(s, out);
    if (done && s.phase != PH_OVER) enter(s, s.stage == S_END ? S_START : s.stage + 1, out);
  }
  return out;
}

// ---------------------------------------------------------------- the interface (state.py's PHASES)
Seats to_act(const State& s) {
  Seats out;
  switch (s.phase) {
    case PH_TERRAIN: out.push_back(s.terrain_turn); break;
    case PH_PREPARE:
      for (int i : s.preparing) out.push_back(i);
      break;
    case PH_PLACE: {
      int p = next_placer(s);
      if (p >= 0) out.push_back(p);
      break;
    }
    case PH_CHOOSE:
      for (int i : live(s))
        if (s.chosen[i] == NO_CARD) out.push_back(i);
      break;
    case PH_DECIDE:
      if (s.pending) out.push_back(s.pending->seat);
      break;
    default: break;
  }
  return out;
}

std::vector<int> legal_acts(const State& s, int seat) {
  if (!to_act(s).has(seat)) return {};
  switch (s.phase) {
    case PH_TERRAIN: case PH_PREPARE: {
      size_t n = s.phase == PH_TERRAIN ? terrain_options(s).size() : prepare_options(s, seat).size();
      std::vector<int> out(n);
      for (size_t k = 0; k < n; ++k) out[k] = static_cast<int>(k);
      return out;
    }
    case PH_PLACE: return placement_options(s);
    case PH_CHOOSE: return choose_options(s, seat);
    case PH_DECIDE: return s.pending ? s.pending->options : std::vector<int>{};
    default: return {};
  }
}

Events apply_act(State& s, int seat, int act) {
  Events out;
  switch (s.phase) {
    case PH_TERRAIN: out = place_terrain(s, seat, terrain_options(s).at(static_cast<size_t>(act))); break;
    case PH_PREPARE: out = prepare(s, seat, prepare_options(s, seat).at(static_cast<size_t>(act))); break;
    case PH_PLACE: out = place(s, seat, act); break;
    case PH_CHOOSE: out = choose(s, seat, act); break;
    case PH_DECIDE: {
      Question q = std::move(*s.pending);
      s.pending.reset();
      out = q.depth < 0 ? stage_decided(s, q.seat, q.kind, act) : decided(s, q.seat, q.kind, q.depth, act);
      break;
    }
    default: throw std::invalid_argument("no action is legal in the over phase");
  }
  extend(out, advance(s));
  return out;
}

}  // namespace daimyo::sj
