// The Python face of the native engine: the module `_daimyo_native` (wrapped by daimyo/rokugan/native.py).
// Moves and events cross as the Python engine's own tuples and dicts; names are the rules data's.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <stdexcept>
#include <type_traits>

#include "bind.hpp"
#include "scoring.hpp"
#include "state.hpp"

namespace nb = nanobind;
using namespace daimyo;

namespace {

template <typename T>
T item(const nb::dict& d, const char* key) {
  if (!d.contains(key)) throw std::invalid_argument(std::string("load_rules: missing field '") + key + "'");
  return nb::cast<T>(d[key]);
}

int index_of(const std::vector<std::string>& names, const std::string& name, const char* what) {
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<int>(i);
  throw std::invalid_argument(std::string("unknown ") + what + " '" + name + "'");
}

RulesHandle make_rules(const nb::dict& d) {
  Rules r;
  r.province_names = item<std::vector<std::string>>(d, "province_names");
  r.territory_cards = item<std::vector<std::vector<std::string>>>(d, "territory_cards");
  r.rounds = item<int>(d, "rounds");
  r.hand_size = item<int>(d, "hand_size");
  r.control_tokens = item<int>(d, "control_tokens");
  r.initiative_deck_size = item<int>(d, "initiative_deck_size");
  r.scouts = item<int>(d, "scouts");
  r.shugenja = item<int>(d, "shugenja");
  r.objectives_dealt = item<int>(d, "objectives_dealt");
  r.starting_control = item<std::vector<int>>(d, "starting_control");
  r.clan_names = item<std::vector<std::string>>(d, "clan_names");
  r.capital = item<std::vector<int>>(d, "capital");
  r.clan_token_codes = item<std::vector<std::vector<std::string>>>(d, "clan_token_codes");
  r.tokens_per_clan = item<int>(d, "tokens_per_clan");
  r.bluff = item<int>(d, "bluff");
  r.objective_ids = item<std::vector<std::string>>(d, "objective_ids");
  r.neutral_cards = item<std::vector<std::string>>(d, "neutral_cards");
  r.dragon = r.clan_index("dragon");
  r.scorpion = r.clan_index("scorpion");
  r.lion = r.clan_index("lion");
  r.crab = r.clan_index("crab");
  r.crane = r.clan_index("crane");
  r.phoenix = r.clan_index("phoenix");
  r.unicorn = r.clan_index("unicorn");
  r.clan_token_strength = item<std::vector<std::vector<int>>>(d, "clan_token_strength");
  {
    static const std::vector<std::string> most = {"territory_cards", "provinces", "control_tokens"};
    for (const auto& m : item<std::vector<std::string>>(d, "neutral_most")) r.neutral_most.push_back(index_of(most, m, "neutral card"));
    static const std::vector<std::string> ids = {
        "feats-of-engineering", "promotion", "code-of-honor", "diplomatic-mission", "strength-of-purpose",
        "sacred-ground", "bushido", "honorable-fight", "aid-of-the-kami", "bless-the-lands", "foment-rebellion",
        "spy-network", "cultural-exchange", "reinforcements", "port-of-prosperity", "pirate-raids",
        "bountiful-harvest", "ashigaru-levies", "dark-favors", "purge-the-weak", "animate-the-dead", "inspire-fear"};
    r.card_ids = ids;
    r.card_territory.assign(ids.size(), -1);
    r.card_placement.assign(ids.size(), 0);
    const auto cards = item<std::vector<nb::dict>>(d, "cards");
    if (cards.size() != ids.size()) throw std::invalid_argument("territory_cards.json: the native engine has an effect for each of 22 cards");
    for (const auto& c : cards) {
      const int i = index_of(ids, item<std::string>(c, "id"), "territory card");
      r.card_territory[i] = item<int>(c, "territory");
      r.card_placement[i] = item<std::string>(c, "timing") == "placement";
    }
    for (const auto& pair : r.territory_cards) {
      std::vector<int> idx;
      for (const auto& id : pair) idx.push_back(index_of(ids, id, "territory card"));
      r.territory_card_index.push_back(idx);
    }
  }
  r.printed_defense = item<std::vector<int>>(d, "printed_defense");
  for (bool b : item<std::vector<bool>>(d, "is_capital")) r.is_capital.push_back(b);
  r.special_supply = item<std::vector<int>>(d, "special_supply");
  r.special_defense = item<std::vector<int>>(d, "special_defense");
  {
    static const std::vector<std::string> kinds = {"army", "navy", "shinobi", "blessing", "diplomacy", "raid", "bluff"};
    for (const auto& clan : item<std::vector<std::vector<std::string>>>(d, "clan_token_kinds")) {
      std::vector<int> ks;
      for (const auto& k : clan) ks.push_back(index_of(kinds, k, "combat token kind"));
      r.clan_token_kinds.push_back(std::move(ks));
    }
  }
  for (const auto& codes : r.clan_token_codes) {
    std::vector<int> ids;
    for (size_t i = 0; i < codes.size(); ++i)
      ids.push_back(static_cast<int>(std::find(codes.begin(), codes.end(), codes[i]) - codes.begin()));
    r.clan_token_code_id.push_back(std::move(ids));
  }
  for (const auto& b : item<std::vector<std::vector<int>>>(d, "borders")) {
    if (b.size() != 2) throw std::invalid_argument("load_rules: a land border joins two provinces");
    r.borders.emplace_back(b[0], b[1]);
  }
  r.province_borders = item<std::vector<std::vector<int>>>(d, "province_borders");
  r.territory_names = item<std::vector<std::string>>(d, "territory_names");
  r.territory_provinces = item<std::vector<std::vector<int>>>(d, "territory_provinces");
  for (bool b : item<std::vector<bool>>(d, "territory_shadowlands")) r.territory_shadowlands.push_back(b);
  r.province_territory = item<std::vector<int>>(d, "province_territory");
  r.flowers = item<std::vector<int>>(d, "flowers");
  for (bool b : item<std::vector<bool>>(d, "coastal")) r.coastal.push_back(b);
  for (bool b : item<std::vector<bool>>(d, "shadowlands")) r.shadowlands.push_back(b);
  r.adjacent = item<std::vector<std::vector<int>>>(d, "adjacent");
  r.specials = item<std::vector<std::string>>(d, "specials");
  r.special_honor = item<std::vector<int>>(d, "special_honor");
  for (int i = 0; i < static_cast<int>(r.specials.size()); ++i) {
    if (r.specials[i] == "scorched_earth") r.scorched = i;
    if (r.specials[i] == "harbor") r.harbor = i;
    if (r.specials[i] == "honor_4") r.honor_4 = i;
    if (r.specials[i] == "peace") r.peace = i;
    if (r.specials[i] == "shrine") r.shrine = i;
    if (r.specials[i] == "battlefield") r.battlefield = i;
    if (r.specials[i] == "honor_1") r.honor_1 = i;
    if (r.specials[i] == "honor_2") r.honor_2 = i;
    if (r.specials[i] == "defense_1") r.defense_1 = i;
    if (r.specials[i] == "defense_2") r.defense_2 = i;
  }
  {
    // every number inside the cards' effects, by "card.field" (native.py rules_table)
    const auto numbers = item<nb::dict>(d, "card_numbers");
    Rules::CardNumbers& k = r.card_numbers;
    const std::pair<const char*, int*> fields[] = {
        {"code-of-honor.provinces", &k.code_of_honor_provinces}, {"ashigaru-levies.provinces", &k.ashigaru_levies_provinces},
        {"diplomatic-mission.control_tokens", &k.diplomatic_mission_control},
        {"foment-rebellion.control_tokens", &k.foment_rebellion_control}, {"pirate-raids.control_tokens", &k.pirate_raids_control},
        {"bountiful-harvest.control_tokens", &k.bountiful_harvest_control},
        {"strength-of-purpose.provinces", &k.strength_of_purpose_provinces}, {"bless-the-lands.faceup", &k.bless_faceup},
        {"bless-the-lands.facedown", &k.bless_facedown}, {"reinforcements.armies", &k.reinforcements_armies},
        {"reinforcements.tokens", &k.reinforcements_tokens}, {"dark-favors.tokens", &k.dark_favors_tokens},
        {"purge-the-weak.tokens", &k.purge_the_weak_tokens}, {"inspire-fear.special_tokens", &k.inspire_fear_specials}};
    if (numbers.size() != sizeof(fields) / sizeof(fields[0]))
      throw std::invalid_argument("load_rules: card_numbers names a number the native engine does not play");
    for (const auto& [key, field] : fields) {
      *field = item<int>(numbers, key);
      if (*field < 1 || *field > Rules::MAX_TOKENS) throw std::invalid_argument(std::string("load_rules: card_numbers '") + key + "' out of range");
    }
  }
  for (const auto& o : item<std::vector<nb::dict>>(d, "objectives")) {
    static const char* names[] = {"territory_hold", "connected_spread", "coastal", "fewest_provinces", "territory_spread",
                                  "provinces_all"};
    Rules::Objective x;
    const std::string condition = item<std::string>(o, "condition");
    x.condition = static_cast<Rules::Objective::Condition>(index_of(std::vector<std::string>(names, names + 6), condition,
                                                                    "objective condition"));
    x.honor = item<int>(o, "honor");
    x.capital = item<int>(o, "capital");
    x.territory = item<int>(o, "territory");
    x.provinces = item<int>(o, "provinces");
    x.territories = item<int>(o, "territories");
    x.provinces_list = item<std::vector<int>>(o, "provinces_list");
    r.objectives.push_back(std::move(x));
  }
  const std::string problem = check_rules(r);
  if (!problem.empty()) throw std::invalid_argument(problem);
  r.derive();
  return RulesHandle{std::make_shared<const Rules>(std::move(r))};
}

}  // namespace

