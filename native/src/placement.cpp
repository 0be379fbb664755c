// Placement Phase: where each combat token may go, whose turn it is, placing tokens, the scout, shugenja and
// first player cards, and Clans: Scorpion's look (daimyo/rokugan/placement.py; moves.py legal_moves, do_move and
// _do_frame for the placement phase; state.py _next_placer and _placer_after_turn). The lists are built in the
// Python engine's order, move for move.
#include <algorithm>
#include <string>

#include "state.hpp"

namespace daimyo {

namespace {

Event public_event(std::string kind) { return Event{std::move(kind), -1, {}}; }
Event& with(Event& e, const char* key, Value v) {
  e.data.emplace_back(key, std::move(v));
  return e;
}
Value count(long long v) { return Value::of(v); }


}  // namespace

int State::token_index(int number) const {
  for (size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i].number == number) return static_cast<int>(i);
  return -1;
}

// placement.py _Reach and Targets: control, special tokens, ronin and the borders already taken. Filled into
// `t` (its lists cleared first, their storage kept) without any other allocation.
void State::fill_targets(int seat, Targets& t) const {
  const Rules& R = RULES;
  const int np = R.n_provinces();
  const int nb = static_cast<int>(R.borders.size());
  t.centers.clear();
  t.own_centers.clear();
  t.own_coastal.clear();
  t.army_attack.clear();
  t.sea.clear();
  t.diplomacy.clear();
  t.raid.clear();
  bool touch[Rules::MAX_PROVINCES], sea[Rules::MAX_PROVINCES], land[Rules::MAX_BORDERS];
  int own[Rules::MAX_PROVINCES], n_own = 0;
  int harbor_at = -1;
  for (int p = 0; p < np; ++p) {
    const int sp = special[p];
    // Special Tokens: no combat token in or on the borders of peace or scorched earth, nor of a shrine not yours
    touch[p] = !(sp >= 0 && (sp == R.peace || sp == R.scorched || (sp == R.shrine && owner[p] != seat)));
    if (sp >= 0 && sp == R.harbor && harbor_at < 0) harbor_at = p;
    if (touch[p]) t.centers.push_back({'c', p, -1});
    if (owner[p] == seat && touch[p]) own[n_own++] = p;
    sea[p] = false;
  }
  t.own = n_own > 0;
  // Only one combat token can be placed on each border
  std::fill(land, land + nb, false);
  for (const BoardToken& b : tokens) {
    if (b.place == 'l') land[b.site] = true;
    if (b.place == 's') sea[b.site] = true;
  }
  if (ronin[seat]) {
    // Ronin: armies may be placed on any land border
    for (int bi = 0; bi < nb; ++bi) {
      const auto [p, q] = R.borders[bi];
      if (!touch[p] || !touch[q] || land[bi]) continue;
      if (owner[q] != seat) t.army_attack.push_back({'l', bi, q});
      if (owner[p] != seat) t.army_attack.push_back({'l', bi, p});
    }
  } else {
    for (int i = 0; i < n_own; ++i) {
      const int p = own[i];
      for (int bi : R.province_borders[p]) {
        const auto [x, y] = R.borders[bi];
        const int q = x == p ? y : x;
        if (touch[q] && owner[q] != seat && !land[bi]) t.army_attack.push_back({'l', bi, q});
      }
    }
  }
  // Key Concepts: coastal provinces (the harbor token makes a landlocked province coastal), in province order
  for (int q = 0; q < np; ++q) {
    if (!touch[q] || owner[q] == seat || sea[q]) continue;
    if (R.coastal[q]) t.sea.push_back({'s', q, -1});
    if (q == harbor_at) t.sea.push_back({'s', q, -1});  // (listed twice if coastal already, as placement.py does)
  }
  for (int i = 0; i < n_own; ++i) {
    const int p = own[i];
    t.own_centers.push_back({'c', p, -1});
    if (R.coastal[p] || p == harbor_at) t.own_coastal.push_back({'c', p, -1});
  }
  if (!ronin[seat]) {
    // Additional Rules: Ronin: a ronin player places no raid or diplomacy tokens
    for (int i = 0; i < n_own; ++i)
      if (special[own[i]] < 0 || special[own[i]] != R.battlefield) t.diplomacy.push_back({'c', own[i], -1});
    for (int p = 0; p < np; ++p)
      if (touch[p] && owner[p] != seat && (special[p] < 0 || special[p] != R.battlefield)) t.raid.push_back({'c', p, -1});
  }
}

