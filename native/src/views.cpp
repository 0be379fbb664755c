// Views: what one player (or a spectator) may know of a game, as daimyo/rokugan/views.py's `view` builds it, key
// for key and type for type (tests/native/test_agreement.py compares every seat's view at every step). A player's
// view holds the public board and counts and that player's own hidden facts; never another player's: facedown
// tokens of others show no kind unless this player has looked at them, and the generator, the initiative deck's
// order and the unclaimed territory cards are in no view. A player's view holds its own pending decisions (you.pending).
#include <algorithm>
#include <string>
#include <vector>

#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>

#include "state.hpp"

namespace nb = nanobind;

namespace daimyo {

namespace {

nb::str text(const std::string& s) { return nb::str(s.c_str()); }

nb::object name_or_none(int index, const std::vector<std::string>& names) {
  return index < 0 ? nb::none() : nb::object(text(names[index]));
}

// views.py _codes: the codes of some of a seat's combat tokens, sorted
nb::list codes(const State& s, int seat, const Pile& toks) {
  std::vector<std::string> out;
  for (int t : toks) out.push_back(s.rules->clan_token_codes[s.clans[seat]][t]);
  std::sort(out.begin(), out.end());
  nb::list l;
  for (const auto& c : out) l.append(text(c));
  return l;
}

// views.py _awaiting: the decision pending on top (state.py keeps Dragon's, then Scorpion's, Unicorn's and the
// territory card's, the last on top), else the phase
nb::str awaiting(const State& s) {
  if (s.card.seat >= 0) return text("card:" + s.rules->card_ids[s.card.card]);
  if (s.unicorn_swap >= 0) return text("unicorn_swap");
  if (s.scorpion_look >= 0) return text("scorpion_look");
  if (!s.dragon_return.empty()) return text("dragon_return");
  return nb::str(phase_name(s.phase));
}

nb::list card_ids(const Rules& R, const Pile& cards) {
  nb::list l;
  for (int c : cards) l.append(text(R.card_ids[c]));
  return l;
}

// views.py own_decision: the decisions pending for the viewer, as the viewer knows them, in the order state.py keeps
// them (Dragon's, Scorpion's, Unicorn's, then the territory card's): a card with its step and what was already chosen
// (provinces by name; the tokens looked at with Dark Favors by number; the armies taken with Reinforcements), and
// the codes of the tokens Dragon drew this upkeep, sorted
nb::list own_pending(const State& s, int player) {
  const Rules& R = *s.rules;
  nb::list out;
  if (std::find(s.dragon_return.begin(), s.dragon_return.end(), player) != s.dragon_return.end()) {
    std::vector<std::string> drawn;
    for (int t : s.dragon_drawn) drawn.push_back(R.clan_token_codes[s.clans[player]][t]);
    std::sort(drawn.begin(), drawn.end());
    nb::list tokens;
    for (const auto& c : drawn) tokens.append(text(c));
    nb::dict d;
    d["kind"] = "dragon_return";
    d["tokens"] = tokens;
    out.append(d);
  }
  for (auto [seat, kind] : {std::pair{s.scorpion_look, "scorpion_look"}, std::pair{s.unicorn_swap, "unicorn_swap"}}) {
    if (seat != player) continue;
    nb::dict d;
    d["kind"] = kind;
    out.append(d);
  }
  if (s.card.seat == player) {
    const std::string& id = R.card_ids[s.card.card];
    nb::dict d;
    d["kind"] = "card";
    d["card"] = text(id);
    d["step"] = s.card.step;
    nb::list chosen;
    if (id == "reinforcements") {
      d["chosen"] = chosen;
      d["taken"] = s.card.memo.empty() ? 0 : s.card.memo[0];
    } else {
      for (int x : s.card.memo) {
        if (id == "dark-favors") chosen.append(x);
        else chosen.append(text(R.province_names[x]));
      }
      d["chosen"] = chosen;
    }
    out.append(d);
  }
  return out;
}

}  // namespace

nb::dict view(const State& s, int player, const std::string& rules_version, nb::object result) {
  const Rules& R = *s.rules;
  const bool over = s.phase == Phase::Over, seated = player >= 0;
  nb::dict provinces;
  for (int p = 0; p < R.n_provinces(); ++p) {
    nb::dict info;
    info["owner"] = s.owner[p] >= 0 ? nb::object(text(s.clan_of(s.owner[p]))) : nb::none();
    info["faceup"] = s.up[p];
    info["facedown"] = s.down[p];
    info["special"] = name_or_none(s.special[p], R.specials);
    provinces[text(R.province_names[p])] = info;
  }
  nb::list tokens;
  for (const BoardToken& t : s.tokens) {
    const bool known = t.faceup || (seated && (t.owner == player || ((t.known_by >> player) & 1)));
    nb::dict info;
    info["token"] = t.number;
    info["owner"] = text(s.clan_of(t.owner));
    info["at"] = text(loc_text(R, t.place, t.site, t.attacked));
    info["faceup"] = nb::bool_(t.faceup);
    info["code"] = known ? nb::object(text(R.clan_token_codes[s.clans[t.owner]][t.clan_token])) : nb::none();
    tokens.append(info);
  }
  nb::list players;
  for (int q = 0; q < s.n; ++q) {
    nb::dict info;
    info["seat"] = q;
    info["clan"] = name_or_none(s.clans[q], R.clan_names);
    info["hand_size"] = s.hand[q].size();
    info["pool_size"] = s.pool[q].size();
    info["discard"] = s.clans[q] >= 0 ? codes(s, q, s.discard[q]) : nb::list();
    info["bluff_out"] = nb::bool_(!s.out[q].empty());
    info["control_supply"] = s.supply[q];
    info["control_on_board"] = s.control_tokens_on_board(q);
    info["set_aside"] = s.set_aside[q];
    info["scouts"] = s.scouts[q];
    info["shugenja"] = s.shugenja[q];
    info["territory_cards"] = s.cards[q].size();
    info["ronin"] = nb::bool_(s.ronin[q] != 0);
    info["done_placing"] = nb::bool_(s.done[q] != 0 || (s.phase == Phase::Placement && s.hand[q].size() <= 1));
    info["spied"] = nb::bool_(s.spied[q] != 0);
    info["objective_chosen"] = nb::bool_(s.objective[q] >= 0);
    info["first_player"] = nb::bool_(q == s.first);
    if (over) info["objective"] = name_or_none(s.objective[q], R.objective_ids);
    players.append(info);
  }
  nb::dict v;
  v["game"] = "rokugan";
  v["rules"] = text(rules_version);
  v["round"] = s.round;
  v["phase"] = phase_name(s.phase);
  v["first_player"] = s.clans[s.first] >= 0 ? nb::object(text(s.clan_of(s.first))) : nb::none();
  v["first_player_card_used"] = nb::bool_(s.first_player_card_used);
  nb::list to_act;
  for (int p : s.to_act()) to_act.append(text(s.clan_of(p)));
  v["to_act"] = to_act;
  v["awaiting"] = awaiting(s);
  v["provinces"] = provinces;
  v["tokens"] = tokens;
  v["players"] = players;
  nb::dict left;
  for (size_t i = 0; i < R.specials.size(); ++i) left[text(R.specials[i])] = s.specials_left[i];
  v["specials_left"] = left;
  nb::dict spaces;
  for (size_t t = 0; t < s.space.size(); ++t) spaces[text(R.territory_names[t])] = nb::bool_(s.space[t] >= 0);
  v["territory_spaces"] = spaces;
  nb::list played;
  for (int c : s.played) played.append(text(R.card_ids[c]));
  v["played_cards"] = played;
  v["initiative_cards_left"] = s.initiative.size();
  v["result"] = result;
  if (seated) {
    nb::dict me;
    me["seat"] = player;
    me["clan"] = name_or_none(s.clans[player], R.clan_names);
    me["objective"] = name_or_none(s.objective[player], R.objective_ids);
    me["territory_cards"] = card_ids(R, s.cards[player]);
    nb::list seen;
    for (const Seen& x : s.seen[player]) {
      nb::list item;
      item.append(text(x.source));
      if (x.token < 0) {  // Spy Network: the tokens behind a screen, as a tuple (records.py SeenHand)
        nb::list hand;
        for (const auto& c : x.codes) hand.append(text(c));
        item.append(x.owner);
        item.append(text(s.clan_of(x.owner)));
        item.append(nb::tuple(hand));
      } else {
        item.append(x.token);
        item.append(text(s.clan_of(x.owner)));
        item.append(text(R.clan_token_codes[s.clans[x.owner]][x.clan_token]));
      }
      seen.append(item);
    }
    me["seen"] = seen;
    if (s.clans[player] >= 0) {
      me["hand"] = codes(s, player, s.hand[player]);
      me["pool"] = codes(s, player, s.pool[player]);
    }
    if (s.objective[player] < 0) {
      nb::list dealt;
      for (int o : s.offer[player]) dealt.append(text(R.objective_ids[o]));
      me["objectives_dealt"] = dealt;
    }
    me["pending"] = own_pending(s, player);
    v["you"] = me;
  }
  return v;
}

}  // namespace daimyo