namespace daimyo {  // shared with the other binding files (bind.hpp)

void need_seat(const State& s, int seat, const char* what) {
  if (seat < 0 || seat >= s.n) throw nb::index_error((std::string(what) + ": no seat " + std::to_string(seat)).c_str());
}

void need_actor(const State& s, int seat, const char* what) {
  need_seat(s, seat, what);
  if (!s.acts(seat)) throw std::invalid_argument(std::string(what) + ": seat " + std::to_string(seat) + " is not to act");
}

nb::object value(const Value& v) {
  switch (v.kind) {
    case Value::Int: return nb::int_(v.i);
    case Value::Text: return nb::str(v.text.c_str());
    case Value::Bool: return nb::bool_(v.i != 0);
    case Value::None: return nb::none();
    case Value::List: {
      nb::list l;
      for (const auto& x : v.list) l.append(value(x));
      return l;
    }
    case Value::Dict: {
      nb::dict d;
      for (const auto& [k, x] : v.dict) d[k.c_str()] = value(x);
      return d;
    }
    case Value::Texts: {
      nb::list l;
      for (const auto& t : v.texts) l.append(nb::str(t.c_str()));
      return l;
    }
  }
  return nb::none();
}

// An event as (kind, the seat that alone sees it or None, data)
nb::tuple event(const Event& e) {
  nb::dict data;
  for (const auto& [k, v] : e.data) data[k.c_str()] = value(v);
  nb::object seat = e.seat < 0 ? nb::none() : nb::object(nb::int_(e.seat));
  return nb::make_tuple(nb::str(e.kind.c_str()), seat, data);
}

nb::tuple move_tuple(const State& s, int seat, const Move& m) {
  const Rules& R = *s.rules;
  switch (m.verb) {
    case Move::Clan: return nb::make_tuple("clan", nb::str(R.clan_names[m.arg].c_str()));
    case Move::Objective: return nb::make_tuple("objective", nb::str(R.objective_ids[m.arg].c_str()));
    case Move::Control: return nb::make_tuple("control", m.arg);
    case Move::Return: return nb::make_tuple("return", nb::str(R.clan_token_codes[s.clans[seat]][m.arg].c_str()));
    case Move::Place: {
      const char loc[2] = {m.loc, 0};
      return nb::make_tuple("place", nb::str(R.clan_token_codes[s.clans[seat]][m.arg].c_str()), nb::str(loc), m.a, m.b);
    }
    case Move::Play: {
      static const char* cards[] = {"scout", "shugenja", "first-player"};
      return nb::make_tuple("play", nb::str(cards[m.arg]), m.a);
    }
    case Move::Look: return nb::make_tuple("look", m.arg);
    case Move::Pass: return nb::make_tuple("pass");
    case Move::PlayCard: return nb::make_tuple("play", nb::str(R.card_ids[m.arg].c_str()));
    case Move::Province: return nb::make_tuple("province", m.arg);
    case Move::Special: return nb::make_tuple("special", m.arg);
    case Move::Token: return nb::make_tuple("token", m.arg);
    case Move::Player: return nb::make_tuple("player", m.arg);
    case Move::Take: return nb::make_tuple("take", nb::str(R.clan_token_codes[s.clans[seat]][m.arg].c_str()));
    case Move::Discard: return nb::make_tuple("discard", nb::str(R.clan_token_codes[s.clans[seat]][m.arg].c_str()));
    case Move::Done: return nb::make_tuple("done");
    case Move::Swap: return nb::make_tuple("swap", m.arg, m.a);
  }
  return nb::make_tuple();
}

// The legal move of `seat` that the Python tuple `move` names; an error if it is not one.
Move find_move(const State& s, int seat, const nb::tuple& move) {
  for (const Move& legal : s.legal_moves(seat))
    if (move_tuple(s, seat, legal).equal(move)) return legal;
  throw std::invalid_argument("not a legal move of seat " + std::to_string(seat) + ": " +
                              nb::cast<std::string>(nb::repr(move)));
}

}  // namespace daimyo

