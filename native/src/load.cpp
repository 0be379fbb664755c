// A state from the fields of the Python engine's state (the inverse of module.cpp's `fields`): how a position
// (daimyo/rokugan/position.py) crosses to the native engine. Every name is looked up, every number checked against
// the game's size; what does not fit is a ValueError naming the field, and no state is made.
#include <string>
#include <vector>

#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "state.hpp"

namespace nb = nanobind;

namespace daimyo {

namespace {

[[noreturn]] void bad(const std::string& field, const std::string& what) {
  throw std::invalid_argument("field '" + field + "': " + what);
}

nb::handle get(const nb::dict& d, const char* key) {
  if (!d.contains(key)) bad(key, "missing");
  return d[key];
}

int whole(nb::handle v, const std::string& field, int lo, int hi) {
  if (!nb::isinstance<nb::int_>(v)) bad(field, "not a whole number");
  const long long x = nb::cast<long long>(v);
  if (x < lo || x > hi) bad(field, std::to_string(x) + " is not from " + std::to_string(lo) + " to " + std::to_string(hi));
  return static_cast<int>(x);
}

int named(nb::handle v, const std::vector<std::string>& names, const std::string& field) {
  if (!nb::isinstance<nb::str>(v)) bad(field, "not a name");
  const std::string s = nb::cast<std::string>(v);
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == s) return static_cast<int>(i);
  bad(field, "unknown name '" + s + "'");
}

int named_or_none(nb::handle v, const std::vector<std::string>& names, const std::string& field) {
  return v.is_none() ? -1 : named(v, names, field);
}

std::vector<int> wholes(nb::handle v, const std::string& field, int lo, int hi) {
  std::vector<int> out;
  for (nb::handle x : v) out.push_back(whole(x, field, lo, hi));
  return out;
}

Pile pile(nb::handle v, const std::string& field, int hi) {
  const std::vector<int> items = wholes(v, field, 0, hi);
  if (static_cast<int>(items.size()) > Pile::CAPACITY) bad(field, "too many items");
  Pile p;
  p.assign(items.begin(), items.end());
  return p;
}

// one list per seat, of length n
std::vector<nb::handle> per_seat(const nb::dict& d, const char* key, int n) {
  std::vector<nb::handle> rows;
  for (nb::handle x : get(d, key)) rows.push_back(x);
  if (static_cast<int>(rows.size()) != n) bad(key, "one entry a seat");
  return rows;
}

std::vector<int> ints_per_seat(const nb::dict& d, const char* key, int n, int lo, int hi) {
  std::vector<int> out;
  for (nb::handle x : per_seat(d, key, n)) out.push_back(whole(x, key, lo, hi));
  return out;
}

std::vector<char> flags_per_seat(const nb::dict& d, const char* key, int n) {
  std::vector<char> out;
  for (nb::handle x : per_seat(d, key, n)) out.push_back(nb::cast<bool>(x) ? 1 : 0);
  return out;
}

const char* seen_source(const std::string& s) {
  static const char* known[] = {"scout", "scorpion", "first-player", "dark-favors", "spy-network"};
  for (const char* k : known)
    if (s == k) return k;
  bad("seen", "unknown source '" + s + "'");
}

int seat_of_clan(const State& s, nb::handle clan) {
  const std::string name = nb::cast<std::string>(clan);
  for (int q = 0; q < s.n; ++q)
    if (s.clan_of(q) == name) return q;
  bad("seen", "no seat of clan '" + name + "'");
}

}  // namespace

