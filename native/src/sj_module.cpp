// The native Senjutsu engine's Python module, `_daimyo_senjutsu_native` (daimyo/senjutsu/native.py; docs/native.md):
// a card set read from the Python loader's cards (no card is compiled in), a duel from the Python state's fields
// (and back, field for field), its actions, events and views as the Python engine's.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/ndarray.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "sj_bind.hpp"
#include "sj_bots.hpp"
#include "sj_state.hpp"

namespace nb = nanobind;
using namespace daimyo::sj;
using daimyo::GameRng;
using daimyo::KeyedRng;
using daimyo::Rng;
using namespace daimyo::sj::bind;

namespace daimyo::sj {
std::vector<LineRef> block_after(const Frame& f);
}

namespace {
struct PyCardSet {
  std::shared_ptr<const CardSet> cs;
};

// ---------------------------------------------------------------- Python values of the engine's
nb::object val(const Val& v) {
  switch (v.t) {
    case Val::NONE: return nb::none();
    case Val::INT: return nb::int_(v.i);
    case Val::STR: return nb::str(v.s.c_str(), v.s.size());
    case Val::BOOL: return nb::bool_(v.i != 0);
    case Val::LIST: {
      nb::list l;
      for (auto& x : v.l) l.append(val(x));
      return l;
    }
    default: {
      nb::dict d;
      for (auto& [k, x] : v.d) d[k.c_str()] = val(x);
      return d;
    }
  }
}

nb::list events(const Events& evs) {
  nb::list out;
  for (const Event& e : evs) {
    nb::dict data;
    for (auto& [k, x] : e.data) data[k.c_str()] = val(x);
    out.append(nb::make_tuple(e.kind, data, e.visible < 0 ? nb::object(nb::none()) : nb::object(nb::int_(e.visible))));
  }
  return out;
}

nb::object opt_int(const std::optional<int>& v) { return v ? nb::object(nb::int_(*v)) : nb::object(nb::none()); }
nb::object int_or_none(int v) { return v < 0 ? nb::object(nb::none()) : nb::object(nb::int_(v)); }
nb::list ints(const std::vector<int>& v) {
  nb::list l;
  for (int x : v) l.append(x);
  return l;
}
nb::list cards_list(const State& s, const std::vector<int>& v) {
  nb::list l;
  for (int x : v) l.append(card_name(s, x));
  return l;
}
nb::object card_or_none(const State& s, int c) { return c == NO_CARD ? nb::object(nb::none()) : nb::object(nb::str(card_name(s, c).c_str())); }

const char* const KEYWORD_NAMES[6] = {"push", "pull", "rotate_target", "discard", "swap", "cancel_active"};

nb::object line_ref(const State& s, const LineRef& r) {
  const Line& ln = *r.line;
  return nb::make_tuple(s.card(ln.card).id, ln.src ? "asterisk" : "lines", ln.index, r.stripped);
}

nb::object frame_fields(const State& s, const Frame& f) {
  nb::list lines;
  if (f.is_engine) {
    const Line& e = f.engine;
    if (e.kind == K_PLAIN) lines.append(nb::make_tuple("_plain", TIMINGS[e.n]));
    else if (e.kind == K_INSTANT) lines.append(nb::make_tuple("_instant", e.n ? nb::object(nb::str(CONDITIONS[e.n])) : nb::object(nb::none())));
    else if (e.kind == K_BUMP) lines.append(nb::make_tuple("_bump", int_or_none(e.n)));
    else lines.append(nb::make_tuple("_counter", e.n));
  } else {
    for (auto& r : f.lines) lines.append(line_ref(s, r));
  }
  nb::object targets = f.targets ? nb::object(ints(*f.targets)) : nb::object(nb::none());
  nb::object success = f.success ? nb::object(nb::bool_(*f.success)) : nb::object(nb::none());
  nb::object keyword = f.keyword == KW_NONE ? nb::object(nb::none()) : nb::object(nb::str(KEYWORD_NAMES[f.keyword - K_PUSH]));
  return nb::make_tuple(f.seat, card_or_none(s, f.card), lines, f.initiative, f.own, targets, success, f.attacked, f.line,
                        f.focus_asked_line, opt_int(f.or_choice), f.offer_instant, opt_int(f.attacked_window_line),
                        opt_int(f.picked), keyword, ints(f.keyword_targets), opt_int(f.discards_left));
}

nb::object segment(const Segment& g) { return nb::make_tuple(g.seat, g.initiative, g.tie_rank, g.start, g.end); }

nb::dict dump(const State& s) {
  nb::dict out;
  out["board"] = s.two_boards ? "two" : "one";
  nb::list terrain;
  for (auto& [h, k] : s.terrain) terrain.append(nb::make_tuple(h.q, h.r, TERRAIN_KINDS[k]));
  out["terrain"] = terrain;
  if (const KeyedRng* k = s.rng.keyed())
    out["rng"] = nb::make_tuple("blake2b-keyed", nb::bytes(k->key().data(), k->key().size()), k->label(), k->counter());
  else
    out["rng"] = nb::make_tuple("splitmix64", s.rng.state());
  nb::list ds;
  for (const Duellist& d : s.ds) {
    nb::list discard;
    for (auto& [c, down] : d.discard) discard.append(nb::make_tuple(card_name(s, c), down));
    ds.append(nb::make_tuple(s.cs->characters[d.character].id, cards_list(s, d.deck), cards_list(s, d.core),
                             cards_list(s, d.hand), discard,
                             d.placed ? nb::object(nb::make_tuple(d.pos.q, d.pos.r)) : nb::object(nb::none()), d.facing,
                             KAMAE[d.kamae], d.focus, d.wounds, d.bleeding, ints(d.hobbles), d.stuns, d.defeated,
                             d.defeat_moment));
  }
  out["duellists"] = ds;
  out["advantage"] = ints(s.advantage);
  out["phase"] = PHASES[s.phase];
  out["stage"] = s.stage < 0 ? "" : STAGES[s.stage];
  out["turn"] = s.turn;
  out["moment"] = s.moment;
  out["defeats_deferred"] = s.defeats_deferred;
  out["poison_holder"] = int_or_none(s.poison_holder);
  nb::list chosen, played;
  for (int i = 0; i < s.n(); ++i) {
    if (s.chosen[i] != NO_CARD) chosen.append(nb::make_tuple(i, card_name(s, s.chosen[i])));
    if (!s.played[i]) continue;
    const Played& e = *s.played[i];
    played.append(nb::make_tuple(i, card_name(s, e.card), e.initiative, e.lowest, opt_int(e.split_initiative),
                                 opt_int(e.chosen_initiative), e.stopped, e.instant, e.alt, e.paid,
                                 e.cancelled < 0 ? nb::object(nb::none()) : nb::object(nb::str(e.cancelled ? "movement" : "card")),
                                 cards_list(s, e.extra)));
  }
  out["chosen"] = chosen;
  out["played"] = played;
  if (s.pending) {
    const Question& q = *s.pending;
    nb::list opts;
    for (int o : q.options) opts.append(option_text(s, q, o));
    out["pending"] = nb::make_tuple(q.seat, QKINDS[q.kind], opts, q.rule, int_or_none(q.depth));
  } else {
    out["pending"] = nb::none();
  }
  out["reveal_queue"] = ints(s.reveal_queue);
  nb::list segs;
  for (auto& g : s.segments) segs.append(segment(g));
  out["segments"] = segs;
  out["segments_fixed"] = s.segments_fixed;
  nb::list ties;
  for (auto& [k, g] : s.tie_places) ties.append(nb::make_tuple(k, segment(g)));
  out["tie_places"] = ties;
  out["segment_index"] = s.segment_index;
  nb::list stack;
  for (auto& f : s.stack) stack.append(frame_fields(s, f));
  out["stack"] = stack;
  nb::list blocks;
  for (auto& b : s.blocks) {
    nb::list cells, after;
    for (auto& c : b.line->cell_names) cells.append(c);
    for (auto& r : b.after) after.append(line_ref(s, r));
    blocks.append(nb::make_tuple(b.seat, b.initiative, cells, ints(b.line->counter), card_or_none(s, b.card), after));
  }
  out["blocks"] = blocks;
  out["result"] = s.result ? nb::object(ints(*s.result)) : nb::object(nb::none());
  nb::list left;
  for (int k : s.terrain_left) left.append(TERRAIN_KINDS[k]);
  out["terrain_left"] = left;
  out["terrain_turn"] = s.terrain_turn;
  out["preparing"] = ints(s.preparing);
  out["timing_lines_pushed"] = s.timing_lines_pushed;
  out["end_of_turn_pushed"] = s.end_of_turn_pushed;
  nb::list hooks;
  for (auto& [seat, c] : s.hooks) hooks.append(nb::make_tuple(seat, card_name(s, c)));
  out["hooks"] = hooks;
  out["instants_used"] = ints(s.instants_used);
  if (s.end_queue) {
    nb::list q;
    for (auto& [what, seat] : *s.end_queue) q.append(nb::make_tuple(what ? "limit" : "poison", seat));
    out["end_queue"] = q;
  } else {
    out["end_queue"] = nb::none();
  }
  out["poison_discarded"] = s.poison_discarded;
  return out;
}

// ---------------------------------------------------------------- a state from the fields
int card_of(const State& s, nb::handle h, const std::string& where) {
  std::string id = str(h);
  if (id == "stun") return STATUS_STUN;
  if (id == "poison") return STATUS_POISON;
  auto it = s.cs->index.find(id);
  if (it == s.cs->index.end()) bad(where, "unknown card '" + id + "'");
  return it->second;
}

std::vector<int> int_list(nb::handle h) {
  std::vector<int> out;
  for (nb::handle x : nb::cast<nb::list>(h)) out.push_back(integer(x));
  return out;
}

std::vector<int> card_list(const State& s, nb::handle h, const std::string& where) {
  std::vector<int> out;
  for (nb::handle x : nb::cast<nb::list>(h)) out.push_back(card_of(s, x, where));
  return out;
}

std::optional<int> opt(nb::handle h) { return h.is_none() ? std::nullopt : std::optional<int>(integer(h)); }
int none_minus(nb::handle h) { return h.is_none() ? -1 : integer(h); }

LineRef ref_of(const State& s, nb::handle h, const std::string& where) {
  nb::tuple t = nb::cast<nb::tuple>(h);
  int c = card_of(s, t[0], where);
  if (c < 0) bad(where, "a line of no card");
  const Card& card = s.card(c);
  const auto& lines = str(t[1]) == "asterisk" ? card.asterisk : card.lines;
  int i = integer(t[2]);
  if (i < 0 || i >= static_cast<int>(lines.size())) bad(where, "no line " + std::to_string(i) + " on " + card.id);
  return {&lines[i], nb::cast<bool>(t[3])};
}

const Line* find_block(const State& s, const std::vector<std::string>& cells, const std::vector<int>& counter) {
  std::function<const Line*(const Line&)> look = [&](const Line& ln) -> const Line* {
    if (ln.kind == K_BLOCK && ln.cell_names == cells && ln.counter == counter) return &ln;
    for (auto& o : ln.options)
      if (const Line* x = look(o)) return x;
    return nullptr;
  };
  for (auto& c : s.cs->cards) {
    for (auto& ln : c.lines)
      if (const Line* x = look(ln)) return x;
    for (auto& ln : c.asterisk)
      if (const Line* x = look(ln)) return x;
  }
  return nullptr;
}

State load(std::shared_ptr<const CardSet> cs, nb::dict f) {
  State s;
  s.cs = cs;
  std::string where;
  try {
    where = "board";
    std::string board = str(f["board"]);
    if (board != "one" && board != "two") bad(where, "one or two");
    s.two_boards = board == "two";
    s.board = battlefield(s.two_boards);
    where = "terrain";
    for (nb::handle t : nb::cast<nb::list>(f["terrain"]))
      s.terrain[{integer(t[0]), integer(t[1])}] = name_index(TERRAIN_KINDS, 6, str(t[2]), where);
    where = "rng";
    nb::tuple rng = nb::cast<nb::tuple>(f["rng"]);
    if (str(rng[0]) == "splitmix64") {
      s.rng = GameRng(nb::cast<uint64_t>(rng[1]));
    } else {
      nb::bytes key = nb::cast<nb::bytes>(rng[1]);
      s.rng = GameRng(KeyedRng(std::string(key.c_str(), key.size()), str(rng[2]), nb::cast<uint64_t>(rng[3])));
    }
    where = "duellists";
    for (nb::handle h : nb::cast<nb::list>(f["duellists"])) {
      nb::tuple t = nb::cast<nb::tuple>(h);
      Duellist d;
      auto ch = cs->character_index.find(str(t[0]));
      if (ch == cs->character_index.end()) bad(where, "unknown character " + str(t[0]));
      d.character = ch->second;
      d.deck = card_list(s, t[1], where + ".deck");
      d.core = card_list(s, t[2], where + ".core");
      d.hand = card_list(s, t[3], where + ".hand");
      for (nb::handle x : nb::cast<nb::list>(t[4])) d.discard.push_back({card_of(s, x[0], where + ".discard"), nb::cast<bool>(x[1])});
      if (!t[5].is_none()) d.placed = true, d.pos = {integer(t[5][0]), integer(t[5][1])};
      d.facing = integer(t[6]);
      d.kamae = name_index(KAMAE, 4, str(t[7]), where + ".kamae");
      d.focus = integer(t[8]), d.wounds = integer(t[9]), d.bleeding = integer(t[10]);
      d.hobbles = int_list(t[11]);
      d.stuns = integer(t[12]);
      d.defeated = nb::cast<bool>(t[13]);
      d.defeat_moment = integer(t[14]);
      s.ds.push_back(d);
    }
    if (s.ds.size() < 2 || s.ds.size() > static_cast<size_t>(MAX_SEATS)) bad(where, "a duel has 2 to 4 duellists");
    int n = s.n();
    s.chosen.assign(n, NO_CARD);
    s.played.assign(n, std::nullopt);
    auto seat = [&](nb::handle h) {
      int i = integer(h);
      if (i < 0 || i >= n) bad(where, "no seat " + std::to_string(i));
      return i;
    };
    where = "advantage";
    s.advantage = int_list(f["advantage"]);
    where = "phase";
    s.phase = name_index(PHASES, 6, str(f["phase"]), where);
    where = "stage";
    std::string stage = str(f["stage"]);
    s.stage = stage.empty() ? S_NONE : name_index(STAGES, 12, stage, where);
    s.turn = integer(f["turn"]), s.moment = integer(f["moment"]);
    s.defeats_deferred = nb::cast<bool>(f["defeats_deferred"]);
    s.poison_holder = none_minus(f["poison_holder"]);
    where = "chosen";
    for (nb::handle x : nb::cast<nb::list>(f["chosen"])) s.chosen[seat(x[0])] = card_of(s, x[1], where);
    where = "played";
    for (nb::handle x : nb::cast<nb::list>(f["played"])) {
      nb::tuple t = nb::cast<nb::tuple>(x);
      Played e;
      e.card = card_of(s, t[1], where);
      e.initiative = integer(t[2]), e.lowest = integer(t[3]);
      e.split_initiative = opt(t[4]), e.chosen_initiative = opt(t[5]);
      e.stopped = nb::cast<bool>(t[6]), e.instant = nb::cast<bool>(t[7]), e.alt = nb::cast<bool>(t[8]);
      e.paid = integer(t[9]);
      e.cancelled = t[10].is_none() ? -1 : str(t[10]) == "card" ? 0 : 1;
      e.extra = card_list(s, t[11], where);
      s.played[seat(t[0])] = e;
    }
    s.reveal_queue = int_list(f["reveal_queue"]);
    auto seg = [&](nb::handle h) {
      return Segment{integer(h[0]), integer(h[1]), integer(h[2]), integer(h[3]), integer(h[4])};
    };
    where = "segments";
    for (nb::handle g : nb::cast<nb::list>(f["segments"])) s.segments.push_back(seg(g));
    s.segments_fixed = integer(f["segments_fixed"]);
    for (nb::handle t : nb::cast<nb::list>(f["tie_places"])) s.tie_places.emplace(integer(t[0]), seg(t[1]));
    s.segment_index = integer(f["segment_index"]);
    where = "stack";
    for (nb::handle h : nb::cast<nb::list>(f["stack"])) {
      nb::tuple t = nb::cast<nb::tuple>(h);
      Frame fr;
      fr.seat = seat(t[0]);
      fr.card = t[1].is_none() ? NO_CARD : card_of(s, t[1], where);
      nb::list lines = nb::cast<nb::list>(t[2]);
      if (lines.size() == 1 && nb::isinstance<nb::str>(lines[0][0]) && str(lines[0][0]).rfind("_", 0) == 0) {
        std::string kind = str(lines[0][0]);
        fr.is_engine = true;
        nb::handle p = lines[0][1];
        if (kind == "_plain") fr.engine.kind = K_PLAIN, fr.engine.n = name_index(TIMINGS, 6, str(p), where);
        else if (kind == "_instant") fr.engine.kind = K_INSTANT, fr.engine.n = p.is_none() ? C_NONE : name_index(CONDITIONS, 3, str(p), where);
        else if (kind == "_bump") fr.engine.kind = K_BUMP, fr.engine.n = none_minus(p);
        else if (kind == "_counter") fr.engine.kind = K_COUNTER, fr.engine.n = integer(p);
        else bad(where, "unknown engine line " + kind);
      } else {
        for (nb::handle r : lines) fr.lines.push_back(ref_of(s, r, where));
      }
      fr.initiative = integer(t[3]);
      fr.own = nb::cast<bool>(t[4]);
      if (!t[5].is_none()) fr.targets = int_list(t[5]);
      if (!t[6].is_none()) fr.success = nb::cast<bool>(t[6]);
      fr.attacked = nb::cast<bool>(t[7]);
      fr.line = integer(t[8]), fr.focus_asked_line = integer(t[9]);
      fr.or_choice = opt(t[10]);
      fr.offer_instant = nb::cast<bool>(t[11]);
      fr.attacked_window_line = opt(t[12]);
      fr.picked = opt(t[13]);
      fr.keyword = t[14].is_none() ? KW_NONE : K_PUSH + name_index(KEYWORD_NAMES, 6, str(t[14]), where);
      fr.keyword_targets = int_list(t[15]);
      fr.discards_left = opt(t[16]);
      s.stack.push_back(std::move(fr));
    }
    where = "blocks";
    for (nb::handle h : nb::cast<nb::list>(f["blocks"])) {
      nb::tuple t = nb::cast<nb::tuple>(h);
      std::vector<std::string> cells;
      for (nb::handle c : nb::cast<nb::list>(t[2])) cells.push_back(str(c));
      const Line* line = find_block(s, cells, int_list(t[3]));
      if (!line) bad(where, "a block no card of this set makes");
      Block b{seat(t[0]), integer(t[1]), line, t[4].is_none() ? NO_CARD : card_of(s, t[4], where), {}};
      for (nb::handle r : nb::cast<nb::list>(t[5])) b.after.push_back(ref_of(s, r, where));
      s.blocks.push_back(b);
    }
    where = "result";
    if (!f["result"].is_none()) s.result = int_list(f["result"]);
    where = "terrain_left";
    for (nb::handle k : nb::cast<nb::list>(f["terrain_left"])) s.terrain_left.push_back(name_index(TERRAIN_KINDS, 6, str(k), where));
    s.terrain_turn = integer(f["terrain_turn"]);
    s.preparing = int_list(f["preparing"]);
    s.timing_lines_pushed = nb::cast<bool>(f["timing_lines_pushed"]);
    s.end_of_turn_pushed = nb::cast<bool>(f["end_of_turn_pushed"]);
    where = "hooks";
    for (nb::handle x : nb::cast<nb::list>(f["hooks"])) s.hooks.push_back({seat(x[0]), card_of(s, x[1], where)});
    s.instants_used = int_list(f["instants_used"]);
    where = "end_queue";
    if (!f["end_queue"].is_none()) {
      s.end_queue = std::vector<std::pair<int, int>>{};
      for (nb::handle x : nb::cast<nb::list>(f["end_queue"])) s.end_queue->push_back({str(x[0]) == "poison" ? 0 : 1, seat(x[1])});
    }
    s.poison_discarded = nb::cast<bool>(f["poison_discarded"]);
    where = "pending";   // last: a movement's options are its line's plans, on the stack
    if (!f["pending"].is_none()) {
      nb::tuple q = nb::cast<nb::tuple>(f["pending"]);
      Question p;
      p.seat = seat(q[0]);
      p.kind = name_index(QKINDS, Q_COUNT, str(q[1]), where);
      p.rule = known_rule(str(q[3]));
      p.depth = none_minus(q[4]);
      if (p.depth >= static_cast<int>(s.stack.size())) bad(where, "no frame at depth " + std::to_string(p.depth));
      if (p.depth < 0 && p.kind != Q_ALT && p.kind != Q_REPLACE && p.kind != Q_VARIABLE && p.kind != Q_ORDER &&
          p.kind != Q_ENDDISCARD)
        bad(where, std::string("a ") + QKINDS[p.kind] + " question is asked about a line");
      for (nb::handle o : nb::cast<nb::list>(q[2])) p.options.push_back(parse_option(s, p, str(o)));
      s.pending = p;
    }
  } catch (const FieldError&) {
    throw;
  } catch (const std::exception& e) {
    bad(where, e.what());
  }
  return s;
}

// ---------------------------------------------------------------- views.py
nb::dict view(const State& s, int player) {
  nb::list seats;
  for (int i = 0; i < s.n(); ++i) {
    const Duellist& d = s.ds[i];
    const Character& ch = s.cs->characters[d.character];
    bool mine = player == i;
    nb::dict v;
    v["seat"] = seat_name(i);
    v["character"] = ch.id;
    v["name"] = ch.name;
    v["hex"] = d.placed ? nb::object(nb::str(hex_text(d.pos).c_str())) : nb::object(nb::none());
    v["facing"] = FACINGS[d.facing];
    v["kamae"] = KAMAE[d.kamae];
    v["focus"] = d.focus;
    v["wounds"] = d.wounds;
    v["bleeding"] = d.bleeding;
    v["wound_limit"] = ch.wound_limit;
    v["hand_limit"] = ch.hand_limit;
    v["hobbles"] = static_cast<int>(d.hobbles.size());
    v["stuns"] = d.stuns;
    v["poison"] = s.poison_holder == i;
    v["hand_size"] = static_cast<int>(d.hand.size()) + d.stuns + (s.poison_holder == i ? 1 : 0);
    v["deck_size"] = static_cast<int>(d.deck.size());
    nb::list discard;
    for (auto& [c, down] : d.discard) discard.append(!down || mine ? card_name(s, c) : std::string("face-down"));
    v["discard"] = discard;
    v["defeated"] = d.defeated;
    if (mine) {
      auto hand = d.hand;
      std::sort(hand.begin(), hand.end());
      v["hand"] = cards_list(s, hand);
    } else {
      v["hand"] = nb::none();
    }
    if (s.phase == PH_CHOOSE)
      v["chosen"] = mine ? card_or_none(s, s.chosen[i]) : nb::object(nb::bool_(s.chosen[i] != NO_CARD));
    else
      v["chosen"] = nb::none();
    v["played"] = s.played[i] ? nb::object(nb::str(card_name(s, s.played[i]->card).c_str())) : nb::object(nb::none());
    v["cancelled"] = s.played[i] && s.played[i]->cancelled >= 0
                         ? nb::object(nb::str(s.played[i]->cancelled ? "movement" : "card")) : nb::object(nb::none());
    v["instant_used"] = used_instant(s, i);
    v["initiative"] = s.played[i] && s.stage != S_ALT && s.stage != S_REPLACE && s.stage != S_VARIABLE
                          ? nb::object(nb::int_(s.played[i]->initiative)) : nb::object(nb::none());
    seats.append(v);
  }
  nb::object pending = nb::none();
  if (s.pending) {
    nb::dict p;
    p["seat"] = seat_name(s.pending->seat);
    p["kind"] = QKINDS[s.pending->kind];
    if (player == s.pending->seat) {
      nb::list opts;
      for (int o : s.pending->options) opts.append(option_text(s, *s.pending, o));
      p["options"] = opts;
      int depth = s.pending->depth;
      bool frame = depth >= 0 && depth < static_cast<int>(s.stack.size());
      p["card"] = frame ? card_or_none(s, s.stack[depth].card) : nb::object(nb::none());
      p["line"] = frame ? nb::object(nb::int_(s.stack[depth].line)) : nb::object(nb::none());
    }
    pending = p;
  }
  nb::dict out;
  out["game"] = "senjutsu";
  out["turn"] = s.turn;
  out["phase"] = PHASES[s.phase];
  out["board"] = s.two_boards ? "two" : "one";
  nb::dict terrain;
  for (auto& [h, k] : s.terrain) terrain[hex_text(h).c_str()] = TERRAIN_KINDS[k];
  out["terrain"] = terrain;
  std::vector<std::string> left;
  for (int k : s.terrain_left) left.push_back(TERRAIN_KINDS[k]);
  std::sort(left.begin(), left.end());
  nb::list left_list;
  for (auto& k : left) left_list.append(k);
  out["terrain_to_place"] = left_list;
  nb::list adv;
  for (int i : s.advantage) adv.append(seat_name(i));
  out["advantage"] = adv;
  out["seats"] = seats;
  nb::list acting;
  for (int i : to_act(s)) acting.append(seat_name(i));
  out["to_act"] = acting;
  out["pending"] = pending;
  if (s.stage == S_RESOLVE || s.stage == S_END) {
    nb::list order;
    for (auto& g : s.segments) {
      nb::list pair;
      pair.append(seat_name(g.seat));
      pair.append(g.initiative);
      order.append(pair);
    }
    out["order"] = order;
  } else {
    out["order"] = nb::none();
  }
  if (s.result) {
    nb::list w;
    for (int i : *s.result) w.append(seat_name(i));
    out["winners"] = w;
  } else {
    out["winners"] = nb::none();
  }
  return out;
}

struct Game {
  State s;
};

// no events made while it lives (a quiet step), as before after it, also where the step throws
struct Quiet {
  State& s;
  bool was;
  explicit Quiet(State& state) : s(state), was(state.record) { s.record = false; }
  ~Quiet() { s.record = was; }
};

// a Choose action's text ('play <card>', 'play stun', 'play poison') as its act
int choose_act(const State& s, const std::string& move) {
  if (move.rfind("play ", 0) != 0) throw std::invalid_argument("'" + move + "' is not a Choose action");
  std::string cid = move.substr(5);
  if (cid == "stun") return STATUS_STUN;
  if (cid == "poison") return STATUS_POISON;
  auto it = s.cs->index.find(cid);
  if (it == s.cs->index.end()) throw std::invalid_argument("'" + cid + "' is not a card of this card set");
  return it->second;
}

int play_random(State& s, std::vector<uint64_t> seeds, long long limit) {
  std::vector<Rng> bots;
  for (uint64_t x : seeds) bots.emplace_back(x);
  bool record = s.record;
  s.record = false;
  int moves = 0;
  while (s.phase != PH_OVER && (limit < 0 || moves < limit)) {
    auto acting = to_act(s);
    if (acting.empty()) throw std::runtime_error("the game is not over but nobody is to act");
    for (int seat : acting) {
      if (!to_act(s).has(seat)) break;
      if (limit >= 0 && moves >= limit) break;
      if (s.phase == PH_DECIDE && s.pending) {   // the question's own options, not a copy of them
        const auto& legal = s.pending->options;
        int move = legal[bots.at(seat).next64() % legal.size()];
        apply_act(s, seat, move);
      } else {
        auto legal = legal_acts(s, seat);
        apply_act(s, seat, legal[bots.at(seat).next64() % legal.size()]);
      }
      ++moves;
    }
  }
  s.record = record;
  return moves;
}

}  // namespace