namespace {

template <typename Piles>
nb::list seat_lists(const Piles& v) {
  nb::list out;
  for (const auto& x : v) out.append(nb::cast(x.list()));
  return out;
}

template <typename Flags>
nb::list flags(const Flags& v) {
  nb::list out;
  for (char c : v) out.append(nb::bool_(c != 0));
  return out;
}

// Every field the native engine keeps, in the Python engine's types (state.py FIELDS), for the hand-over
// to the Python engine and for the agreement tests.
nb::dict fields(const State& s) {
  const Rules& R = *s.rules;
  nb::dict d;
  d["n"] = s.n;
  nb::list clans;
  for (int c : s.clans) clans.append(c < 0 ? nb::none() : nb::object(nb::str(R.clan_names[c].c_str())));
  d["clans"] = clans;
  d["phase"] = phase_name(s.phase);
  d["round"] = s.round;
  d["first"] = s.first;
  d["turn"] = s.turn;
  if (const KeyedRng* keyed = s.rng.keyed()) {  // the referee's whole state: the key goes to the Python state only
    d["rng_key"] = nb::bytes(keyed->key().data(), keyed->key().size());
    d["rng_counter"] = keyed->counter();
  } else {
    d["rng_state"] = s.rng.state();
  }
  nb::list initiative;
  for (int c : s.initiative) initiative.append(nb::str(s.initiative_card(c).c_str()));
  d["initiative"] = initiative;
  nb::list space;
  for (int c : s.space) space.append(c < 0 ? nb::none() : nb::object(nb::str(R.card_ids[c].c_str())));
  d["space"] = space;
  d["first_player_card_used"] = nb::bool_(s.first_player_card_used);
  d["scorpion_used"] = nb::bool_(s.scorpion_used);
  d["unicorn_used"] = nb::bool_(s.unicorn_used);
  d["passes"] = s.passes;
  d["owner"] = nb::cast(s.owner.list());
  d["up"] = nb::cast(s.up.list());
  d["down"] = nb::cast(s.down.list());
  d["hand"] = seat_lists(s.hand);
  d["pool"] = seat_lists(s.pool);
  d["supply"] = nb::cast(s.supply.list());
  d["set_aside"] = nb::cast(s.set_aside.list());
  d["scouts"] = nb::cast(s.scouts.list());
  d["shugenja"] = nb::cast(s.shugenja.list());
  nb::list objective, offer;
  for (int o : s.objective) objective.append(o < 0 ? nb::none() : nb::object(nb::str(R.objective_ids[o].c_str())));
  for (const auto& dealt : s.offer) {
    nb::list ids;
    for (int o : dealt) ids.append(nb::str(R.objective_ids[o].c_str()));
    offer.append(nb::tuple(ids));
  }
  d["objective"] = objective;
  d["offer"] = offer;
  d["ronin"] = flags(s.ronin);
  d["done"] = flags(s.done);
  d["spied"] = flags(s.spied);
  d["dragon_return"] = nb::cast(s.dragon_return);
  nb::list drawn;
  for (int t : s.dragon_drawn) drawn.append(nb::str(R.clan_token_codes[s.clans[s.dragon_return.empty() ? 0 : s.dragon_return.back()]][t].c_str()));
  d["dragon_drawn"] = drawn;
  d["scorpion_look"] = s.scorpion_look;
  d["next_id"] = s.next_id;
  nb::list tokens;
  for (const BoardToken& b : s.tokens) {
    const char place[2] = {b.place, 0};
    tokens.append(nb::make_tuple(b.number, b.owner, b.clan_token, nb::str(place), b.site, b.attacked, nb::bool_(b.faceup),
                                 b.known_by));
  }
  d["tokens"] = tokens;
  nb::list special;
  for (int sp : s.special) special.append(sp < 0 ? nb::none() : nb::object(nb::str(R.specials[sp].c_str())));
  d["special"] = special;
  d["discard"] = seat_lists(s.discard);
  nb::list seen;
  for (const auto& row : s.seen) {
    nb::list items;
    for (const Seen& x : row) {
      if (x.token < 0) {  // Spy Network: the tokens behind a screen
        nb::list codes;
        for (const auto& c : x.codes) codes.append(nb::str(c.c_str()));
        items.append(nb::make_tuple(nb::str(x.source), x.owner, nb::str(s.clan_of(x.owner).c_str()), nb::tuple(codes)));
      } else {
        items.append(nb::make_tuple(nb::str(x.source), x.token, nb::str(s.clan_of(x.owner).c_str()),
                                    nb::str(R.clan_token_codes[s.clans[x.owner]][x.clan_token].c_str())));
      }
    }
    seen.append(items);
  }
  d["seen"] = seen;
  d["unicorn_swap"] = s.unicorn_swap;
  d["card"] = s.card.seat < 0 ? nb::none()
                              : nb::object(nb::make_tuple(s.card.seat, nb::str(R.card_ids[s.card.card].c_str()), s.card.step,
                                                          nb::tuple(nb::cast(s.card.memo))));
  auto card_list = [&R](const auto& row) {
    nb::list ids;
    for (int c : row) ids.append(nb::str(R.card_ids[c].c_str()));
    return ids;
  };
  nb::list cards;
  for (const auto& row : s.cards) cards.append(card_list(row));
  d["cards"] = cards;
  d["played"] = card_list(s.played);
  d["out"] = seat_lists(s.out);
  nb::dict left;
  for (size_t i = 0; i < R.specials.size(); ++i) left[R.specials[i].c_str()] = s.specials_left[i];
  d["specials_left"] = left;
  return d;
}

nb::dict result_of(const ScoringBoard& b, const std::vector<nb::object>& clans, const std::vector<nb::object>& objective);

// the bytes a state owns outside itself: the storage of every std::vector it owns (their capacity)
template <typename T>
size_t heap(const std::vector<T>& v) {
  size_t total = v.capacity() * sizeof(T);
  if constexpr (std::is_same_v<T, std::vector<Seen>>)
    for (const auto& x : v) total += heap(x);
  if constexpr (std::is_same_v<T, Seen>)
    for (const auto& x : v) total += heap(x.codes);
  if constexpr (std::is_same_v<T, std::string>)
    for (const auto& x : v) total += x.capacity() > 15 ? x.capacity() + 1 : 0;
  return total;
}

size_t held_bytes(const State& s) {
  // the per-seat, per-province and per-territory rows (Row, Pile) lie inside the state itself
  return heap(s.dragon_return) + heap(s.dragon_drawn) + heap(s.card.memo) + heap(s.tokens) + heap(s.seen) + s.memo_bytes();
}

// End of the Game for a position (scoring.py final_scoring): {"scores": [each seat's honor], "winners": [seats]}
nb::dict final_result(const RulesHandle& rules, const std::vector<nb::object>& clans, const std::vector<int>& owner,
                      const std::vector<int>& up, const std::vector<nb::object>& special,
                      const std::vector<nb::object>& objective) {
  const Rules& R = *rules.ref;
  const int np = R.n_provinces();
  if (owner.size() != static_cast<size_t>(np) || up.size() != owner.size() || special.size() != owner.size())
    throw std::invalid_argument("owner, up and special need one entry per province");
  if (objective.size() != clans.size() || clans.size() < 1)
    throw std::invalid_argument("clans and objective need one entry per seat");
  if (clans.size() > static_cast<size_t>(Rules::MAX_SEATS)) throw std::invalid_argument("clans: at most 8 seats");
  ScoringBoard b;
  b.rules = &R;
  b.n = static_cast<int>(clans.size());
  b.owner = owner;
  b.up = up;
  for (const auto& sp : special)
    b.special.push_back(sp.is_none() ? -1 : index_of(R.specials, nb::cast<std::string>(sp), "special token"));
  for (const auto& o : objective)
    b.objective.push_back(o.is_none() ? -1 : index_of(R.objective_ids, nb::cast<std::string>(o), "objective"));
  for (int o : b.owner)
    if (o < -1 || o >= b.n) throw std::invalid_argument("owner: a seat of the game or -1");
  return result_of(b, clans, objective);
}

// the result of a native game that is over, or None: final_result of its position, without the Python state
nb::object game_result(const State& s) {
  if (s.phase != Phase::Over) return nb::none();
  const ScoringBoard b = s.scoring_board();
  std::vector<nb::object> clans, objective;
  for (int seat = 0; seat < s.n; ++seat) {
    clans.push_back(nb::str(s.clan_of(seat).c_str()));
    objective.push_back(s.objective[seat] < 0 ? nb::none() : nb::object(nb::str(s.rules->objective_ids[s.objective[seat]].c_str())));
  }
  return result_of(b, clans, objective);
}

// scoring.py final_scoring's result: each seat's honor, part by part, and the winners
nb::dict result_of(const ScoringBoard& b, const std::vector<nb::object>& clans, const std::vector<nb::object>& objective) {
  nb::list rows;
  std::vector<int> totals;
  for (int seat = 0; seat < b.n; ++seat) {
    const Honor h = honor(b, seat);
    nb::dict row;
    row["clan"] = clans[seat].is_none() ? nb::object(nb::str(("seat" + std::to_string(seat)).c_str())) : clans[seat];
    row["flowers"] = h.flowers;
    row["faceup_control"] = h.faceup_control;
    row["objective"] = objective[seat];
    row["objective_met"] = nb::bool_(h.objective_met);
    row["objective_honor"] = h.objective_honor;
    nb::list territories;
    for (int t : h.territories) territories.append(nb::str(b.rules->territory_names[t].c_str()));
    row["territories"] = territories;
    row["territory_honor"] = h.territory_honor;
    row["total"] = h.total;
    rows.append(row);
    totals.push_back(h.total);
  }
  const int best = *std::max_element(totals.begin(), totals.end());
  nb::list winners;
  for (int seat = 0; seat < b.n; ++seat)
    if (totals[seat] == best) winners.append(seat);
  nb::dict result;
  result["scores"] = rows;
  result["winners"] = winners;
  return result;
}

}  // namespace

