// The bindings of integer actions and observations (encode.hpp) on a native Game: the legal actions as catalogue ids
// or a mask written into a NumPy array, an action applied by id (events built only when asked), the observation
// written into a NumPy array. daimyo/rl/encoding.py hands the catalogue's layout over (`load_encoding`).
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include "bind.hpp"
#include "encode.hpp"

namespace nb = nanobind;

namespace daimyo {

using MaskOut = nb::ndarray<int8_t, nb::ndim<1>, nb::c_contig, nb::device::cpu>;
using ObsOut = nb::ndarray<float, nb::ndim<1>, nb::c_contig, nb::device::cpu>;

namespace {

template <typename T>
T field(const nb::dict& d, const char* key) {
  if (!d.contains(key)) throw std::invalid_argument(std::string("load_encoding: missing field '") + key + "'");
  return nb::cast<T>(d[key]);
}

void load_encoding(const RulesHandle& rules, const nb::dict& d) {
  Encoding e;
  e.rules = rules.ref;
  e.n_actions = field<int>(d, "n_actions");
  e.obs_size = field<int>(d, "obs_size");
  e.nplace = field<int>(d, "nplace");
  e.n_codes = field<int>(d, "n_codes");
  e.max_players = field<int>(d, "max_players");
  e.card_steps = field<int>(d, "card_steps");
  const nb::dict at = field<nb::dict>(d, "offsets");
  e.clan = field<int>(at, "clan");
  e.objective = field<int>(at, "objective");
  e.control = field<int>(at, "control");
  e.pass = field<int>(at, "pass");
  e.play_card = field<int>(at, "play_card");
  e.play = field<int>(at, "play");
  e.place = field<int>(at, "place");
  e.look = field<int>(at, "look");
  e.token = field<int>(at, "token");
  e.swap = field<int>(at, "swap");
  e.province = field<int>(at, "province");
  e.special = field<int>(at, "special");
  e.player = field<int>(at, "player");
  e.take = field<int>(at, "take");
  e.discard = field<int>(at, "discard");
  e.give_back = field<int>(at, "return");
  e.code_pos = field<std::vector<std::vector<int>>>(d, "code_pos");
  const nb::dict cards = field<nb::dict>(d, "card_pos");
  const Rules& R = *e.rules;
  for (const auto& id : R.card_ids) {
    if (!cards.contains(id.c_str())) throw std::invalid_argument("load_encoding: card_pos has no card '" + id + "'");
    e.card_pos.push_back(nb::cast<int>(cards[id.c_str()]));
  }
  const std::string count_memo = field<std::string>(d, "count_memo"), token_memo = field<std::string>(d, "token_memo");
  for (size_t c = 0; c < R.card_ids.size(); ++c) {
    if (R.card_ids[c] == count_memo) e.count_memo_card = static_cast<int>(c);
    if (R.card_ids[c] == token_memo) e.token_memo_card = static_cast<int>(c);
  }
  if (e.code_pos.size() != R.clan_names.size()) throw std::invalid_argument("load_encoding: code_pos needs one row a clan");
  for (size_t c = 0; c < e.code_pos.size(); ++c)
    if (e.code_pos[c].size() != R.clan_token_codes[c].size())
      throw std::invalid_argument("load_encoding: code_pos needs one entry per token of clan " + R.clan_names[c]);
  // the observation's length, part by part as encoding.py sums it: refused unless both agree
  const int np = R.n_provinces(), n_clans = static_cast<int>(R.clan_names.size());
  const int n_cards = static_cast<int>(R.card_ids.size());
  const int size = np * (e.max_players + 3 + static_cast<int>(R.specials.size())) + e.nplace * 2 * e.max_players +
                   3 * e.n_codes + e.max_players * (10 + n_clans) + R.rounds + 1 + 6 + 4 +
                   static_cast<int>(R.objective_ids.size()) + n_cards + n_clans +
                   (n_cards + e.card_steps + np + e.nplace + 1 + e.n_codes);
  if (size != e.obs_size)
    throw std::invalid_argument("load_encoding: obs_size " + std::to_string(e.obs_size) + " but the native encoder writes " +
                                std::to_string(size));
  if (e.nplace != 2 * np + 2 * static_cast<int>(R.borders.size())) throw std::invalid_argument("load_encoding: nplace");
  e.loaded = true;
  ENCODING = std::move(e);
}

void need_encoding() {
  if (!ENCODING.loaded) throw std::runtime_error("the native encoder has no layout yet: import daimyo.rl.encoding first");
}

}  // namespace

void bind_encoding(nb::module_& m, nb::class_<State>& game) {
  m.def("load_encoding", &load_encoding, nb::arg("rules"), nb::arg("layout"),
        "Set the action catalogue's and the observation's layout for games under `rules` (daimyo/rl/encoding.py "
        "passes the standard rules and its layout).");
  game.def("legal_action_ids", [](const State& s, int seat) {
        need_encoding();
        need_actor(s, seat, "legal_action_ids");
        std::vector<Move> moves;
        std::vector<int> ids;
        legal_ids(s, seat, moves, ids);
        return ids;
      }, nb::arg("seat"), "The catalogue ids of the seat's legal actions, in encoding.legal_index's order.")
      .def("legal_index", [](const State& s, int seat) {
        need_encoding();
        need_actor(s, seat, "legal_index");
        std::vector<Move> moves;
        s.legal_moves(seat, moves);
        std::vector<int> seen;
        nb::list out;
        for (const Move& m : moves) {
          const int id = action_id(s, seat, m);
          if (std::find(seen.begin(), seen.end(), id) != seen.end()) continue;
          seen.push_back(id);
          out.append(nb::make_tuple(id, move_tuple(s, seat, m)));
        }
        return out;
      }, nb::arg("seat"), "(id, move) for each legal action: the first legal move of each entry (encoding.legal_index).")
      .def("action_mask", [](const State& s, int seat, MaskOut out) {
        need_encoding();
        need_actor(s, seat, "action_mask");
        if (out.shape(0) != static_cast<size_t>(ENCODING.n_actions)) throw std::invalid_argument("action_mask: wrong length");
        std::vector<Move> moves;
        std::vector<int> ids;
        legal_ids(s, seat, moves, ids);
        int8_t* mask = out.data();
        std::memset(mask, 0, ENCODING.n_actions);
        for (int id : ids) mask[id] = 1;
        return ids.size();
      }, nb::arg("seat"), nb::arg("out"), "Write the seat's action mask into `out` (int8); returns the number legal.")
      .def("action_id", [](const State& s, int seat, const nb::tuple& move) {
        need_encoding();
        need_actor(s, seat, "action_id");
        return action_id(s, seat, find_move(s, seat, move));
      }, nb::arg("seat"), nb::arg("move"), "The catalogue id of a legal move (encoding.move_key's entry).")
      .def("apply_action", [](State& s, int seat, int id, bool events) -> nb::object {
        need_encoding();
        need_actor(s, seat, "apply_action");
        std::vector<Move> moves;
        Move m{};
        if (!move_of(s, seat, id, moves, m))
          throw std::invalid_argument("action " + std::to_string(id) + " is not legal for seat " + std::to_string(seat) + " now");
        Events out;
        out.on = events;
        s.apply_move(seat, m, out);
        if (!events) return nb::none();
        nb::list l;
        for (const Event& e : out) l.append(event(e));
        return l;
      }, nb::arg("seat"), nb::arg("action"), nb::arg("events") = false,
         "Apply the legal move that catalogue entry `action` stands for; its events (as apply_move) only if asked.")
      .def("observe", [](const State& s, int seat, ObsOut out) {
        need_encoding();
        need_seat(s, seat, "observe");
        if (out.shape(0) != static_cast<size_t>(ENCODING.obs_size)) throw std::invalid_argument("observe: wrong length");
        observe(s, seat, out.data());
      }, nb::arg("seat"), nb::arg("out"), "Write the seat's observation (encoding.observe) into `out` (float32).");
}

}  // namespace daimyo