NB_MODULE(_daimyo_senjutsu_native, m) {
  m.doc() = "The native Senjutsu engine (daimyo/senjutsu/native.py; docs/native.md)";
  nb::class_<PyCardSet>(m, "CardSet");
  nb::class_<ObsLayout>(m, "ObsLayout")
      .def("__init__", [](ObsLayout* l, const PyCardSet& cs, nb::dict layout) { new (l) ObsLayout{read_layout(cs.cs, layout)}; },
           "The observation's layout (daimyo/rl/senjutsu.py's vocabularies by name) against a card set")
      .def_ro("size", &ObsLayout::size);
  m.def("load_cards", [](nb::list cards, nb::list characters) { return PyCardSet{load_cards(cards, characters)}; },
        "A card set from the Python loader's cards and characters, as plain dicts");
  m.def("shuffle_orders", [](uint64_t rng_state, std::vector<int> sizes) {
    Rng rng(rng_state);
    std::vector<std::vector<int>> orders;
    for (int n : sizes) {
      std::vector<int> order(static_cast<size_t>(n));
      for (int i = 0; i < n; ++i) order[static_cast<size_t>(i)] = i;
      rng.shuffle(order);
      orders.push_back(std::move(order));
    }
    return nb::make_tuple(orders, rng.state());
  }, "Rng.shuffle of lists of these sizes, one after the other, as orders of their indices; (orders, the state after)");
  nb::class_<Game>(m, "Game")
      .def("__init__", [](Game* g, const PyCardSet& cs, nb::dict fields) { new (g) Game{load(cs.cs, fields)}; })
      .def("to_act", [](const Game& g) { return to_act(g.s).list(); })
      .def("legal_moves", [](const Game& g, int seat) { return legal_moves(g.s, seat); })
      .def("apply", [](Game& g, int seat, const std::string& text) {
        g.s.record = true;
        return events(apply_move(g.s, seat, text));
      })
      .def("apply_quiet", [](Game& g, int seat, const std::string& text) {
        g.s.record = false;
        apply_move(g.s, seat, text);
        g.s.record = true;
      })
      .def("legal_count", [](const Game& g, int seat) { return legal_count(g.s, seat); },
           "len(legal_moves(seat)) without the moves' texts")
      .def("mask", [](const Game& g, int seat, nb::ndarray<int8_t, nb::numpy, nb::ndim<1>, nb::c_contig> out, bool wait) {
        return write_mask(g.s, seat, wait, out.data(), static_cast<int>(out.shape(0)));
      }, nb::arg("seat"), nb::arg("out").noconvert(), nb::arg("wait") = false,
           "The seat's action mask over the environments' slots written into out (int8: slot k the k-th legal move, "
           "slot 0 where it has none and wait); returns how many legal moves it has (no slot written where out is "
           "too short for them)")
      .def("slot_act", [](const Game& g, int seat, int k) { return slot_act(g.s, seat, k); },
           "The seat's k-th legal action (from 0) as the engine's int; IndexError where it has no such action")
      .def("apply_slot", [](Game& g, int seat, int k) {
        int act = slot_act(g.s, seat, k);
        Quiet quiet(g.s);
        apply_act(g.s, seat, act);
      }, "apply_quiet(seat, legal_moves(seat)[k]) without making a text; IndexError where it has no such move")
      .def("apply_act", [](Game& g, int seat, int act) {
        auto legal = legal_acts(g.s, seat);
        if (std::find(legal.begin(), legal.end(), act) == legal.end()) return false;
        Quiet quiet(g.s);
        apply_act(g.s, seat, act);
        return true;
      }, "Apply one of slot_act's actions without its events where it is legal now; whether it was (else nothing changes)")
      .def("clone", [](const Game& g) { return Game{g.s}; })
      .def("fields", [](const Game& g) { return dump(g.s); })
      .def("view", [](const Game& g, nb::object player) { return view(g.s, player.is_none() ? -1 : nb::cast<int>(player)); },
           nb::arg("player").none())
      .def("encode", [](const Game& g, const ObsLayout& layout, int seat, int players,
                        nb::ndarray<float, nb::numpy, nb::ndim<1>, nb::c_contig> out) {
        if (layout.cs != g.s.cs) throw FieldError("layout: made for another card set than this duel's");
        if (out.shape(0) != static_cast<size_t>(layout.size)) throw FieldError("out: not the observation's size");
        if (seat < 0 || seat >= g.s.n() || players != g.s.n()) throw FieldError("seat: not a seat of this duel");
        encode_observation(g.s, seat, players, layout, out.data());
      }, "daimyo.rl.senjutsu.encode(view(seat), seat, players), written into out (float32) from the native state")
      .def("phase", [](const Game& g) { return std::string(PHASES[g.s.phase]); })
      .def("over", [](const Game& g) { return g.s.phase == PH_OVER; }, "phase() == 'over', without making the text")
      .def("turn", [](const Game& g) { return g.s.turn; })
      .def("n", [](const Game& g) { return g.s.n(); })
      .def("result", [](const Game& g) { return g.s.result ? nb::object(ints(*g.s.result)) : nb::object(nb::none()); })
      .def("pending_kind", [](const Game& g) { return g.s.pending ? std::string(QKINDS[g.s.pending->kind]) : std::string(); })
      .def("chosen_count", [](const Game& g) {
        return static_cast<int>(std::count_if(g.s.chosen.begin(), g.s.chosen.end(), [](int c) { return c != NO_CARD; }));
      })
      .def("evaluate", [](const Game& g, int seat) { return evaluate_state(g.s, seat); })
      .def("card_score", [](const Game& g, int seat, const std::string& move) { return card_score(g.s, seat, choose_act(g.s, move)); })
      .def("hand_value", [](const Game& g, int seat) { return hand_value(g.s, seat); })
      .def("heuristic_choose", [](const Game& g, int seat, uint64_t rng_state) {
        Rng rng(rng_state);
        int act = heuristic_choose(g.s, seat, rng);
        return nb::make_tuple(act_text(g.s, seat, act), rng.state());
      }, "SenjutsuHeuristicBot.choose with the bot's generator state; (move, the state after)")
      .def("rollout", [](Game& g, int start_turn, int horizon, uint64_t rng_state, double hand_weight, double score_scale,
                         int max_actions) {
        Rng rng(rng_state);
        auto out = rollout(g.s, start_turn, horizon, rng, hand_weight, score_scale, max_actions);
        return nb::make_tuple(out, rng.state());
      }, "SMMCTSBot._rollout in place; (each seat's result, the heuristic's generator state after)")
      .def("determinize", [](const Game& g, int seat, uint64_t rng_state) {
        Rng rng(rng_state);
        Game w{determinize(g.s, seat, rng)};
        return nb::make_tuple(std::move(w), rng.state());
      }, "smmcts.determinize with the bot's generator state; (the world, the state after)")
      .def("play_random", [](Game& g, std::vector<uint64_t> seeds, long long limit) { return play_random(g.s, seeds, limit); },
           nb::arg("seeds"), nb::arg("limit") = -1);
}