namespace daimyo {
void bind_generators(nb::module_& m);  // native/src/keyed.cpp
void bind_heuristic(nb::module_& m);   // native/src/heuristic_bind.cpp
void bind_knowledge(nb::module_& m);   // native/src/knowledge_bind.cpp
void bind_search(nb::module_& m);      // native/src/search_bind.cpp
void bind_encoding(nb::module_& m, nb::class_<State>& game);  // native/src/encode_bind.cpp
void bind_batch(nb::module_& m);       // native/src/batch.cpp
nb::dict view(const State& s, int player, const std::string& rules_version, nb::object result);  // views.cpp
State state_from_fields(RulesRef rules, const nb::dict& d);  // load.cpp
}

// The players and clans of a new game, checked (the Python engine's checks give the rule's words; see native.py).
static std::vector<int> setup_clans(const Rules& R, int players, const std::vector<std::string>& clans) {
  if (players < 2 || players > 5 || R.starting_control[players] <= 0)
    throw std::invalid_argument("Battle for Rokugan is for 2 to 5 players, not " + std::to_string(players));
  if (!clans.empty() && static_cast<int>(clans.size()) != players)
    throw std::invalid_argument(std::to_string(players) + " players need as many clans");
  std::vector<int> ids;
  for (const auto& c : clans) {
    const int id = index_of(R.clan_names, c, "clan");
    for (int other : ids)
      if (other == id) throw std::invalid_argument("each player must choose a different clan");
    ids.push_back(id);
  }
  return ids;
}

