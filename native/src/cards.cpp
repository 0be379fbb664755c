// Playing Territory Cards: each territory and Shadowlands card's steps (daimyo/rokugan/cards.py), and the
// territory card plays of Upkeep 3 (moves.py upkeep_card_moves (any_upkeep_card), play_territory_card and _do_frame).
// A card is a sequence of steps: `card_options` lists a step's choices, `choose` applies one and gives the
// next step (-1 when the card is done); a step without a choice is skipped (`skip`) or ends the card.
#include <algorithm>
#include <string>

#include "state.hpp"

namespace daimyo {

namespace {

using Data = std::vector<std::pair<std::string, Value>>;
using C = Rules::Card;

Event public_event(std::string kind, Data data) { return Event{std::move(kind), -1, std::move(data)}; }
Value text(const std::string& v) { return Value::of(v); }
Value num(long long v) { return Value::of(v); }

bool in(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// the special token each card puts, and whether it keeps out of the Shadowlands
int card_token(const Rules& R, int c) {
  switch (c) {
    case C::FeatsOfEngineering: return R.harbor;
    case C::SacredGround: return R.shrine;
    case C::Bushido: return R.honor_4;
    case C::HonorableFight: return R.battlefield;
    case C::AidOfTheKami: return R.defense_2;
    case C::PortOfProsperity: return R.honor_2;
    case C::CodeOfHonor: return R.honor_1;
    case C::AshigaruLevies: return R.defense_1;
    default: return -1;
  }
}

bool put_special_card(int c) {
  return c == C::FeatsOfEngineering || c == C::SacredGround || c == C::Bushido || c == C::HonorableFight ||
         c == C::AidOfTheKami || c == C::PortOfProsperity;
}

}  // namespace

// cards.py: the helpers the cards share
namespace {

// the seat's provinces (outside the Shadowlands where asked), in province order: from its set
uint64_t own_set(const State& s, int seat, bool non_shadowlands) {
  return s.owned_set[seat] & ~(non_shadowlands ? s.rules->shadowlands_set : 0);
}

// provinces(own(s, seat, non_shadowlands)), appended to `out` without the list between
void own_provinces(const State& s, int seat, bool non_shadowlands, std::vector<Move>& out) {
  for (uint64_t m = own_set(s, seat, non_shadowlands); m; m &= m - 1) out.push_back({Move::Province, __builtin_ctzll(m)});
}

// cards.py _special_spots: Special Tokens: peace and scorched earth are never replaced (appended to `out`)
void special_spots(const State& s, int name, bool non_shadowlands, const std::vector<int>& exclude, bool landlocked,
                   std::vector<Move>& out) {
  const Rules& R = *s.rules;
  if (s.specials_left[name] <= 0) return;
  for (int p = 0; p < R.n_provinces(); ++p) {
    const int sp = s.special[p];
    if (sp >= 0 && (sp == R.peace || sp == R.scorched)) continue;
    if (in(exclude, p) || (non_shadowlands && R.shadowlands[p]) || (landlocked && R.coastal[p])) continue;
    out.push_back({Move::Province, p});
  }
}

// the distinct codes of `pile` (a representative token index each), of the given kinds (all kinds if empty)
Scratch<int, Rules::MAX_TOKENS> codes_of(const State& s, int seat, const Pile& pile, std::initializer_list<int> kinds,
                                         bool exclude_bluff) {
  const Rules& R = *s.rules;
  const auto& codes = R.clan_token_code_id[s.clans[seat]];  // (equal codes, equal ids)
  const auto& ks = R.clan_token_kinds[s.clans[seat]];
  Scratch<int, Rules::MAX_TOKENS> out;
  for (int t : pile) {
    if (exclude_bluff && t == R.bluff) continue;
    if (kinds.size() && std::find(kinds.begin(), kinds.end(), ks[t]) == kinds.end()) continue;
    bool dup = false;
    for (int u : out) dup = dup || codes[u] == codes[t];
    if (!dup) out.push_back(t);
  }
  return out;
}

// cards.py _move_token: the first token of `src` with that code goes to `dst`
void move_token(const State& s, int seat, Pile& src, Pile& dst, int tok) {
  const auto& codes = s.rules->clan_token_code_id[s.clans[seat]];
  for (size_t i = 0; i < src.size(); ++i)
    if (codes[src[i]] == codes[tok]) {
      dst.push_back(src[i]);
      src.erase(src.begin() + static_cast<long>(i));
      return;
    }
}

void discard_or_return_options(const State& s, int seat, std::vector<Move>& out) {
  const auto codes = codes_of(s, seat, s.hand[seat], {}, true);
  for (int t : codes) out.push_back({Move::Discard, t});
  for (int t : codes) out.push_back({Move::Return, t});
}

// whether a card's step has a choice (card_options not empty), listed into a list kept per thread
bool has_options(const State& s, int seat, int c, int step, const std::vector<int>& memo) {
  static thread_local std::vector<Move> options;  // (its room kept from call to call: no allocation a check)
  s.card_options(seat, c, step, memo, options);
  return !options.empty();
}

}  // namespace

std::vector<Move> State::card_options(int seat, int c, int step, const std::vector<int>& memo) const {
  std::vector<Move> out;
  card_options(seat, c, step, memo, out);
  return out;
}

void State::card_options(int seat, int c, int step, const std::vector<int>& memo, std::vector<Move>& out) const {
  const Rules& R = *rules;
  out.clear();
  if (put_special_card(c)) {
    special_spots(*this, card_token(R, c), c == C::Bushido || c == C::AidOfTheKami || c == C::PortOfProsperity, {},
                  c == C::FeatsOfEngineering, out);
    return;
  }
  switch (c) {
    case C::CodeOfHonor:
    case C::AshigaruLevies: special_spots(*this, card_token(R, c), true, memo, false, out); return;
    case C::Promotion:
      if (step > 0) return discard_or_return_options(*this, seat, out);
      for (int t : codes_of(*this, seat, discard[seat], {Rules::Army, Rules::Navy, Rules::Shinobi}, false)) out.push_back({Move::Take, t});
      return;
    case C::Reinforcements:
      if (step > 0) return discard_or_return_options(*this, seat, out);
      for (int t : codes_of(*this, seat, discard[seat], {Rules::Army}, false)) out.push_back({Move::Take, t});
      if (!memo.empty() && memo[0]) out.push_back({Move::Done, 0});
      return;
    case C::DiplomaticMission:
      if (step == 0) return special_spots(*this, R.peace, false, {}, false, out);
      return own_provinces(*this, seat, false, out);
    case C::StrengthOfPurpose:
      for (uint64_t m = own_set(*this, seat, false); m; m &= m - 1)
        if (!in(memo, __builtin_ctzll(m))) out.push_back({Move::Province, __builtin_ctzll(m)});
      return;
    case C::BlessTheLands:
    case C::FomentRebellion: {
      const int name = c == C::BlessTheLands ? R.scorched : R.peace;
      for (int p = 0; p < R.n_provinces(); ++p)
        if (special[p] >= 0 && special[p] == name) out.push_back({Move::Province, p});
      return;
    }
    case C::SpyNetwork:
      for (int q = 0; q < n; ++q)
        if (q != seat) out.push_back({Move::Player, q});
      return;
    case C::CulturalExchange: {
      bool theirs = false;  // (another player controls a province)
      for (int p = 0; p < R.n_provinces() && !theirs; ++p) theirs = owner[p] >= 0 && owner[p] != seat;
      if (step == 0) {
        if (theirs) own_provinces(*this, seat, false, out);
        return;
      }
      for (int p = 0; p < R.n_provinces(); ++p)
        if (owner[p] >= 0 && owner[p] != seat) out.push_back({Move::Province, p});
      return;
    }
    case C::PirateRaids:
      if (step == 0) return special_spots(*this, R.scorched, false, {}, false, out);
      return own_provinces(*this, seat, false, out);
    case C::BountifulHarvest: return own_provinces(*this, seat, false, out);
    // The Shadowlands: step 0 sacrifices one of your control tokens from a non-Shadowlands province
    case C::DarkFavors:
      if (step == 0) return own_provinces(*this, seat, true, out);
      if (step == 1) {
        for (int t : board_token_targets(seat, false, false))
          if (!in(memo, t)) out.push_back({Move::Token, t});
        if (!memo.empty()) out.push_back({Move::Done, 0});
        return;
      }
      for (int t : memo)
        if (token_index(t) >= 0) out.push_back({Move::Token, t});
      return;
    case C::PurgeTheWeak:
      if (step > 0) {
        for (int t : board_token_targets(seat, false, false)) out.push_back({Move::Token, t});
        return;
      }
      for (int t : codes_of(*this, seat, hand[seat], {}, false)) out.push_back({Move::Discard, t});
      return;
    case C::AnimateTheDead:
      if (step == 0) return own_provinces(*this, seat, true, out);
      return add_placement_moves(seat, discard[seat], out);
    case C::InspireFear:
      if (step == 0) return own_provinces(*this, seat, true, out);
      for (int p = 0; p < R.n_provinces(); ++p)
        if (special[p] >= 0) out.push_back({Move::Special, p});
      out.push_back({Move::Done, 0});
      return;
    default: return;
  }
}

bool State::card_option_at(uint64_t word, Move& out) const {
  const Rules& R = *rules;
  const int c = card.card;
  uint64_t exclude = 0;
  bool non_shadowlands = true, landlocked = false;
  if (put_special_card(c)) {
    non_shadowlands = c == C::Bushido || c == C::AidOfTheKami || c == C::PortOfProsperity;
    landlocked = c == C::FeatsOfEngineering;
  } else if (c == C::CodeOfHonor || c == C::AshigaruLevies) {
    for (int p : card.memo) exclude |= uint64_t{1} << p;  // (the provinces chosen so far)
  } else {
    return false;
  }
  const int name = card_token(R, c);
  if (specials_left[name] <= 0) return false;
  // special_spots: each province without peace or scorched earth, in index order, but those left out
  const int np = R.n_provinces();
  uint64_t open = (np >= 64 ? ~uint64_t{0} : (uint64_t{1} << np) - 1) &
                  ~(special_provinces(R.peace) | special_provinces(R.scorched)) & ~exclude;
  if (non_shadowlands) open &= ~R.shadowlands_set;
  if (landlocked) open &= ~R.coastal_set;
  const uint64_t k = static_cast<uint64_t>(bit_count(open));
  if (k == 0) return false;
  for (uint64_t r = word % k; r; --r) open &= open - 1;
  out = Move{Move::Province, __builtin_ctzll(open)};
  return true;
}

bool State::card_playable(int seat, int c) const {
  const Rules& R = *rules;
  // whether `seat` controls `enough` provinces (outside the Shadowlands: `non_shadowlands`)
  auto owns = [this, &R, seat](bool non_shadowlands, int enough) {
    return bit_count(owned_set[seat] & ~(non_shadowlands ? R.shadowlands_set : 0)) >= enough;
  };
  switch (c) {
    case C::StrengthOfPurpose: return owns(false, R.card_numbers.strength_of_purpose_provinces);
    case C::AnimateTheDead: return !discard[seat].empty() && owns(true, 1);
    // step 0 of these: one of your provinces outside the Shadowlands (card_options)
    case C::DarkFavors: case C::InspireFear: return owns(true, 1);
    default: {
      // cards.py _special_spots at step 0 (nothing excluded) is not empty: a special token left, and a province
      // without peace or scorched earth (outside the Shadowlands, or landlocked, where the card says so)
      auto spots = [this, &R](int name, bool non_shadowlands, bool landlocked) {
        if (specials_left[name] <= 0) return false;
        const int np = R.n_provinces();
        uint64_t open = (np >= 64 ? ~uint64_t{0} : (uint64_t{1} << np) - 1) &
                        ~(special_provinces(R.peace) | special_provinces(R.scorched));
        if (non_shadowlands) open &= ~R.shadowlands_set;
        if (landlocked) open &= ~R.coastal_set;
        return open != 0;
      };
      if (put_special_card(c))
        return spots(card_token(R, c), c == C::Bushido || c == C::AidOfTheKami || c == C::PortOfProsperity,
                     c == C::FeatsOfEngineering);
      // the other cards' step 0 (card_options), without listing the options
      const auto& kinds = R.clan_token_kinds[clans[seat]];
      auto in_discard = [this, &kinds, seat](int k1, int k2, int k3) {
        for (int t : discard[seat])
          if (kinds[t] == k1 || kinds[t] == k2 || kinds[t] == k3) return true;
        return false;
      };
      switch (c) {
        case C::CodeOfHonor: case C::AshigaruLevies: return spots(card_token(R, c), true, false);
        case C::Promotion: return in_discard(Rules::Army, Rules::Navy, Rules::Shinobi);
        case C::Reinforcements: return in_discard(Rules::Army, Rules::Army, Rules::Army);
        case C::DiplomaticMission: return spots(R.peace, false, false);
        case C::PirateRaids: return spots(R.scorched, false, false);
        case C::BlessTheLands: return special_provinces(R.scorched) != 0;
        case C::FomentRebellion: return special_provinces(R.peace) != 0;
        case C::SpyNetwork: return n > 1;
        case C::CulturalExchange: {
          uint64_t theirs = 0;
          for (int q = 0; q < n; ++q)
            if (q != seat) theirs |= owned_set[q];
          return theirs != 0 && owned_set[seat] != 0;
        }
        case C::BountifulHarvest: return owned_set[seat] != 0;
        case C::PurgeTheWeak: return !hand[seat].empty();
        default: return has_options(*this, seat, c, 0, {});
      }
    }
  }
}

bool State::any_upkeep_card(int seat) const {
  for (int c : cards[seat])
    if (!rules->card_placement[c] && card_playable(seat, c)) return true;
  return false;
}

// moves.py play_territory_card: read and resolve the card, then it leaves the game
void State::play_territory_card(int seat, int c, Events& events) {
  auto& held = cards[seat];
  held.erase(std::find(held.begin(), held.end(), c));
  played.push_back(c);
  card.seat = seat, card.card = c, card.step = 0;
  card.memo.clear();  // (its room kept)
  if (events.on) events.push_back(public_event("play", {{"clan", text(clan_of(seat))}, {"card", text(rules->card_ids[c])}}));
}

void State::apply_card(int seat, const Move& m, Events& events) {
  const Rules& R = *rules;
  const int c = card.card, step = card.step;
  std::vector<int> memo = std::move(card.memo);  // (the decision is emptied next: its list moves, not copied)
  card = CardDecision{};
  const std::string clan = clan_of(seat);
  auto special_event = [&](int p, int name) {
    const int old = special[p];
    put_special(p, name);
    if (events.on) events.push_back(public_event("special", {{"province", text(R.province_names[p])}, {"token", text(R.specials[name])},
                                              {"replaced", Value::text_or_none(old, R.specials)}}));
  };
  auto faceup = [&](int p, int k) {
    const int placed = add_control(seat, p, k, 0);
    if (events.on) events.push_back(public_event("control-added", {{"clan", text(clan)}, {"province", text(R.province_names[p])}, {"faceup", num(placed)}}));
  };
  auto remove_control = [&](int p) {
    remove_one_control(p);
    if (events.on) events.push_back(public_event("control-removed", {{"clan", text(clan)}, {"province", text(R.province_names[p])}}));
  };
  auto take = [&]() {
    move_token(*this, seat, discard[seat], hand[seat], m.arg);
    if (events.on) events.push_back(public_event("take-from-discard", {{"clan", text(clan)}, {"code", text(R.clan_token_codes[clans[seat]][m.arg])}}));
  };
  auto discard_or_return = [&]() {
    const std::string& code = R.clan_token_codes[clans[seat]][m.arg];
    if (m.verb == Move::Discard) {
      move_token(*this, seat, hand[seat], discard[seat], m.arg);
      if (events.on) events.push_back(public_event("discard-from-hand", {{"clan", text(clan)}, {"code", text(code)}}));
    } else {
      move_token(*this, seat, hand[seat], pool[seat], m.arg);
      if (events.on) events.push_back(public_event("return-to-pool", {{"clan", text(clan)}, {"count", num(1)}}));
      if (events.on) events.push_back(Event{"returned", seat, {{"clan", text(clan)}, {"code", text(code)}}});
    }
  };
  int next = -1;
  const int p = m.arg;
  if (put_special_card(c)) {
    special_event(p, card_token(R, c));
  } else {
    switch (c) {
      case C::CodeOfHonor:
      case C::AshigaruLevies: {
        memo.push_back(p);
        const int count = c == C::CodeOfHonor ? R.card_numbers.code_of_honor_provinces : R.card_numbers.ashigaru_levies_provinces;
        next = step + 1 < count ? step + 1 : -1;
        special_event(p, card_token(R, c));
        break;
      }
      case C::Promotion:
        if (step == 0) {
          take();
          next = 1;
        } else {
          discard_or_return();
        }
        break;
      case C::Reinforcements:
        if (step == 0) {
          if (m.verb == Move::Done) {
            next = 1;
          } else {
            const int taken = (memo.empty() ? 0 : memo[0]) + 1;
            take();
            next = taken < R.card_numbers.reinforcements_armies ? 0 : 1;
            memo = {taken};
          }
        } else {
          next = step < R.card_numbers.reinforcements_tokens ? step + 1 : -1;
          discard_or_return();
        }
        break;
      case C::DiplomaticMission:
        if (step == 0) {
          next = owner[p] >= 0 && owner[p] != seat ? 1 : -1;
          special_event(p, R.peace);
        } else {
          faceup(p, R.card_numbers.diplomatic_mission_control);
        }
        break;
      case C::StrengthOfPurpose:
        next = step + 1 < R.card_numbers.strength_of_purpose_provinces ? step + 1 : -1;
        memo.push_back(p);
        faceup(p, 1);
        break;
      case C::BlessTheLands: {
        remove_special(p);
        const int placed = add_control(seat, p, R.card_numbers.bless_faceup, 0) + add_control(seat, p, 0, R.card_numbers.bless_facedown);
        if (events.on) events.push_back(public_event("special-removed", {{"province", text(R.province_names[p])}, {"token", text(R.specials[R.scorched])}}));
        if (events.on) events.push_back(public_event("control-added", {{"clan", text(clan)}, {"province", text(R.province_names[p])}, {"count", num(placed)}}));
        break;
      }
      case C::FomentRebellion:
        remove_special(p);
        if (events.on) events.push_back(public_event("special-removed", {{"province", text(R.province_names[p])}, {"token", text(R.specials[R.peace])}}));
        if (owner[p] == seat) faceup(p, R.card_numbers.foment_rebellion_control);
        break;
      case C::SpyNetwork: {
        const int q = m.arg;
        std::vector<std::string> codes;
        codes.reserve(hand[q].size());
        for (int t : hand[q]) codes.push_back(R.clan_token_codes[clans[q]][t]);
        std::sort(codes.begin(), codes.end());
        spied[q] = 1;
        if (events.on) events.push_back(public_event("spy", {{"clan", text(clan)}, {"target", text(clan_of(q))}}));
        if (events.on) events.push_back(Event{"saw-hand", seat, {{"clan", text(clan)}, {"target", text(clan_of(q))}, {"tokens", Value::of(codes)}}});
        seen[seat].push_back({"spy-network", -1, q, -1, std::move(codes)});  // (the one list of this play)
        break;
      }
      case C::CulturalExchange:
        if (step == 0) {
          next = 1;
          memo = {p};
        } else {
          const int a = memo[0];
          const int owner_a = owner[a];
          set_owner(a, owner[p]);
          set_owner(p, owner_a);
          std::swap(up[a], up[p]);
          std::swap(down[a], down[p]);
          if (events.on) events.push_back(public_event("swap-control", {{"clan", text(clan)},
              {"provinces", Value::of(std::vector<std::string>{R.province_names[a], R.province_names[p]})}}));
        }
        break;
      case C::PirateRaids:
        if (step == 0) {
          next = owner[p] == seat ? 1 : -1;
          special_event(p, R.scorched);
        } else {
          faceup(p, R.card_numbers.pirate_raids_control);
        }
        break;
      case C::BountifulHarvest: faceup(p, R.card_numbers.bountiful_harvest_control); break;
      case C::DarkFavors:
        if (step == 0) {
          next = 1;
          memo.clear();
          remove_control(p);
        } else if (step == 1) {
          if (m.verb == Move::Done) {
            next = 2;
          } else {
            memo.push_back(m.arg);
            learn(seat, token_index(m.arg), "dark-favors", events);
            next = static_cast<int>(memo.size()) < R.card_numbers.dark_favors_tokens ? 1 : 2;
          }
        } else {
          reveal_and_discard(token_index(m.arg), "dark-favors", events);
        }
        break;
      case C::PurgeTheWeak:
        if (step == 0) {
          if (m.arg == R.bluff) {
            // the discarded bluff stays out, faceup, until the next upkeep
            hand[seat].erase(std::find(hand[seat].begin(), hand[seat].end(), R.bluff));
            out[seat].push_back(R.bluff);
          } else {
            move_token(*this, seat, hand[seat], discard[seat], m.arg);
          }
          next = 1;
          if (events.on) events.push_back(public_event("discard-from-hand", {{"clan", text(clan)}, {"code", text(R.clan_token_codes[clans[seat]][m.arg])}}));
        } else {
          next = step < R.card_numbers.purge_the_weak_tokens ? step + 1 : -1;
          reveal_and_discard(token_index(m.arg), "purge-the-weak", events);
        }
        break;
      case C::AnimateTheDead:
        if (step == 0) {
          next = 1;
          remove_control(p);
        } else {
          auto& pile = discard[seat];
          const auto& codes = R.clan_token_code_id[clans[seat]];
          int tok = -1;
          for (size_t i = 0; i < pile.size(); ++i)
            if (codes[pile[i]] == codes[m.arg]) {
              tok = pile[i];
              pile.erase(pile.begin() + static_cast<long>(i));
              break;
            }
          put_token(seat, tok, m.loc, m.a, m.b, true, events);
        }
        break;
      case C::InspireFear:
        if (step == 0) {
          next = 1;
          remove_control(p);
        } else if (m.verb != Move::Done) {
          const int old = special[p];
          remove_special(p);
          next = step < R.card_numbers.inspire_fear_specials ? step + 1 : -1;
          if (events.on) events.push_back(public_event("special-removed", {{"province", text(R.province_names[p])}, {"token", text(R.specials[old])}}));
        }
        break;
      default: break;
    }
  }
  // a step without a choice: Reinforcements goes on to its discards, Dark Favors to its discard; the others end
  while (next >= 0 && !has_options(*this, seat, c, next, memo)) {
    if (c == C::Reinforcements)
      next = next == 0 ? 1 : -1;
    else if (c == C::DarkFavors)
      next = next == 1 && !memo.empty() ? 2 : -1;
    else
      next = -1;
  }
  if (next < 0) {
    // Purge the Weak: "place none this turn": the turn passes to the next player
    if (c == C::PurgeTheWeak) turn = (seat + 1) % n;
    memo.clear();  // (no decision: an empty memo)
  } else {
    card.seat = seat, card.card = c, card.step = next;
  }
  memo.swap(card.memo);  // (the list's room stays with the decision, for the next card: no allocation a card)
}

}  // namespace daimyo