// The legal places of `seat` now: remembered between moves (the memo is emptied whenever a move starts, and
// filled where the position is settled: between moves, or by next_placer as a move's last step).
const Targets& State::targets(int seat) const {
  if (memo_.seat == seat && !memo_.in_move) return memo_.targets();
  Targets& t = memo_.in_move ? memo_.scratch() : memo_.targets();
  fill_targets(seat, t);
  if (!memo_.in_move) memo_.seat = seat;
  return t;
}

size_t State::memo_bytes() const {
  size_t total = 0;
  for (const Targets* t : {&memo_.slots[0], &memo_.slots[1]})
    for (const auto* v : {&t->centers, &t->own_centers, &t->own_coastal, &t->army_attack, &t->sea, &t->diplomacy, &t->raid})
      total += v->capacity() * sizeof(Spot);
  return total;
}

// whether the board token `number` has a blessing on it
bool State::blessed(int number) const {
  for (const BoardToken& b : tokens)
    if (b.place == 'o' && b.site == number) return true;
  return false;
}

// placement.py Targets.pieces: each legal place of a token of `kind`, to `out`, in the Python engine's order
template <typename Out>
void State::each_place(int seat, int kind, const Targets& t, Out out) const {
  auto add = [&out](const std::vector<Spot>& v) {
    for (const Spot& p : v) out(p.place());
  };
  switch (kind) {
    case Rules::Shinobi: add(t.centers); break;
    case Rules::Army: add(t.army_attack); add(t.own_centers); break;
    case Rules::Bluff:
      if (!spied[seat]) {  // Territory cards: Spy Network
        add(t.army_attack);
        add(t.sea);
        add(t.centers);
      }
      break;
    case Rules::Navy: add(t.sea); add(t.own_coastal); break;
    case Rules::Blessing: {
      // a blessing goes faceup on one of your own facedown army, navy or shinobi tokens (or your bluff)
      const auto& kinds = RULES.clan_token_kinds[clans[seat]];
      for (const BoardToken& b : tokens) {
        const int k = kinds[b.clan_token];
        if (b.owner == seat && !b.faceup && b.place != 'o' &&
            (k == Rules::Army || k == Rules::Navy || k == Rules::Shinobi || k == Rules::Bluff))
          out(Place{'o', b.number, -1});
      }
      break;
    }
    case Rules::Diplomacy: add(t.diplomacy); break;
    case Rules::Raid: add(t.raid); break;
    default: break;
  }
}

// placement.py can_place_any
bool State::can_place_any(int seat, const Targets& t) const {
  const auto& kinds = RULES.clan_token_kinds[clans[seat]];
  bool have[7] = {false, false, false, false, false, false, false};
  for (int tok : hand[seat]) have[kinds[tok]] = true;
  if ((have[Rules::Shinobi] || (have[Rules::Bluff] && !spied[seat])) && !t.centers.empty()) return true;
  if (have[Rules::Army] && (t.own || !t.army_attack.empty())) return true;
  if (have[Rules::Navy] && (!t.sea.empty() || !t.own_coastal.empty())) return true;
  if (have[Rules::Diplomacy] && !t.diplomacy.empty()) return true;
  if (have[Rules::Raid] && !t.raid.empty()) return true;
  if (have[Rules::Blessing]) {
    bool any = false;
    each_place(seat, Rules::Blessing, t, [&any](const Place&) { any = true; });
    if (any) return true;
  }
  return false;
}

// placement.py board_token_targets: never a blessing or a blessed token
std::vector<int> State::board_token_targets(int seat, bool opponent_only, bool facedown_only) const {
  std::vector<int> out;
  for (const BoardToken& b : tokens) {
    if (b.place == 'o' || (opponent_only && b.owner == seat) || (facedown_only && b.faceup)) continue;
    if (blessed(b.number)) continue;
    out.push_back(b.number);
  }
  return out;
}