// daimyo.bots.random_bot.play with RandomBot(bot_seeds[seat]) at each seat, to the end or `limit` moves: at a
// simultaneous node every seat in to_act moves in turn; each bot draws its move with Rng.choice (the word modulo
// the number of moves). `moves` is scratch. Returns the number of moves made.
static long long play_random(State& s, const uint64_t* bot_seeds, long long limit, std::vector<Move>& moves) {
  Rng bots[State::MAX_PLAYERS];
  for (int seat = 0; seat < s.n; ++seat) bots[seat] = Rng(bot_seeds[seat]);
  long long actions = 0;
  Events quiet;  // nobody reads a random game's events: none is built
  quiet.on = false;
  int acting[State::MAX_PLAYERS];
  while (s.phase != Phase::Over && actions != limit) {
    const int k = s.to_act(acting);
    if (k == 0) throw std::runtime_error("the game is not over but nobody is to act");
    for (int i = 0; i < k && actions != limit; ++i) {
      const int seat = acting[i];
      if (i > 0 && !s.acts(seat)) break;
      Move move;
      const uint64_t word = bots[seat].next64();
      if (s.placing()) {  // the same pick, without listing every placement
        move = s.placement_move_at(seat, word, moves);
      } else if (s.setup_control_at(word, move)) {  // (the same pick among the provinces nobody controls)
      } else if (!(s.card.seat >= 0 && s.dragon_return.empty() && s.scorpion_look < 0 && s.unicorn_swap < 0 &&
                   s.card_option_at(word, move))) {  // (a card's special-token spots: picked from the sets)
        s.legal_moves(seat, moves);
        move = moves[word % moves.size()];
      }
      quiet.clear();
      s.apply_move(seat, move, quiet);
      ++actions;
    }
  }
  return actions;
}