State state_from_fields(RulesRef rules, const nb::dict& d) {
  const Rules& R = *rules;
  State s;
  s.rules = std::move(rules);
  const int n = s.n = whole(get(d, "n"), "n", 2, 5);
  const int provinces = R.n_provinces(), tokens = R.tokens_per_clan, big = 1 << 20;
  for (nb::handle c : per_seat(d, "clans", n)) s.clans.push_back(named_or_none(c, R.clan_names, "clans"));
  const std::vector<std::string> phases = {"setup-clans", "setup-objectives", "setup-control", "upkeep", "placement", "over"};
  s.phase = static_cast<Phase>(named(get(d, "phase"), phases, "phase"));
  s.round = whole(get(d, "round"), "round", 0, big);
  s.first = whole(get(d, "first"), "first", 0, n - 1);
  s.turn = whole(get(d, "turn"), "turn", 0, n - 1);
  if (d.contains("rng_key")) {
    nb::bytes key = nb::cast<nb::bytes>(d["rng_key"]);
    s.rng = GameRng(KeyedRng(std::string(key.c_str(), key.size()), "game", nb::cast<uint64_t>(d["rng_counter"])));
  } else {
    s.rng = GameRng(nb::cast<uint64_t>(get(d, "rng_state")));
  }
  std::vector<std::string> initiative_names = R.clan_names;
  initiative_names.insert(initiative_names.end(), R.neutral_cards.begin(), R.neutral_cards.end());
  for (nb::handle c : get(d, "initiative")) {
    if (static_cast<int>(s.initiative.size()) == Rules::MAX_SMALL) bad("initiative", "too many cards");
    s.initiative.push_back(named(c, initiative_names, "initiative"));
  }
  for (nb::handle c : get(d, "space")) {
    if (static_cast<int>(s.space.size()) == Rules::MAX_SMALL) bad("space", "one entry a territory");
    s.space.push_back(named_or_none(c, R.card_ids, "space"));
  }
  if (s.space.size() != R.territory_cards.size()) bad("space", "one entry a territory");
  s.first_player_card_used = nb::cast<bool>(get(d, "first_player_card_used"));
  s.scorpion_used = nb::cast<bool>(get(d, "scorpion_used"));
  s.unicorn_used = nb::cast<bool>(get(d, "unicorn_used"));
  s.passes = whole(get(d, "passes"), "passes", 0, big);
  auto per_province = [&](const char* key, int lo, int hi) {
    const std::vector<int> v = wholes(get(d, key), key, lo, hi);
    if (static_cast<int>(v.size()) != provinces) bad(key, "one entry a province");
    return v;
  };
  s.owner = per_province("owner", -1, n - 1);
  s.up = per_province("up", 0, big);
  s.down = per_province("down", 0, big);
  for (const char* key : {"hand", "pool", "discard", "out"}) {
    std::vector<Pile> rows;
    for (nb::handle x : per_seat(d, key, n)) rows.push_back(pile(x, key, tokens - 1));
    (key == std::string("hand") ? s.hand : key == std::string("pool") ? s.pool : key == std::string("discard") ? s.discard : s.out) = rows;
  }
  s.supply = ints_per_seat(d, "supply", n, 0, big);
  s.set_aside = ints_per_seat(d, "set_aside", n, 0, big);
  s.scouts = ints_per_seat(d, "scouts", n, 0, big);
  s.shugenja = ints_per_seat(d, "shugenja", n, 0, big);
  for (nb::handle o : per_seat(d, "objective", n)) s.objective.push_back(named_or_none(o, R.objective_ids, "objective"));
  for (nb::handle dealt : per_seat(d, "offer", n)) {
    Pile p;
    for (nb::handle o : dealt) p.push_back(named(o, R.objective_ids, "offer"));
    s.offer.push_back(p);
  }
  s.ronin = flags_per_seat(d, "ronin", n);
  s.done = flags_per_seat(d, "done", n);
  s.spied = flags_per_seat(d, "spied", n);
  s.dragon_return = wholes(get(d, "dragon_return"), "dragon_return", 0, n - 1);
  for (nb::handle code : get(d, "dragon_drawn")) {
    if (s.dragon_return.empty()) bad("dragon_drawn", "tokens drawn with no Dragon decision");
    const int dragon = s.clans[s.dragon_return.back()];
    if (dragon < 0) bad("dragon_return", "a seat without a clan");
    s.dragon_drawn.push_back(named(code, R.clan_token_codes[dragon], "dragon_drawn"));
  }
  s.scorpion_look = whole(get(d, "scorpion_look"), "scorpion_look", -1, n - 1);
  s.unicorn_swap = whole(get(d, "unicorn_swap"), "unicorn_swap", -1, n - 1);
  s.next_id = whole(get(d, "next_id"), "next_id", 1, big);
  for (nb::handle t : get(d, "tokens")) {
    nb::tuple x = nb::cast<nb::tuple>(t);
    if (x.size() != 8) bad("tokens", "a token is (number, owner, clan token, place, site, attacked, faceup, known by)");
    const std::string place = nb::cast<std::string>(x[3]);
    if (place.size() != 1 || std::string("clso").find(place[0]) == std::string::npos) bad("tokens", "place is c, l, s or o");
    s.tokens.push_back({whole(x[0], "tokens", 1, big), whole(x[1], "tokens", 0, n - 1), whole(x[2], "tokens", 0, tokens - 1),
                        place[0], whole(x[4], "tokens", -1, big), whole(x[5], "tokens", -1, provinces - 1),
                        nb::cast<bool>(x[6]), whole(x[7], "tokens", 0, (1 << n) - 1)});
  }
  // (the engine lists a seat's board tokens in fixed arrays of MAX_TOKENS: a clan has no more)
  for (int q = 0; q < n; ++q) {
    int on_board = 0;
    for (const BoardToken& b : s.tokens) on_board += b.owner == q;
    if (on_board > tokens) bad("tokens", "a seat has more tokens on the board than its clan has");
  }
  std::vector<int> special;
  for (nb::handle sp : get(d, "special")) special.push_back(named_or_none(sp, R.specials, "special"));
  if (static_cast<int>(special.size()) != provinces) bad("special", "one entry a province");
  s.special = special;
  s.derive_sets();
  for (nb::handle row : per_seat(d, "seen", n)) {
    std::vector<Seen> items;
    for (nb::handle item : row) {
      nb::tuple x = nb::cast<nb::tuple>(item);
      if (x.size() != 4) bad("seen", "a seen fact has four parts");
      const char* source = seen_source(nb::cast<std::string>(x[0]));
      if (source == std::string("spy-network")) {
        std::vector<std::string> codes;
        for (nb::handle c : x[3]) codes.push_back(nb::cast<std::string>(c));
        items.push_back({source, -1, whole(x[1], "seen", 0, n - 1), -1, codes});
      } else {
        const int owner = seat_of_clan(s, x[2]);
        if (s.clans[owner] < 0) bad("seen", "a token of a seat without a clan");
        items.push_back({source, whole(x[1], "seen", 1, big), owner, named(x[3], R.clan_token_codes[s.clans[owner]], "seen"), {}});
      }
    }
    s.seen.push_back(items);
  }
  nb::handle card = get(d, "card");
  if (!card.is_none()) {
    nb::tuple x = nb::cast<nb::tuple>(card);
    if (x.size() != 4) bad("card", "a card decision is (seat, card, step, memo)");
    s.card.seat = whole(x[0], "card", 0, n - 1);
    s.card.card = named(x[1], R.card_ids, "card");
    s.card.step = whole(x[2], "card", 0, big);
    s.card.memo = wholes(x[3], "card", -big, big);
  }
  for (nb::handle row : per_seat(d, "cards", n)) {
    Pile p;
    for (nb::handle c : row) {
      if (static_cast<int>(p.size()) == Pile::CAPACITY) bad("cards", "too many territory cards");
      p.push_back(named(c, R.card_ids, "cards"));
    }
    s.cards.push_back(p);
  }
  for (nb::handle c : get(d, "played")) {
    if (static_cast<int>(s.played.size()) == Rules::MAX_SMALL) bad("played", "too many cards");
    s.played.push_back(named(c, R.card_ids, "played"));
  }
  nb::dict left = nb::cast<nb::dict>(get(d, "specials_left"));
  for (const auto& name : R.specials)
    s.specials_left.push_back(left.contains(name.c_str()) ? whole(left[name.c_str()], "specials_left", 0, big) : 0);
  for (int q = 0; q < n; ++q)
    if (s.clans[q] < 0 && (!s.hand[q].empty() || !s.pool[q].empty())) bad("hand", "tokens of a seat without a clan");
  return s;
}

}  // namespace daimyo
