// The native heuristic's Python bindings: module-level functions on a native Game (State). The bot's generator
// crosses as daimyo.core.rng.Rng's whole state, one int, and comes back as it is after the choice, so that a
// caller can go on drawing where the native bot stopped. Checked against daimyo/bots/rokugan/heuristic.py by
// tests/native/test_heuristic.py.
#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <stdexcept>
#include <string>

#include "bind.hpp"
#include "heuristic_board.hpp"

namespace daimyo {

namespace {

void need_seat(const State& s, int seat, bool clan = true) {
  daimyo::need_seat(s, seat, "heuristic");
  if (clan && s.phase == Phase::SetupClans) throw std::invalid_argument("heuristic: the clans are not chosen yet");
}

nb::list doubles(const double* v, int count) {
  nb::list out;
  for (int i = 0; i < count; ++i) out.append(v[i]);
  return out;
}

nb::list attackers(const Attackers& a) {
  nb::list out;
  for (int i = 0; i < a.n; ++i) out.append(nb::make_tuple(a.who[i], a.strength[i]));
  return out;
}

// Board's fields and values, as heuristic.py's Board holds them (att as (owner, strength) pairs in insertion order)
nb::dict board(const State& s, int seat) {
  need_seat(s, seat);
  Board b(s, seat);
  const int np = s.rules->n_provinces();
  nb::dict d;
  nb::list att, dfn, unk, has_def, lion_bluff, base, worth;
  for (int p = 0; p < np; ++p) {
    att.append(attackers(b.att[p]));
    dfn.append(b.dfn[p]);
    unk.append(b.unk[p]);
    has_def.append(nb::bool_(b.has_def[p]));
    lion_bluff.append(nb::bool_(b.lion_bluff[p]));
    base.append(b.base(p));
  }
  for (int x = 0; x < s.n; ++x) {
    nb::list row;
    for (int p = 0; p < np; ++p) row.append(nb::make_tuple(b.worth(x, p, false), b.worth(x, p, true)));
    worth.append(row);
  }
  nb::list my_tokens, rem;
  for (const BoardToken& t : b.my_tokens) my_tokens.append(t.number);
  for (int q = 0; q < s.n; ++q) rem.append(b.rem[q]);
  d["att"] = att;
  d["dfn"] = dfn;
  d["unk"] = unk;
  d["has_def"] = has_def;
  d["lion_bluff"] = lion_bluff;
  d["my_tokens"] = my_tokens;
  d["rem"] = rem;
  d["w_opp"] = b.w_opp;
  d["rounds_left"] = b.rounds_left;
  d["obj_bonus"] = doubles(b.obj_bonus, np);
  d["pot_att"] = doubles(b.pot_att, np);
  d["pot_def"] = doubles(b.pot_def, np);
  d["my_follow"] = b.my_follow;
  d["base"] = base;
  d["worth"] = worth;
  d["total"] = b.total();
  return d;
}

}  // namespace

void bind_heuristic(nb::module_& m) {
  m.def("heuristic_choose", [](const State& s, int seat, uint64_t rng_state) {
    need_actor(s, seat, "heuristic");
    Heuristic h(rng_state);
    const Move move = h.choose(s, seat);
    return nb::make_tuple(move_tuple(s, seat, move), h.rng.state());
  }, nb::arg("game"), nb::arg("seat"), nb::arg("rng_state"),
     "RokuganHeuristicBot.choose with the bot's Rng at `rng_state`: (the move, the generator's state after).");
  m.def("heuristic_quick_choose", [](const State& s, int seat, uint64_t rng_state, int sample) {
    need_actor(s, seat, "heuristic");
    if (sample < 1) throw std::invalid_argument("heuristic_quick_choose: sample is at least 1");
    Heuristic h(rng_state);
    const Move move = h.quick_choose(s, seat, sample);
    return nb::make_tuple(move_tuple(s, seat, move), h.rng.state());
  }, nb::arg("game"), nb::arg("seat"), nb::arg("rng_state"), nb::arg("sample") = 12,
     "RokuganHeuristicBot.quick_choose: (the move, the generator's state after).");
  m.def("heuristic_scores", [](const State& s, int seat, uint64_t rng_state) {
    need_actor(s, seat, "heuristic");
    Heuristic h(rng_state);
    nb::list out;
    for (const auto& [v, move] : h.score_moves(s, seat, s.legal_moves(seat))) out.append(nb::make_tuple(v, move_tuple(s, seat, move)));
    return nb::make_tuple(out, h.rng.state());
  }, nb::arg("game"), nb::arg("seat"), nb::arg("rng_state"),
     "RokuganHeuristicBot.score_moves on every legal move: ([(score, move), ...], the generator's state after).");
  m.def("heuristic_standing", [](const State& s, int seat) {
    need_seat(s, seat, false);
    return standing(s, seat);
  }, nb::arg("game"), nb::arg("seat"), "heuristic.py standing: honor on the board now minus the rivals'.");
  m.def("heuristic_token_value", [](const State& s, int seat, const std::string& code) {
    need_seat(s, seat);
    const auto& codes = s.rules->clan_token_codes[s.clans[seat]];
    for (size_t i = 0; i < codes.size(); ++i)
      if (codes[i] == code) return token_value(s, seat, static_cast<int>(i));
    return 0.0;
  }, nb::arg("game"), nb::arg("seat"), nb::arg("code"), "heuristic.py token_value of one of the seat's token codes.");
  m.def("heuristic_board", &board, nb::arg("game"), nb::arg("seat"),
        "heuristic.py Board(s, seat)'s fields and values: att, dfn, unk, ..., base, worth, total.");
  m.def("heuristic_utility", [](const State& s, int seat, int p, const std::vector<std::pair<int, double>>& att,
                                double dfn, bool has_def, int unk) {
    need_seat(s, seat);
    if (p < 0 || p >= s.rules->n_provinces()) throw nb::index_error("heuristic_utility: no such province");
    if (static_cast<int>(att.size()) > MAX_SEATS) throw std::invalid_argument("heuristic_utility: at most one attacker a seat");
    Attackers a;
    for (const auto& [who, x] : att) {
      if (who < 0 || who >= s.n || a.has(who)) throw std::invalid_argument("heuristic_utility: att names each seat once");
      a.add(who, x);
    }
    Board b(s, seat);
    return b.utility(p, a, dfn, has_def, unk);
  }, nb::arg("game"), nb::arg("seat"), nb::arg("p"), nb::arg("att"), nb::arg("dfn"), nb::arg("has_def"), nb::arg("unk"),
     "heuristic.py Board(s, seat).utility(p, att, dfn, has_def, unk); att as (seat, strength) pairs in order.");
}

}  // namespace daimyo