// daimyo.cli.simulate's games with the native engine, in one call: game i is the new deal of seed + i (mod 2^64),
// its clans chosen in play, its bots seeded as random_bot.bot_seeds(seed + i) (the generator of (seed + i) ^
// bot_salt drawn once, plus the seat); a win shared by k tied winners is unit / k (unit: a multiple of each k)
static nb::tuple play_random_deals(const RulesHandle& rules, int players, uint64_t seed, long long games,
                                   uint64_t bot_salt, long long unit) {
  const Rules& R = *rules.ref;
  setup_clans(R, players, {});  // (the same check of the number of players as new_game)
  if (games < 0) throw std::invalid_argument("play_random_deals: games is a count, not " + std::to_string(games));
  const int nc = R.n_clans();
  std::vector<long long> played(nc, 0), wins(nc, 0), honor_sum(nc, 0);
  std::vector<Move> moves;
  moves.reserve(64);  // (the legal moves of a decision off the placement turns: room for them from the first game)
  long long actions = 0;
  {
    nb::gil_scoped_release unlocked;  // (the rules are never changed: other threads may play meanwhile)
    State s;  // each game dealt into the last one's state: its lists keep their room (no allocation a game)
    for (long long i = 0; i < games; ++i) {
      const uint64_t game_seed = seed + static_cast<uint64_t>(i);
      State::deal(s, rules.ref, players, GameRng(game_seed), {});
      const uint64_t first = Rng(game_seed ^ bot_salt).next64();
      uint64_t bot_seeds[State::MAX_PLAYERS];
      for (int seat = 0; seat < players; ++seat) bot_seeds[seat] = first + static_cast<uint64_t>(seat);
      actions += play_random(s, bot_seeds, -1, moves);
      const ScoringBoard b = s.scoring_board();
      int totals[State::MAX_PLAYERS], best = 0, winners = 0;
      for (int seat = 0; seat < players; ++seat) {
        totals[seat] = honor(b, seat).total;
        if (seat == 0 || totals[seat] > best) best = totals[seat];
      }
      for (int seat = 0; seat < players; ++seat) winners += totals[seat] == best;
      for (int seat = 0; seat < players; ++seat) {
        const int c = s.clans[seat];
        ++played[c];
        honor_sum[c] += totals[seat];
        if (totals[seat] == best) wins[c] += unit / winners;
      }
    }
  }
  nb::list rows;
  for (int c = 0; c < nc; ++c)
    if (played[c]) rows.append(nb::make_tuple(R.clan_names[c], played[c], wins[c], honor_sum[c]));
  return nb::make_tuple(actions, rows);
}