// moves.py legal_moves in the placement phase: the start-of-turn cards, then each distinct token's places.
void State::placement_moves(int seat, std::vector<Move>& moves) const {
  start_of_turn_moves(seat, moves);
  add_placement_moves(seat, hand[seat], moves);
}

// Move `word` modulo the number of legal moves of `seat` in the placement phase (no decision pending), as
// placement_moves lists them, without listing the token placements: a random bot's pick (play_random).
Move State::placement_move_at(int seat, uint64_t word, std::vector<Move>& moves) const {
  moves.clear();
  start_of_turn_moves(seat, moves);
  const Targets& t = targets(seat);
  const auto& code = RULES.clan_token_code_id[clans[seat]];
  const auto& kinds = RULES.clan_token_kinds[clans[seat]];
  auto count = [this, seat, &t](int kind) -> uint64_t {
    switch (kind) {
      case Rules::Shinobi: return t.centers.size();
      case Rules::Army: return t.army_attack.size() + t.own_centers.size();
      case Rules::Bluff: return spied[seat] ? 0 : t.army_attack.size() + t.sea.size() + t.centers.size();
      case Rules::Navy: return t.sea.size() + t.own_coastal.size();
      case Rules::Diplomacy: return t.diplomacy.size();
      case Rules::Raid: return t.raid.size();
      default: {
        uint64_t k = 0;
        each_place(seat, kind, t, [&k](const Place&) { ++k; });
        return k;
      }
    }
  };
  uint64_t total = moves.size(), listed = 0;
  for (int tok : hand[seat]) {
    const uint64_t bit = uint64_t{1} << code[tok];
    if (listed & bit) continue;
    listed |= bit;
    total += count(kinds[tok]);
  }
  uint64_t r = word % total;
  if (r < moves.size()) return moves[r];
  r -= moves.size();
  listed = 0;
  for (int tok : hand[seat]) {
    const uint64_t bit = uint64_t{1} << code[tok];
    if (listed & bit) continue;
    listed |= bit;
    const uint64_t k = count(kinds[tok]);
    if (r >= k) {
      r -= k;
      continue;
    }
    Move found{Move::Place, tok};
    uint64_t i = 0;
    each_place(seat, kinds[tok], t, [&](const Place& p) {
      if (i++ == r) found = {Move::Place, tok, p.loc, p.a, p.b};
    });
    return found;
  }
  return moves.front();  // not reached: r < total
}

// the start-of-turn card plays of the placement phase: scout, shugenja, first player and Shadowlands cards
void State::start_of_turn_moves(int seat, std::vector<Move>& moves) const {
  const bool has_scouts = scouts[seat] > 0, has_shugenja = shugenja[seat] > 0;
  const bool first_card = seat == first && !first_player_card_used;
  if ((has_scouts || has_shugenja || first_card) && !tokens.empty()) {
    // board_token_targets(seat, false, false), card by card
    auto free = [this](const BoardToken& b) { return b.place != 'o' && !blessed(b.number); };
    if (has_scouts)
      for (const BoardToken& b : tokens)
        if (free(b) && b.owner != seat && !b.faceup) moves.push_back({Move::Play, Move::Scout, 0, b.number, -1});
    if (has_shugenja)
      for (const BoardToken& b : tokens)
        if (free(b) && b.owner != seat) moves.push_back({Move::Play, Move::Shugenja, 0, b.number, -1});
    if (first_card)
      for (const BoardToken& b : tokens)
        if (free(b)) moves.push_back({Move::Play, Move::FirstPlayer, 0, b.number, -1});
  }
  // The Shadowlands: their cards are played at the start of a turn in the placement phase
  for (int c : cards[seat])
    if (RULES.card_placement[c] && card_playable(seat, c)) moves.push_back({Move::PlayCard, c});
}

// placement.py placement_moves: every legal placement of the distinct tokens among `pile` (a hand, a discard pile)
std::vector<Move> State::placement_moves_of(int seat, const Pile& pile) const {
  std::vector<Move> moves;
  add_placement_moves(seat, pile, moves);
  return moves;
}

