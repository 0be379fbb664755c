// Resolution Phase, its seven steps in order (daimyo/rokugan/resolution.py), the control and special token
// helpers they use (state.py), Upkeep 1's initiative card (state.py _initiative_winner) and End of the Game
// (scoring.py final_scoring, with scoring.cpp's honor).
#include <algorithm>
#include <map>
#include <string>

#include "scoring.hpp"
#include "state.hpp"

namespace daimyo {

namespace {

using Data = std::vector<std::pair<std::string, Value>>;

Event public_event(std::string kind, Data data) { return Event{std::move(kind), -1, std::move(data)}; }
Value num(long long v) { return Value::of(v); }
Value text(const std::string& v) { return Value::of(v); }

const char* S_PLACING = "Placing Combat Tokens";
const char* S_ARMY = "The Combat Tokens: Army";
const char* S_NAVY = "The Combat Tokens: Navy";
const char* S_BLESSING = "The Combat Tokens: Blessing";
const char* S_DIPLOMACY = "The Combat Tokens: Diplomacy";
const char* S_RAID = "The Combat Tokens: Raid";
const char* S_RONIN = "Additional Rules: Ronin";

// a battle's outcome (Outcome::outcome), compared by address
const char* const TAKEN = "taken";
const char* const DEFENDED = "defended";
const char* const NOTHING = "nothing";

const char* kind_name(int k) {
  static const char* names[] = {"army", "navy", "shinobi", "blessing", "diplomacy", "raid", "bluff"};
  return names[k];
}


// A broken placement rule: its message and section ("" when the placement is legal)
struct Reason {
  bool bad = false;
  std::string message, section;  // (empty where the check was asked for no text)
  bool broken() const { return bad; }
  std::string text() const { return message + " [" + section + "]"; }
};

// A broken rule; its message made (by `message()`) only where `why` asks for it: a check whose text nobody reads
// (no events) builds no string
template <typename Message>
Reason broke(bool why, Message message, const char* section) {
  Reason r;
  r.bad = true;
  if (why) r.message = message(), r.section = section;
  return r;
}

}  // namespace

// ------------------------------------------------------------------ control and special tokens (state.py)
void State::set_owner(int p, int seat) {
  const uint64_t bit = uint64_t{1} << p;
  if (owner[p] >= 0) owned_set[owner[p]] &= ~bit;
  owner[p] = seat;
  if (seat >= 0) owned_set[seat] |= bit;
}

void State::set_special(int p, int name) {
  const uint64_t bit = uint64_t{1} << p;
  if (special[p] >= 0) special_set[special[p]] &= ~bit;
  special[p] = name;
  if (name >= 0) special_set[name] |= bit;
}

void State::derive_sets() {
  std::fill(std::begin(owned_set), std::end(owned_set), 0);
  std::fill(std::begin(special_set), std::end(special_set), 0);
  std::fill(std::begin(land_taken), std::end(land_taken), 0);
  sea_taken = 0;
  std::fill(std::begin(free_tokens), std::end(free_tokens), 0);
  std::fill(std::begin(free_facedown), std::end(free_facedown), 0);
  n_blessings = 0;
  for (const BoardToken& b : tokens) n_blessings += b.place == 'o';
  for (const BoardToken& b : tokens) {
    if (b.place == 'l') land_taken[b.site >> 6] |= uint64_t{1} << (b.site & 63);
    if (b.place == 's') sea_taken |= uint64_t{1} << b.site;
    if (b.place != 'o' && !blessed(b.number)) count_free(b, 1);
  }
  for (size_t p = 0; p < owner.size(); ++p) {
    if (owner[p] >= 0) owned_set[owner[p]] |= uint64_t{1} << p;
    if (special[p] >= 0) special_set[special[p]] |= uint64_t{1} << p;
  }
}

void State::clear_control(int p) {
  if (owner[p] >= 0) supply[owner[p]] += up[p] + down[p];
  set_owner(p, -1);
  up[p] = down[p] = 0;
}

// Removing Tokens: faceup control tokens are removed before facedown ones
void State::remove_one_control(int p) {
  const int o = owner[p];
  if (up[p])
    --up[p];
  else
    --down[p];
  ++supply[o];
  if (up[p] + down[p] == 0) set_owner(p, -1);
}

// a special token from the pile in `p` (replacing another); false if the pile has none
bool State::put_special(int p, int name) {
  if (specials_left[name] <= 0) return false;
  if (special[p] >= 0) ++specials_left[special[p]];
  --specials_left[name];
  set_special(p, name);
  if (name == rules->scorched) clear_control(p);
  return true;
}

void State::remove_special(int p) {
  if (special[p] >= 0) {
    ++specials_left[special[p]];
    set_special(p, -1);
  }
}

bool State::is_coastal(int p) const { return rules->coastal[p] || (special[p] >= 0 && special[p] == rules->harbor); }

// scoring.py territory_controller: each of its provinces without scorched earth, -1 for nobody
int State::territory_controller(int t) const {
  const Rules& R = *rules;
  int found = -2;
  for (int p : R.territory_provinces[t]) {
    if (special[p] >= 0 && special[p] == R.scorched) continue;
    if (found == -2)
      found = owner[p];
    else if (found != owner[p])
      return -1;
  }
  return found >= 0 ? found : -1;
}

// Upkeep 1: a clan card names its clan; a neutral card the player with the most of something; ties go to the
// tied player closest to the right (counter-clockwise) of the current first player, who comes last
int State::initiative_winner(int c) const {
  const Rules& R = *rules;
  if (c < R.n_clans()) {
    const auto it = std::find(clans.begin(), clans.end(), c);
    if (it != clans.end()) return static_cast<int>(it - clans.begin());
  }
  const int most = R.neutral_most[c - R.n_clans()];
  int score[MAX_SEATS] = {};
  for (int p = 0; p < n; ++p) {
    if (most == 0) {
      score[p] = static_cast<int>(cards[p].size());
    } else if (most == 1) {
      for (int o : owner) score[p] += o == p;
    } else {
      score[p] = control_tokens_on_board(p);
    }
  }
  const int best = *std::max_element(score, score + n);
  for (int k = 1; k <= n; ++k) {
    const int p = ((first - k) % n + n) % n;
    if (score[p] == best) return p;
  }
  return first;
}

// ------------------------------------------------------------------ Resolution Phase
namespace {

// placement.py touch_reason
Reason touch_reason(const State& s, int seat, int p, bool why) {
  const Rules& R = *s.rules;
  const int sp = s.special[p];
  const std::string& name = R.province_names[p];
  if (sp < 0) return {};
  if (sp == R.scorched)
    return broke(why, [&] { return std::string(name + " holds a scorched earth token: no combat token may be placed in it or on its borders"); }, "Special Tokens: Scorched Earth");
  if (sp == R.peace)
    return broke(why, [&] { return std::string(name + " holds a peace token: no combat token may be placed in it or on its borders"); }, "Special Tokens: Peace");
  if (sp == R.shrine && s.owner[p] != seat)
    return broke(why, [&] { return std::string(name + " holds the shrine token: only the player who controls it may place tokens in it or on its borders"); }, "Special Tokens: Shrine");
  return {};
}

// placement.py placement_reason with reveal=True: Resolution step 2's check of a token already on the board
Reason reveal_reason(const State& s, const BoardToken& t, bool why) {
  const Rules& R = *s.rules;
  const int seat = t.owner, kind = R.clan_token_kinds[s.clans[seat]][t.clan_token];
  const int a = t.site, b = t.attacked;
  const auto& owner = s.owner;
  if (kind == Rules::Blessing) {
    if (t.place != 'o') return broke(why, [&] { return std::string("a blessing is placed faceup on top of one of your own facedown army, navy or shinobi tokens"); }, S_BLESSING);
    const int i = s.token_index(a);
    if (i < 0) return broke(why, [&] { return std::string("the token under this blessing (#" + std::to_string(a) + ") was removed from the board"); }, S_BLESSING);
    const BoardToken& base = s.tokens[i];
    if (base.owner != seat) return broke(why, [&] { return std::string("token #" + std::to_string(a) + " is not yours: a blessing goes on your own token"); }, S_BLESSING);
    if (base.place == 'o') return broke(why, [&] { return std::string("a blessing goes on an army, navy or shinobi token, not on another blessing"); }, S_BLESSING);
    const int bk = R.clan_token_kinds[s.clans[seat]][base.clan_token];
    // a bluff still on the board in step 2 is Lion's defending bluff: the blessing on it stays (placement.py)
    if (bk != Rules::Army && bk != Rules::Navy && bk != Rules::Shinobi && bk != Rules::Bluff)
      return broke(why, [&] { return std::string("token #" + std::to_string(a) + " is not an army, navy or shinobi token"); }, S_BLESSING);
    return {};
  }
  if (t.place == 'o') return broke(why, [&] { return std::string("only a blessing is placed on top of another token"); }, S_BLESSING);
  auto k = [kind] { return std::string(kind_name(kind)); };  // (made only for a message)
  if (t.place == 'l') {
    if (kind != Rules::Army && kind != Rules::Bluff)
      return broke(why, [&] { return std::string("a " + k() + " token cannot be placed on a land border; armies attack across land borders"); }, kind != Rules::Navy ? S_ARMY : S_NAVY);
    const auto [x, y] = R.borders[a];
    const int src = y == b ? x : y, dst = b;
    Reason r = touch_reason(s, seat, src, why);
    if (!r.broken()) r = touch_reason(s, seat, dst, why);
    if (r.broken()) return r;
    if (owner[dst] == seat) return broke(why, [&] { return std::string("you cannot attack " + R.province_names[dst] + ": you control it"); }, S_PLACING);
    if (!s.ronin[seat] && owner[src] != seat)
      return broke(why, [&] { return std::string("an army attacks across a land border from a province you control; you do not control " + R.province_names[src]); }, S_ARMY);
    return {};
  }
  if (t.place == 's') {
    if (kind != Rules::Navy && kind != Rules::Bluff)
      return broke(why, [&] { return std::string("a " + k() + " token cannot be placed on a coastal border; navies attack across coastal borders"); }, S_NAVY);
    if (!s.is_coastal(a)) return broke(why, [&] { return std::string(R.province_names[a] + " is landlocked: it has no coastal border"); }, S_NAVY);
    Reason r = touch_reason(s, seat, a, why);
    if (r.broken()) return r;
    if (owner[a] == seat) return broke(why, [&] { return std::string("you cannot attack " + R.province_names[a] + ": you control it"); }, S_PLACING);
    return {};
  }
  const int p = a;
  const std::string& name = R.province_names[p];
  Reason r = touch_reason(s, seat, p, why);
  if (r.broken()) return r;
  const bool battlefield = s.special[p] >= 0 && s.special[p] == R.battlefield;
  if (kind == Rules::Army) {
    if (owner[p] != seat)
      return broke(why, [&] { return std::string("an army defends only a province you control (" + name + " is not yours); to attack, place it on a land border"); }, S_ARMY);
  } else if (kind == Rules::Navy) {
    if (owner[p] != seat) return broke(why, [&] { return std::string("a navy defends only a coastal province you control (" + name + " is not yours)"); }, S_NAVY);
    if (!s.is_coastal(p)) return broke(why, [&] { return std::string("a navy defends only a coastal province; " + name + " is landlocked"); }, S_NAVY);
  } else if (kind == Rules::Diplomacy) {
    if (s.ronin[seat]) return broke(why, [&] { return std::string("a ronin player cannot place raid or diplomacy tokens"); }, S_RONIN);
    if (owner[p] != seat) return broke(why, [&] { return std::string("a diplomacy token goes in a province you control (" + name + " is not yours)"); }, S_DIPLOMACY);
    if (battlefield)
      return broke(why, [&] { return std::string(name + " holds the battlefield token: no diplomacy or raid token may be placed there"); }, "Special Tokens: Battlefield");
  } else if (kind == Rules::Raid) {
    if (s.ronin[seat]) return broke(why, [&] { return std::string("a ronin player cannot place raid or diplomacy tokens"); }, S_RONIN);
    if (owner[p] == seat) return broke(why, [&] { return std::string("a raid token goes in a province you do not control (" + name + " is yours)"); }, S_RAID);
    if (battlefield)
      return broke(why, [&] { return std::string(name + " holds the battlefield token: no diplomacy or raid token may be placed there"); }, "Special Tokens: Battlefield");
  }
  return {};
}

// resolution.py _attacked_province: the province a token attacks, or -1
int attacked_province(const State& s, const BoardToken& t) {
  if (t.place == 'l') return t.attacked;
  if (t.place == 's') return t.site;
  if (t.place == 'c' && s.rules->clan_token_kinds[s.clans[t.owner]][t.clan_token] == Rules::Shinobi && s.owner[t.site] != t.owner)
    return t.site;
  return -1;
}

// the tokens (by number) and the blessings standing on them, in resolution.py _with_blessings' order
std::vector<int> with_blessings(const State& s, const std::vector<int>& numbers) {
  std::vector<int> out(numbers);
  for (int number : numbers)
    for (const BoardToken& b : s.tokens)
      if (b.place == 'o' && b.site == number) out.push_back(b.number);
  return out;
}

// resolution.py _touching: tokens sharing a province or border with `p`, and the blessings on them
TokenNumbers touching(const State& s, int p) {
  const auto& borders = s.rules->province_borders[p];
  TokenNumbers out;
  for (const BoardToken& t : s.tokens)
    if (((t.place == 'c' || t.place == 's') && t.site == p) ||
        (t.place == 'l' && std::find(borders.begin(), borders.end(), t.site) != borders.end()))
      out.push_back(t.number);
  // with_blessings(s, out), in place (each token, blessings included, once at most)
  const size_t found = out.size();
  if (s.n_blessings)
    for (size_t i = 0; i < found; ++i)
      for (const BoardToken& b : s.tokens)
        if (b.place == 'o' && b.site == out[i]) out.push_back(b.number);
  return out;
}

struct Battle {  // the tokens of a battle, listed where events name them
  std::vector<std::pair<int, std::vector<int>>> attackers;  // each attacking seat's tokens, in the order met
  std::vector<int> defenders;
};

struct Outcome {
  int p, seat;
  bool successful_defense;  // else a battle
  const char* outcome;      // TAKEN, DEFENDED, NOTHING, or "" for a successful defense
};

}  // namespace

void State::resolve(Events& events) {
  const Rules& R = *rules;
  if (events.on) events.push_back(public_event("resolution", {{"round", num(round)}}));
  // 1. Reveal Combat Tokens
  std::map<int, Value> info;  // places do not change from here on
  std::vector<Value> revealed;
  std::fill(std::begin(free_facedown), std::end(free_facedown), 0);  // (every token faceup from here on)
  for (BoardToken& t : tokens) {
    t.faceup = true;
    if (!events.on) continue;
    Value v = Value::of_dict({{"token", num(t.number)}, {"owner", text(clan_of(t.owner))},
                              {"code", text(R.clan_token_codes[clans[t.owner]][t.clan_token])},
                              {"at", text(loc_text(R, t.place, t.site, t.attacked))}});
    info[t.number] = v;
    revealed.push_back(std::move(v));
  }
  if (events.on) events.push_back(public_event("reveal", {{"tokens", Value::of_list(revealed)}}));
  auto info_list = [&info](const auto& numbers) {
    std::vector<Value> out;
    for (int number : numbers) out.push_back(info[number]);
    return Value::of_list(out);
  };
  auto with_why = [&info](int number, const std::string& why) {
    Value v = info[number];
    v.dict.emplace_back("why", Value::of(why));
    return v;
  };

  // 2. Discard Bluff and Illegally Placed Tokens
  std::vector<Value> removed;
  Scratch<BoardToken, MAX_BOARD_TOKENS> snapshot;
  for (const BoardToken& t : tokens)
    if (t.place != 'o') snapshot.push_back(t);
  for (const BoardToken& t : snapshot) {
    const int seat = t.owner;
    if (R.clan_token_kinds[clans[seat]][t.clan_token] == Rules::Bluff) {
      // Lion: a bluff defending a province Lion controls stays and adds +2 defense
      if (clans[seat] == R.lion && t.place == 'c' && owner[t.site] == seat && !touch_reason(*this, seat, t.site, false).broken()) continue;
      discard_board_token(token_index(t.number));
      if (events.on) removed.push_back(with_why(t.number, "bluff"));
      continue;
    }
    const Reason r = reveal_reason(*this, t, events.on);
    if (r.broken()) {
      discard_board_token(token_index(t.number));
      if (events.on) removed.push_back(with_why(t.number, r.text()));
    }
  }
  snapshot.clear();
  for (const BoardToken& t : tokens)
    if (t.place == 'o') snapshot.push_back(t);
  for (const BoardToken& t : snapshot) {
    const Reason r = reveal_reason(*this, t, events.on);
    if (r.broken()) {
      discard_board_token(token_index(t.number));
      if (events.on) removed.push_back(with_why(t.number, r.text()));
    }
  }
  if (events.on) events.push_back(public_event("removed", {{"tokens", Value::of_list(removed)}}));

  // provinces under a real attack once bluffs and illegal tokens are gone
  // (per province: its owner when attacked, else -1; `attacked_set` the provinces attacked)
  int attacked[Rules::MAX_PROVINCES];
  uint64_t attacked_set = 0;
  for (const BoardToken& t : tokens) {
    const int p = attacked_province(*this, t);
    if (p >= 0 && owner[p] >= 0) attacked[p] = owner[p], attacked_set |= uint64_t{1} << p;
  }

  // 3. Resolve Raid Tokens (whether each raid triggers is settled before any resolves)
  auto kind_of = [this, &R](const BoardToken& t) { return R.clan_token_kinds[clans[t.owner]][t.clan_token]; };
  // (the raids, then the diplomacy tokens, listed in the snapshot's room: fewer than the tokens it was sized for)
  auto& raids = snapshot;
  raids.clear();
  for (const BoardToken& t : tokens)
    if (kind_of(t) == Rules::Raid) raids.push_back(t);
  bool triggered[Rules::MAX_TOKENS * MAX_SEATS];
  for (size_t i = 0; i < raids.size(); ++i) {
    const BoardToken& t = raids[i];
    bool there = false, adjacent = false;
    for (const BoardToken& u : tokens)
      there = there || (u.owner == t.owner && u.place == 'c' && u.site == t.site && kind_of(u) == Rules::Shinobi);
    for (int q : R.adjacent[t.site]) adjacent = adjacent || owner[q] == t.owner;
    triggered[i] = there || adjacent;
  }
  for (size_t i = 0; i < raids.size(); ++i) {
    const BoardToken& t = raids[i];
    const int at = token_index(t.number);
    if (at < 0) continue;
    const int p = t.site;
    if (!triggered[i]) {
      discard_board_token(at);
      if (events.on) events.push_back(public_event("raid-fails", {{"clan", text(clan_of(t.owner))}, {"province", text(R.province_names[p])},
          {"why", text("no shinobi of the raider in the province and no adjacent province controlled by it")}}));
      continue;
    }
    const TokenNumbers hit = touching(*this, p);
    const Value lost = owner[p] >= 0 && events.on ? text(clan_of(owner[p])) : Value::none();
    for (int number : hit)
      if (const int i = token_index(number); i >= 0) discard_board_token(i);
    clear_control(p);
    const bool placed = put_special(p, R.scorched);
    if (events.on) events.push_back(public_event("raid", {{"clan", text(clan_of(t.owner))}, {"province", text(R.province_names[p])},
                                           {"control_removed_from", lost}, {"discarded", info_list(hit)},
                                           {"scorched_earth", Value::flag(placed)}}));
  }

  // 4. Resolve Diplomacy Tokens
  auto& diplomacy = snapshot;
  diplomacy.clear();
  for (const BoardToken& t : tokens)
    if (kind_of(t) == Rules::Diplomacy) diplomacy.push_back(t);
  for (const BoardToken& t : diplomacy) {
    if (token_index(t.number) < 0) continue;
    const int p = t.site;
    const TokenNumbers hit = touching(*this, p);
    for (int number : hit)
      if (const int i = token_index(number); i >= 0) discard_board_token(i);
    const bool placed = put_special(p, R.peace);
    if (events.on) events.push_back(public_event("diplomacy", {{"clan", text(clan_of(t.owner))}, {"province", text(R.province_names[p])},
                                                {"discarded", info_list(hit)}, {"peace", Value::flag(placed)}}));
  }

  // 5. Resolve Battles
  // (per province; `in_battle` the provinces with one, taken in province order below). With events, each battle's
  // tokens are listed (Battle: the events name them); without, only what decides it is summed, in fixed arrays:
  // per province its attacking seats in the order met with their totals (each token and the blessings on it),
  // its defending tokens' total and whether it has any, and Lion's defending bluff
  auto strength = [this, &R](int number) {
    const BoardToken& t = tokens[token_index(number)];
    return R.clan_token_strength[clans[t.owner]][t.clan_token];
  };
  auto with_blessing_strength = [this, &R](const BoardToken& t) {  // the token, and the blessings standing on it
    int total = R.clan_token_strength[clans[t.owner]][t.clan_token];
    if (n_blessings == 0) return total;
    for (const BoardToken& u : tokens)
      if (u.place == 'o' && u.site == t.number) total += R.clan_token_strength[clans[u.owner]][u.clan_token];
    return total;
  };
  std::vector<Battle> battles(events.on ? Rules::MAX_PROVINCES : 0);
  int n_att[Rules::MAX_PROVINCES], att_seat[Rules::MAX_PROVINCES][MAX_SEATS], att_total[Rules::MAX_PROVINCES][MAX_SEATS];
  int def_total[Rules::MAX_PROVINCES], lion_bluff[Rules::MAX_PROVINCES];
  bool has_def[Rules::MAX_PROVINCES];
  uint64_t in_battle = 0;
  auto meet = [&](int p) {  // the province's sums start empty when it is first met
    if ((in_battle >> p) & 1) return;
    in_battle |= uint64_t{1} << p;
    n_att[p] = def_total[p] = 0;
    lion_bluff[p] = -1;
    has_def[p] = false;
  };
  for (const BoardToken& t : tokens) {
    if (t.place == 'o') continue;
    const int ap = attacked_province(*this, t);
    if (ap >= 0) {
      meet(ap);
      int j = 0;
      while (j < n_att[ap] && att_seat[ap][j] != t.owner) ++j;
      if (j == n_att[ap]) att_seat[ap][n_att[ap]++] = t.owner, att_total[ap][j] = 0;
      if (events.on) {
        auto& att = battles[ap].attackers;
        auto it = std::find_if(att.begin(), att.end(), [&t](const auto& x) { return x.first == t.owner; });
        if (it == att.end()) it = att.insert(att.end(), {t.owner, {}});
        it->second.push_back(t.number);
      } else {
        att_total[ap][j] += with_blessing_strength(t);
      }
    } else if (t.place == 'c' && owner[t.site] == t.owner) {
      meet(t.site);
      const int k = kind_of(t);
      if (k == Rules::Army || k == Rules::Navy || k == Rules::Shinobi) {
        has_def[t.site] = true;
        if (events.on)
          battles[t.site].defenders.push_back(t.number);
        else
          def_total[t.site] += with_blessing_strength(t);
      } else if (t.clan_token == R.bluff) {
        lion_bluff[t.site] = t.number;
      }
    }
  }
  for (uint64_t left = attacked_set & ~in_battle; left; left &= left - 1) meet(__builtin_ctzll(left));
  // all battles occur simultaneously: every outcome is decided first (in the order of the provinces)
  Scratch<Outcome, Rules::MAX_PROVINCES> outcomes;
  std::vector<Data> outcome_data;  // with events: each outcome's event data
  for (uint64_t left = in_battle; left; left &= left - 1) {
    const int p = __builtin_ctzll(left);
    const int defender = owner[p];
    const std::string& name = R.province_names[p];
    if (n_att[p] == 0) {
      const bool at = (attacked_set >> p) & 1;
      const char* why = nullptr;
      if (has_def[p])
        why = "defended and not attacked";
      else if (at && attacked[p] == defender && !(special[p] >= 0 && special[p] == R.peace))
        why = "every attack on it failed";
      if (why) outcomes.push_back({p, defender, true, ""});
      if (why && events.on)
        outcome_data.push_back({{"clan", text(clan_of(defender))}, {"province", text(name)}, {"why", text(why)}});
      continue;
    }
    // Defense Bonuses (resolution.py defense_parts)
    std::vector<int> defend_all;
    if (events.on) defend_all = with_blessings(*this, battles[p].defenders);
    int lion_blessings = 0;
    if (lion_bluff[p] >= 0) {
      // a blessing on Lion's defending bluff stays with it and adds to the defense (resolution.py _battle)
      for (const BoardToken& t : tokens)
        if (t.place == 'o' && t.site == lion_bluff[p]) {
          if (events.on) defend_all.push_back(t.number);
          lion_blessings += R.clan_token_strength[clans[t.owner]][t.clan_token];
        }
    }
    int combat = 0, faceup = 0;
    if (defender >= 0) {
      if (events.on)
        for (int number : defend_all) combat += strength(number);
      else
        combat = def_total[p] + lion_blessings;
      faceup = up[p] * (clans[defender] == R.crab ? 2 : 1);
    }
    const int printed = R.printed_defense[p];
    const int sp = special[p] >= 0 ? R.special_defense[special[p]] : 0;
    const int lion = lion_bluff[p] >= 0 ? 2 : 0;
    const int full = combat + printed + faceup + sp + lion;
    // Phoenix ignores the +2 printed on clan capitals when attacking
    const int capital_bonus = R.is_capital[p] ? printed : 0;
    const int n_sides = n_att[p];
    const int* seats = att_seat[p];
    int* totals = att_total[p];
    int faced[MAX_SEATS];
    std::vector<Value> sides;
    for (int i = 0; i < n_sides; ++i) {
      const int seat = seats[i];
      if (events.on) {
        const std::vector<int> involved = with_blessings(*this, battles[p].attackers[i].second);
        totals[i] = 0;
        for (int number : involved) totals[i] += strength(number);
        faced[i] = clans[seat] == R.phoenix ? full - capital_bonus : full;
        sides.push_back(Value::of_dict({{"clan", text(R.clan_names[clans[seat]])}, {"total", num(totals[i])},
                                        {"defense_faced", num(faced[i])}, {"tokens", info_list(involved)}}));
      } else {
        faced[i] = clans[seat] == R.phoenix ? full - capital_bonus : full;
      }
    }
    const int best = *std::max_element(totals, totals + n_sides);
    int top[MAX_SEATS], n_top = 0;
    for (int i = 0; i < n_sides; ++i)
      if (totals[i] == best) top[n_top++] = i;
    if (n_top > 1) {
      // a tie for the highest total: the defender wins, unless Crane is among the tied
      int n_crane = 0;
      for (int j = 0; j < n_top; ++j)
        if (clans[seats[top[j]]] == R.crane) top[n_crane++] = top[j];
      n_top = n_crane;
    }
    int winner = -1;
    if (n_top == 1) {
      const int i = top[0];
      const int a = seats[i];
      if (best > faced[i] || (best == faced[i] && clans[a] == R.crane)) winner = a;
    }
    Data data;
    if (events.on)
      data = {{"province", text(name)}, {"attackers", Value::of_list(sides)},
              {"defender", Value::of_dict({{"clan", defender >= 0 ? text(R.clan_names[clans[defender]]) : Value::none()},
                                           {"combat_tokens", num(combat)}, {"printed", num(printed)},
                                           {"faceup_control", num(faceup)}, {"special", num(sp)},
                                           {"lion_bluff", num(lion)}, {"total", num(full)},
                                           {"tokens", info_list(defend_all)}})}};
    const int won = winner >= 0 ? winner : defender;
    const char* outcome = winner >= 0 ? TAKEN : defender >= 0 ? DEFENDED : NOTHING;
    if (events.on) {
      data.emplace_back("winner", won >= 0 ? text(R.clan_names[clans[won]]) : Value::none());
      data.emplace_back("outcome", text(outcome));
    }
    outcomes.push_back({p, won, false, outcome});
    if (events.on) outcome_data.push_back(std::move(data));
  }
  // the losers' control tokens go back to their supplies; then each attacker that won places one facedown, then
  // each defender that won (or defended successfully) places one faceup, in the order of the provinces
  for (const Outcome& o : outcomes)
    if (o.outcome == TAKEN) clear_control(o.p);
  int placed[Rules::MAX_PROVINCES];  // per province with an outcome that places: the control tokens placed
  for (const Outcome& o : outcomes)
    if (o.outcome == TAKEN) placed[o.p] = add_control(o.seat, o.p, 0, 1);
  for (const Outcome& o : outcomes)
    if (o.successful_defense || o.outcome == DEFENDED) placed[o.p] = add_control(o.seat, o.p, 1, 0);
  for (size_t i = 0; i < outcomes.size() && events.on; ++i) {
    const Outcome& o = outcomes[i];
    Data& data = outcome_data[i];
    if (o.successful_defense)
      data.emplace_back("faceup_added", num(placed[o.p]));
    else if (o.outcome == TAKEN)
      data.emplace_back("control_placed", num(placed[o.p]));
    else if (o.outcome == DEFENDED)
      data.emplace_back("faceup_added", num(placed[o.p]));
    events.push_back(public_event(o.successful_defense ? "successful-defense" : "battle", std::move(data)));
  }
  // After a battle, all of the combat tokens involved are discarded (bluffs go back behind the screen)
  for (const BoardToken& t : tokens) (t.clan_token == R.bluff ? hand : discard)[t.owner].push_back(t.clan_token);
  tokens.clear();
  n_blessings = 0;
  std::fill(std::begin(land_taken), std::end(land_taken), 0);
  sea_taken = 0;
  std::fill(std::begin(free_tokens), std::end(free_tokens), 0);

  // 6. Claim Territories; a player who lost a territory returns its unplayed card to the board
  for (int t = 0; t < static_cast<int>(R.territory_names.size()); ++t) {
    const int ctrl = territory_controller(t);
    if (space[t] < 0) {
      for (int seat = 0; seat < n; ++seat) {
        if (seat == ctrl) continue;
        auto& held = cards[seat];
        for (size_t i = 0; i < held.size(); ++i)
          if (R.card_territory[held[i]] == t) {
            space[t] = held[i];
            held.erase(held.begin() + static_cast<long>(i));
            if (events.on) events.push_back(public_event("territory-card-returned", {{"clan", text(clan_of(seat))},
                                                                       {"territory", text(R.territory_names[t])}}));
            break;
          }
      }
    }
    if (ctrl >= 0 && space[t] >= 0) {
      cards[ctrl].push_back(space[t]);
      space[t] = -1;
      if (events.on) events.push_back(public_event("territory-claimed", {{"clan", text(clan_of(ctrl))}, {"territory", text(R.territory_names[t])}}));
    }
  }
  // 7. Advance Round Track: done by the next round's start
}

ScoringBoard State::scoring_board() const {
  ScoringBoard b;
  b.rules = rules.get();
  b.n = n;
  b.owner = owner;
  b.up = up;
  b.special = special;
  b.objective = objective;
  return b;
}

// scoring.py final_scoring
void State::final_scoring(Events& events) {
  const Rules& R = *rules;
  if (!events.on) {  // the result is worked out again where it is read (final_result)
    phase = Phase::Over;
    return;
  }
  const ScoringBoard b = scoring_board();
  std::vector<Value> rows;
  std::vector<int> totals;
  for (int seat = 0; seat < n; ++seat) {
    const Honor h = honor(b, seat);
    std::vector<std::string> names;
    for (int t : h.territories) names.push_back(R.territory_names[t]);
    rows.push_back(Value::of_dict({{"clan", text(clan_of(seat))}, {"flowers", num(h.flowers)},
                                   {"faceup_control", num(h.faceup_control)},
                                   {"objective", Value::text_or_none(objective[seat], R.objective_ids)},
                                   {"objective_met", Value::flag(h.objective_met)}, {"objective_honor", num(h.objective_honor)},
                                   {"territories", Value::of(names)}, {"territory_honor", num(h.territory_honor)},
                                   {"total", num(h.total)}}));
    totals.push_back(h.total);
  }
  const int best = *std::max_element(totals.begin(), totals.end());
  std::vector<std::string> winners;
  for (int seat = 0; seat < n; ++seat)
    if (totals[seat] == best) winners.push_back(clan_of(seat));
  phase = Phase::Over;
  if (events.on) events.push_back(public_event("final-scoring", {{"scores", Value::of_list(rows)}, {"winners", Value::of(winners)}}));
}

}  // namespace daimyo