NB_MODULE(_daimyo_native, m) {
  m.doc() = "The native Battle for Rokugan engine (see docs/native.md); use it through daimyo.rokugan.native.";
  nb::class_<RulesHandle>(m, "Rules",
                          "A game's rules data, checked and made once (daimyo/rokugan/native.py tables(rules)); never "
                          "changed: each game made with it holds it")
      .def("__init__", [](RulesHandle* self, const nb::dict& table) { new (self) RulesHandle{make_rules(table)}; },
           nb::arg("table"), "The rules data of daimyo/rokugan/native.py rules_table(rules), checked.")
      .def_prop_ro("rounds", [](const RulesHandle& r) { return r.ref->rounds; })
      .def_prop_ro("clan_names", [](const RulesHandle& r) { return r.ref->clan_names; });

  m.def("final_result", &final_result, nb::arg("rules"), nb::arg("clans"), nb::arg("owner"), nb::arg("up"),
        nb::arg("special"), nb::arg("objective"),
        "End of the Game: the final honor of a position under `rules`, as RokuganState.result.");

  daimyo::bind_generators(m);  // keyed.cpp: Rng and KeyedRng
  daimyo::bind_heuristic(m);   // heuristic_bind.cpp: the heuristic bot
  daimyo::bind_knowledge(m);   // knowledge_bind.cpp: determinize and the heuristic bot's card scores
  daimyo::bind_search(m);      // search_bind.cpp: ISMCTS

  auto game = nb::class_<State>(m, "Game", "A game state of the native engine.");
  game
      .def_static("new_game", [](const RulesHandle& rules, int players, uint64_t seed, const std::vector<std::string>& clans) {
        return State::new_game(rules.ref, players, GameRng(seed), setup_clans(*rules.ref, players, clans));
      }, nb::arg("rules"), nb::arg("players"), nb::arg("seed"), nb::arg("clans"), "A new game under `rules`.")
      .def_static("new_keyed_game", [](const RulesHandle& rules, int players, nb::bytes key,
                                       const std::vector<std::string>& clans) {
        const std::vector<int> ids = setup_clans(*rules.ref, players, clans);
        return State::new_game(rules.ref, players, GameRng(KeyedRng(std::string(key.c_str(), key.size()), "game")), ids);
      }, nb::arg("rules"), nb::arg("players"), nb::arg("key"), nb::arg("clans"),
         "A game under `rules` whose hidden facts are drawn from keyed BLAKE2b under the game's 32-byte key (a "
         "GameKey's).")
      .def_static("from_fields", [](const RulesHandle& rules, const nb::dict& d) {
        return daimyo::state_from_fields(rules.ref, d);
      }, nb::arg("rules"), nb::arg("fields"),
         "A state under `rules` from the fields of a Python state (the inverse of `fields`).")
      // copied straight into the new Python object's own storage (one copy, no temporary to move from)
      .def("copy", [](const State& s) -> const State& { return s; }, nb::rv_policy::copy)
      .def_prop_ro("n", [](const State& s) { return s.n; })
      .def_prop_ro("round", [](const State& s) { return s.round; })
      .def("clan_of", [](const State& s, int seat) {
        need_seat(s, seat, "clan_of");
        return s.clan_of(seat);
      }, nb::arg("seat"), "The seat's clan, or 'seat<n>' before it has one (RokuganState.clan_of).")
      .def_prop_ro("phase", [](const State& s) { return std::string(phase_name(s.phase)); })
      .def("to_act", [](const State& s) { return nb::tuple(nb::cast(s.to_act())); })
      .def("legal_moves", [](const State& s, int seat) {
        nb::list out;
        for (const Move& mv : s.legal_moves(seat)) out.append(move_tuple(s, seat, mv));
        return out;
      }, nb::arg("seat"))
      .def("apply_move", [](State& s, int seat, const nb::tuple& move) {
        const Move mv = find_move(s, seat, move);
        nb::list out;
        for (const Event& e : s.apply_move(seat, mv)) out.append(event(e));
        return out;
      }, nb::arg("seat"), nb::arg("move"))
      .def("run_automatic_steps", [](State& s) {
        nb::list out;
        for (const Event& e : s.run_automatic_steps()) out.append(event(e));
        return out;
      }, "A position read from a file: the automatic steps until a player has a decision (RokuganState._advance).")
      .def("resolve_alone", [](State& s) {
        nb::list out;
        for (const Event& e : s.resolve_alone()) out.append(event(e));
        return out;
      }, "A position read from a file: the Resolution Phase alone, steps 1 to 6 (resolution.resolve), no next round.")
      .def("fields", &fields)
      .def("view", [](const State& s, nb::object player, const std::string& rules_version) {
        const int seat = player.is_none() ? -1 : nb::cast<int>(player);
        if (!player.is_none()) need_seat(s, seat, "view");
        return daimyo::view(s, seat, rules_version, game_result(s));
      }, nb::arg("player").none(), nb::arg("rules_version"),
         "What `player` (a seat, or None for a spectator) may know, as RokuganState.view gives it.")
      .def("result", &game_result, "End of the Game once the game is over (as RokuganState.result), else None.")
      .def("totals", [](const State& s) -> nb::object {
        if (s.phase != Phase::Over) return nb::none();
        const ScoringBoard b = s.scoring_board();
        nb::list out;
        for (int seat = 0; seat < s.n; ++seat) out.append(honor(b, seat).total);
        return out;
      }, "Each seat's final honor (result()'s totals) once the game is over, else None; no other part is built.")
      .def("play_random", [](State& s, const std::vector<uint64_t>& bot_seeds, long long limit) {
        if (static_cast<int>(bot_seeds.size()) != s.n) throw std::invalid_argument("play_random: one bot seed a seat");
        std::vector<Move> moves;
        return play_random(s, bot_seeds.data(), limit, moves);
      }, nb::arg("bot_seeds"), nb::arg("limit") = -1,
         "Play to the end (or `limit` moves) with a random bot at each seat; returns the number of moves.")
      .def_static("play_random_deals", &play_random_deals, nb::arg("rules"), nb::arg("players"), nb::arg("seed"),
         nb::arg("games"), nb::arg("bot_salt"), nb::arg("unit"),
         "Games seed, seed + 1, ... (`games` of them, clans chosen in play) each played to the end by random bots "
         "seeded as daimyo.bots.random_bot.bot_seeds(game seed ^ bot_salt's generator) gives, as play_random plays "
         "one; returns (moves, rows): per clan that played, (clan, games, wins in units of 1/unit, honor summed), "
         "a win shared by k tied winners counting unit / k.")
      .def("bytes", &held_bytes, "The memory this state owns outside itself (sys.getsizeof counts the state itself).");
  daimyo::bind_encoding(m, game);  // encode_bind.cpp: actions as catalogue ids, observations into NumPy arrays
  daimyo::bind_batch(m);           // batch.cpp: many games stepped in one call
}