void State::add_placement_moves(int seat, const Pile& pile, std::vector<Move>& moves) const {
  const Targets& t = targets(seat);
  const auto& code = RULES.clan_token_code_id[clans[seat]];
  const auto& kinds = RULES.clan_token_kinds[clans[seat]];
  uint64_t listed = 0;  // the codes listed (a code is the index of the first clan token with it)
  for (int tok : pile) {
    const uint64_t bit = uint64_t{1} << code[tok];
    if (listed & bit) continue;
    listed |= bit;
    each_place(seat, kinds[tok], t, [&moves, tok](const Place& p) { moves.push_back({Move::Place, tok, p.loc, p.a, p.b}); });
  }
}

// state.py _next_placer: players take turns until each has one token left behind the screen; Ronin: a player who
// cannot place any token takes no more turns this placement phase. -1 when placement is over.
int State::next_placer() {
  for (int k = 0; k < n; ++k) {
    const int p = (turn + k) % n;
    if (done[p]) continue;
    if (hand[p].size() <= 1 || !can_place_any(p, targets(p))) {
      done[p] = 1;
      continue;
    }
    // the move ends here (State::advance): p's places stay as they are until the next move
    if (memo_.in_move) {
      memo_.kept = 1 - memo_.kept;  // the scratch, just filled for p, is kept
      memo_.seat = p;
    }
    return p;
  }
  return -1;
}

// state.py _placer_after_turn: a position whose turn names a player who places no more (changes nothing)
int State::placer_after_turn() const {
  for (int k = 1; k < n; ++k) {
    const int p = (turn + k) % n;
    if (!done[p] && hand[p].size() > 1 && can_place_any(p, targets(p))) return p;
  }
  return -1;
}

// placement.py learn: `seat` secretly looks at the board token at `index`
void State::learn(int seat, int index, const char* source, Events& events) {
  BoardToken& b = tokens[index];
  b.known_by |= 1 << seat;
  seen[seat].push_back({source, b.number, b.owner, b.clan_token, {}});
  if (!events.on) return;
  Event& e = events.emplace_back(public_event("look"));
  with(e, "clan", Value::of(clan_of(seat)));
  with(e, "source", Value::of(std::string(source)));
  with(e, "token", count(b.number));
  with(e, "owner", Value::of(clan_of(b.owner)));
  Event& f = events.emplace_back(Event{"saw", seat, {}});
  with(f, "clan", Value::of(clan_of(seat)));
  with(f, "source", Value::of(std::string(source)));
  with(f, "token", count(b.number));
  with(f, "owner", Value::of(clan_of(b.owner)));
  with(f, "code", Value::of(RULES.clan_token_codes[clans[b.owner]][b.clan_token]));
}

// moves.py do_move in the placement phase
void State::apply_placement(int seat, const Move& m, Events& events) {
  const Rules& R = RULES;
  if (m.verb == Move::Place) {
    // take the first token behind the screen with that code
    const auto& codes = R.clan_token_codes[clans[seat]];
    auto& h = hand[seat];
    int tok = -1;
    for (size_t i = 0; i < h.size(); ++i)
      if (codes[h[i]] == codes[m.arg]) {
        tok = h[i];
        h.erase(h.begin() + static_cast<long>(i));
        break;
      }
    put_token(seat, tok, m.loc, m.a, m.b, R.clan_token_kinds[clans[seat]][tok] == Rules::Blessing, events);
    turn = (seat + 1) % n;
    // Clans: Scorpion looks at one facedown token of an opponent, once a round, after placing
    if (clans[seat] == R.scorpion && !scorpion_used)
      for (const BoardToken& b : tokens)
        if (b.place != 'o' && b.owner != seat && !b.faceup && !blessed(b.number)) {
          scorpion_look = seat;
          break;
        }
    return;
  }
  if (m.verb == Move::PlayCard) {
    play_territory_card(seat, m.arg, events);
    return;
  }
  // Scout and Shugenja Cards; Upkeep Phase 1: the first player card
  static const char* names[] = {"scout", "shugenja", "first-player"};
  if (events.on) {
    Event& e = events.emplace_back(public_event("play"));
    with(e, "clan", Value::of(clan_of(seat)));
    with(e, "card", Value::of(std::string(names[m.arg])));
  }
  const int index = token_index(m.a);
  if (m.arg == Move::Scout) {
    --scouts[seat];
    learn(seat, index, "scout", events);
  } else if (m.arg == Move::Shugenja) {
    --shugenja[seat];
    reveal_and_discard(index, "shugenja", events);
  } else {
    first_player_card_used = true;
    learn(seat, index, "first-player", events);
    const BoardToken b = tokens[index];
    tokens.erase(tokens.begin() + index);
    pool[b.owner].push_back(b.clan_token);
    if (events.on) {
      Event& r = events.emplace_back(public_event("return-to-pool"));
      with(r, "token", count(b.number));
      with(r, "owner", Value::of(clan_of(b.owner)));
    }
  }
}

// placement.py put_token and placement_events: the token's owner knows it
void State::put_token(int seat, int tok, char loc, int a, int b, bool faceup, Events& events) {
  const Rules& R = RULES;
  const BoardToken t{next_id++, seat, tok, loc, a, b, faceup, 1 << seat};
  tokens.push_back(t);
  if (!events.on) return;
  const std::string& code = R.clan_token_codes[clans[seat]][tok];
  const std::string where = loc_text(loc, a, b);
  Event& e = events.emplace_back(public_event("place"));
  with(e, "clan", Value::of(R.clan_names[clans[seat]]));
  with(e, "token", count(t.number));
  with(e, "at", Value::of(where));
  if (faceup) {
    with(e, "code", Value::of(code));
    with(e, "faceup", Value::flag(true));
  } else {
    Event& f = events.emplace_back(Event{"place-own", seat, {}});
    with(f, "clan", Value::of(R.clan_names[clans[seat]]));
    with(f, "token", count(t.number));
    with(f, "at", Value::of(where));
    with(f, "code", Value::of(code));
  }
}

// placement.py reveal_and_discard: the token goes to its owner's discard pile (a bluff behind the screen)
void State::reveal_and_discard(int index, const char* source, Events& events) {
  const BoardToken b = tokens[index];
  discard_board_token(index);
  if (!events.on) return;
  Event& d = events.emplace_back(public_event("discard"));
  with(d, "source", Value::of(std::string(source)));
  with(d, "token", count(b.number));
  with(d, "owner", Value::of(clan_of(b.owner)));
  with(d, "code", Value::of(RULES.clan_token_codes[clans[b.owner]][b.clan_token]));
}

// state.py _discard_board_token (Removing Tokens)
void State::discard_board_token(int index) {
  const BoardToken b = tokens[index];
  tokens.erase(tokens.begin() + index);
  (b.clan_token == RULES.bluff ? hand : discard)[b.owner].push_back(b.clan_token);
}

// placement.py unicorn_swappable: Unicorn's tokens on the board that are no blessing and not blessed
std::vector<int> State::unicorn_swappable(int seat) const {
  std::vector<int> out;
  for (const BoardToken& b : tokens)
    if (b.owner == seat && b.place != 'o' && !blessed(b.number)) out.push_back(b.number);
  return out;
}

// state.py _end_placement: Clans: Unicorn's swap once a round, then the Resolution Phase, then the next round
// or the End of the Game
void State::end_placement(Events& events) {
  const Rules& R = RULES;
  if (!unicorn_used && R.unicorn >= 0) {
    const auto u = std::find(clans.begin(), clans.end(), R.unicorn);
    if (u != clans.end()) {
      unicorn_used = true;
      const int seat = static_cast<int>(u - clans.begin());
      if (unicorn_swappable(seat).size() >= 2) {  // a swap needs two tokens
        unicorn_swap = seat;
        return;
      }
    }
  }
  resolve(events);
  if (round >= R.rounds)
    final_scoring(events);
  else
    start_round(events);
}

// moves.py _do_frame for Clans: Scorpion
void State::apply_scorpion(int seat, const Move& m, Events& events) {
  scorpion_look = -1;
  if (m.verb == Move::Pass) {
    if (events.on) {
      Event& e = events.emplace_back(public_event("pass"));
      with(e, "clan", Value::of(clan_of(seat)));
      with(e, "ability", Value::of(std::string("scorpion")));
    }
    return;
  }
  scorpion_used = true;
  learn(seat, token_index(m.arg), "scorpion", events);
}

}  // namespace daimyo
