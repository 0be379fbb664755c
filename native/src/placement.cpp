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

// placement.py _Reach and Targets: control, special tokens, ronin and the borders already taken, as sets of
// provinces and of borders filled into `t` (nothing allocated).
void State::fill_targets(int seat, Targets& t) const {
  const Rules& R = *rules;
  const int np = R.n_provinces();
  const uint64_t coastal = R.coastal_set;
  const uint64_t owned = owned_set[seat];
  // Special Tokens: no combat token in or on the borders of peace or scorched earth, nor of a shrine not yours
  const uint64_t all = np >= 64 ? ~uint64_t{0} : (uint64_t{1} << np) - 1;
  const uint64_t touch = all & ~(special_provinces(R.peace) | special_provinces(R.scorched) |
                                 (special_provinces(R.shrine) & ~owned));
  const uint64_t harbors = special_provinces(R.harbor), battlefield = special_provinces(R.battlefield);
  const int harbor_at = harbors ? __builtin_ctzll(harbors) : -1;
  const uint64_t own = owned & touch, others = touch & ~owned;
  const uint64_t harbor = harbor_at >= 0 ? uint64_t{1} << harbor_at : 0;
  t.own = own != 0;
  // Only one combat token can be placed on each border
  const int nw = R.border_words;
  const uint64_t* land = land_taken;
  std::copy(land_taken, land_taken + Rules::BORDER_WORDS, t.land);
  int k = 0;
  t.ronin = ronin[seat];
  if (t.ronin) {
    // Ronin: armies may be placed on any land border
    const int nb = static_cast<int>(R.borders.size());
    for (int bi = 0; bi < nb; ++bi) {
      const auto [p, q] = R.borders[bi];
      if (!((touch >> p) & 1) || !((touch >> q) & 1) || ((land[bi >> 6] >> (bi & 63)) & 1)) continue;
      k += (owner[q] != seat) + (owner[p] != seat);
    }
  } else {
    // the free borders between a province of the player's and one of the others': a border with an end among
    // the player's provinces and not both ends among those that are not the others' (the player's, or closed);
    // worked out again only where those provinces changed since the seat's last
    AttackBorders& a = memo_.attack[seat];
    if (!((memo_.attack_known >> seat) & 1) || a.own != own || a.others != others) {
      uint64_t first[Rules::BORDER_WORDS] = {}, second[Rules::BORDER_WORDS] = {}, from[Rules::BORDER_WORDS] = {};
      for (uint64_t m = all & ~others; m; m &= m - 1) {
        const int p = __builtin_ctzll(m);
        const uint64_t* f = &R.border_first[static_cast<size_t>(p) * Rules::BORDER_WORDS];
        const uint64_t* g = &R.border_second[static_cast<size_t>(p) * Rules::BORDER_WORDS];
        const uint64_t mine = -((own >> p) & 1);  // all ones where p is one of the player's
        for (int w = 0; w < nw; ++w) {
          first[w] |= f[w];
          second[w] |= g[w];
          from[w] |= (f[w] | g[w]) & mine;
        }
      }
      for (int w = 0; w < nw; ++w) a.borders[w] = from[w] & ~(first[w] & second[w]);
      a.own = own;
      a.others = others;
      memo_.attack_known |= 1u << seat;
    }
    for (int w = 0; w < nw; ++w) {
      t.attack[w] = a.borders[w] & ~land[w];
      k += bit_count(t.attack[w]);
    }
  }
  t.n_attack = k;
  t.centers = touch;
  t.own_centers = own;
  t.own_coastal = own & (coastal | harbor);
  // Key Concepts: coastal provinces (the harbor token makes a landlocked province coastal), in province order
  const uint64_t open_sea = others & ~sea_taken;
  t.sea = open_sea & (coastal | harbor);
  t.sea_twice = (open_sea & coastal & harbor) ? harbor_at : -1;
  // Additional Rules: Ronin: a ronin player places no raid or diplomacy tokens
  t.diplomacy = ronin[seat] ? 0 : own & ~battlefield;
  t.raid = ronin[seat] ? 0 : others & ~battlefield;
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

size_t State::memo_bytes() const { return 0; }  // kept inside the state (Targets)

// whether the board token `number` has a blessing on it
bool State::blessed(int number) const {
  if (n_blessings == 0) return false;
  for (const BoardToken& b : tokens)
    if (b.place == 'o' && b.site == number) return true;
  return false;
}

namespace {

bool has_border(const uint64_t* set, int bi) { return (set[bi >> 6] >> (bi & 63)) & 1; }

// placement.py army_attack: f(land border, attacked province) for each, in its order: from each of the player's
// provinces in index order, its borders in board.json's order; a ronin player's: each free land border in index
// order, towards its second province and then its first, where the player does not control it
template <typename F>
void each_attack(const State& s, int seat, const Targets& t, F f) {
  const Rules& R = *s.rules;
  if (t.ronin) {
    const int nb = static_cast<int>(R.borders.size());
    for (int bi = 0; bi < nb; ++bi) {
      const auto [p, q] = R.borders[bi];
      if (!((t.centers >> p) & 1) || !((t.centers >> q) & 1) || has_border(t.land, bi)) continue;
      if (s.owner[q] != seat) f(bi, q);
      if (s.owner[p] != seat) f(bi, p);
    }
    return;
  }
  for (uint64_t m = t.own_centers; m; m &= m - 1) {
    const int p = __builtin_ctzll(m);
    for (int i = R.across_start[p]; i < R.across_start[p + 1]; ++i)
      if (has_border(t.attack, R.across_border[i])) f(R.across_border[i], R.across_province[i]);
  }
}

// the r-th of each_attack's (r below t.n_attack): the player's provinces whose attacks all come before it skipped
// by counting their borders in the set
Place attack_at(const State& s, int seat, const Targets& t, uint64_t r) {
  const Rules& R = *s.rules;
  Place found{'l', -1, -1};
  if (t.ronin) {
    each_attack(s, seat, t, [&](int bi, int q) {
      if (r-- == 0) found = Place{'l', bi, q};
    });
    return found;
  }
  for (uint64_t m = t.own_centers; m; m &= m - 1) {
    const int p = __builtin_ctzll(m);
    const uint64_t* f = &R.border_first[static_cast<size_t>(p) * Rules::BORDER_WORDS];
    const uint64_t* g = &R.border_second[static_cast<size_t>(p) * Rules::BORDER_WORDS];
    uint64_t here = 0;
    for (int w = 0; w < R.border_words; ++w) here += bit_count((f[w] | g[w]) & t.attack[w]);
    if (r >= here) {
      r -= here;
      continue;
    }
    for (int i = R.across_start[p]; i < R.across_start[p + 1]; ++i)
      if (has_border(t.attack, R.across_border[i]) && r-- == 0) return Place{'l', R.across_border[i], R.across_province[i]};
  }
  return found;  // not reached: r < t.n_attack
}

}  // namespace

// placement.py Targets.pieces: each legal place of a token of `kind`, to `out`, in the Python engine's order
template <typename Out>
void State::each_place(int seat, int kind, const Targets& t, Out out) const {
  auto add = [&out](uint64_t provinces, char loc) {
    for (; provinces; provinces &= provinces - 1) out(Place{loc, __builtin_ctzll(provinces), -1});
  };
  auto attack = [this, seat, &out, &t] { each_attack(*this, seat, t, [&out](int bi, int q) { out(Place{'l', bi, q}); }); };
  auto sea = [&out, &t] {
    for (uint64_t m = t.sea; m; m &= m - 1) {
      const int q = __builtin_ctzll(m);
      out(Place{'s', q, -1});
      if (q == t.sea_twice) out(Place{'s', q, -1});
    }
  };
  switch (kind) {
    case Rules::Shinobi: add(t.centers, 'c'); break;
    case Rules::Army: attack(); add(t.own_centers, 'c'); break;
    case Rules::Bluff:
      if (!spied[seat]) {  // Territory cards: Spy Network
        attack();
        sea();
        add(t.centers, 'c');
      }
      break;
    case Rules::Navy: sea(); add(t.own_coastal, 'c'); break;
    case Rules::Blessing: {
      // a blessing goes faceup on one of your own facedown army, navy or shinobi tokens (or your bluff)
      const auto& kinds = rules->clan_token_kinds[clans[seat]];
      for (const BoardToken& b : tokens) {
        const int k = kinds[b.clan_token];
        if (b.owner == seat && !b.faceup && b.place != 'o' &&
            (k == Rules::Army || k == Rules::Navy || k == Rules::Shinobi || k == Rules::Bluff))
          out(Place{'o', b.number, -1});
      }
      break;
    }
    case Rules::Diplomacy: add(t.diplomacy, 'c'); break;
    case Rules::Raid: add(t.raid, 'c'); break;
    default: break;
  }
}

// placement.py can_place_any
bool State::can_place_any(int seat, const Targets& t) const {
  const auto& kinds = rules->clan_token_kinds[clans[seat]];
  bool have[7] = {false, false, false, false, false, false, false};
  for (int tok : hand[seat]) have[kinds[tok]] = true;
  if ((have[Rules::Shinobi] || (have[Rules::Bluff] && !spied[seat])) && t.centers) return true;
  if (have[Rules::Army] && (t.own || t.n_attack)) return true;
  if (have[Rules::Navy] && (t.sea || t.own_coastal)) return true;
  if (have[Rules::Diplomacy] && t.diplomacy) return true;
  if (have[Rules::Raid] && t.raid) return true;
  if (have[Rules::Blessing]) {
    bool any = false;
    each_place(seat, Rules::Blessing, t, [&any](const Place&) { any = true; });
    if (any) return true;
  }
  return false;
}

// placement.py board_token_targets: never a blessing or a blessed token
TokenNumbers State::board_token_targets(int seat, bool opponent_only, bool facedown_only) const {
  TokenNumbers out;
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

namespace {

// province of the r-th set bit of `provinces` (r below their number)
int nth_province(uint64_t provinces, uint64_t r) {
  for (; r; --r) provinces &= provinces - 1;
  return __builtin_ctzll(provinces);
}

}  // namespace

// The r-th place each_place(seat, kind, t) gives (r below their number), found without listing those before it
// where the places are sets of provinces: the same order (attacks, then the sea, then provinces, as each kind
// lists them; the harbor's sea twice, in its place).
Place State::place_at(int seat, int kind, const Targets& t, uint64_t r) const {
  auto center = [](uint64_t provinces, uint64_t i) { return Place{'c', nth_province(provinces, i), -1}; };
  auto attack = [this, seat, &t](uint64_t i) { return attack_at(*this, seat, t, i); };
  auto sea = [&t](uint64_t i) {
    if (t.sea_twice >= 0) {
      const uint64_t before = bit_count(t.sea & ((uint64_t{1} << t.sea_twice) - 1));
      if (i == before || i == before + 1) return Place{'s', t.sea_twice, -1};
      if (i > before) --i;
    }
    return Place{'s', nth_province(t.sea, i), -1};
  };
  const uint64_t attacks = static_cast<uint64_t>(t.n_attack);
  switch (kind) {
    case Rules::Shinobi: return center(t.centers, r);
    case Rules::Army: return r < attacks ? attack(r) : center(t.own_centers, r - attacks);
    case Rules::Bluff:  // (not under Spy Network: none is counted then)
      if (r < attacks) return attack(r);
      r -= attacks;
      return r < t.n_sea() ? sea(r) : center(t.centers, r - t.n_sea());
    case Rules::Navy: return r < t.n_sea() ? sea(r) : center(t.own_coastal, r - t.n_sea());
    case Rules::Diplomacy: return center(t.diplomacy, r);
    case Rules::Raid: return center(t.raid, r);
    default: {
      Place found{'c', -1, -1};
      uint64_t i = 0;
      each_place(seat, kind, t, [&](const Place& p) {
        if (i++ == r) found = p;
      });
      return found;
    }
  }
}

// Move `word` modulo the number of legal moves of `seat` in the placement phase (no decision pending), as
// placement_moves lists them, without listing the token placements: a random bot's pick (play_random).
Move State::placement_move_at(int seat, uint64_t word, std::vector<Move>& moves) const {
  const Rules& R = *rules;
  moves.clear();
  const uint64_t first_moves = count_start_of_turn(seat);  // (listed only where one is picked)
  const Targets& t = targets(seat);
  const auto& code = R.clan_token_code_id[clans[seat]];
  const auto& kinds = R.clan_token_kinds[clans[seat]];
  // the number of places of a kind of token, worked out only for the kinds held (a blessing's by listing them)
  auto count_of = [this, seat, &t](int kind) -> uint64_t {
    switch (kind) {
      case Rules::Shinobi: return static_cast<uint64_t>(bit_count(t.centers));
      case Rules::Army: return static_cast<uint64_t>(t.n_attack + bit_count(t.own_centers));
      case Rules::Bluff: return spied[seat] ? 0 : static_cast<uint64_t>(t.n_attack + bit_count(t.centers)) + t.n_sea();
      case Rules::Navy: return t.n_sea() + static_cast<uint64_t>(bit_count(t.own_coastal));
      case Rules::Diplomacy: return static_cast<uint64_t>(bit_count(t.diplomacy));
      case Rules::Raid: return static_cast<uint64_t>(bit_count(t.raid));
      case Rules::Blessing: {
        uint64_t n = 0;
        each_place(seat, Rules::Blessing, t, [&n](const Place&) { ++n; });
        return n;
      }
      default: return 0;
    }
  };
  // each distinct token held (by its code, in hand order) with its number of places, counted once per kind
  uint64_t count[8];
  unsigned counted = 0;
  int distinct[Rules::MAX_TOKENS];
  uint64_t places[Rules::MAX_TOKENS];
  int n_distinct = 0;
  uint64_t total = first_moves, listed = 0;
  for (int tok : hand[seat]) {
    const uint64_t bit = uint64_t{1} << code[tok];
    if (listed & bit) continue;
    listed |= bit;
    const int kind = kinds[tok];
    if (!((counted >> kind) & 1)) {
      count[kind] = count_of(kind);
      counted |= 1u << kind;
    }
    distinct[n_distinct] = tok;
    places[n_distinct++] = count[kind];
    total += count[kind];
  }
  uint64_t r = word % total;
  if (r < first_moves) return start_of_turn_at(seat, r);
  r -= first_moves;
  for (int i = 0; i < n_distinct; ++i) {
    if (r >= places[i]) {
      r -= places[i];
      continue;
    }
    const int tok = distinct[i];
    const Place p = place_at(seat, kinds[tok], t, r);
    return {Move::Place, tok, p.loc, p.a, p.b};
  }
  return Move{Move::Pass, 0};  // not reached: r < total
}

// the start-of-turn card plays of the placement phase: scout, shugenja, first player and Shadowlands cards
void State::start_of_turn_moves(int seat, std::vector<Move>& moves) const {
  each_start_of_turn(seat, [&moves](const Move& m) {
    moves.push_back(m);
    return false;
  });
}

// each start-of-turn play in turn to `out`, which returns true to stop there
template <typename Out>
void State::each_start_of_turn(int seat, Out out) const {
  const bool has_scouts = scouts[seat] > 0, has_shugenja = shugenja[seat] > 0;
  const bool first_card = seat == first && !first_player_card_used;
  if ((has_scouts || has_shugenja || first_card) && !tokens.empty()) {
    // board_token_targets(seat, false, false), card by card; the blessed tokens found once (few: none mostly)
    int blessed_numbers[Rules::MAX_TOKENS * MAX_SEATS], n_blessed = 0;
    for (const BoardToken& b : tokens)
      if (b.place == 'o') blessed_numbers[n_blessed++] = b.site;
    auto free = [&blessed_numbers, n_blessed](const BoardToken& b) {
      return b.place != 'o' && std::find(blessed_numbers, blessed_numbers + n_blessed, b.number) == blessed_numbers + n_blessed;
    };
    // the scout's (another's facedown token), the shugenja's (another's token), the first player card's (any)
    const bool plays[3] = {has_scouts, has_shugenja, first_card};
    static constexpr int cards_of[3] = {Move::Scout, Move::Shugenja, Move::FirstPlayer};
    for (int part = 0; part < 3; ++part) {
      if (!plays[part]) continue;
      for (const BoardToken& b : tokens) {
        if ((part < 2 && b.owner == seat) || (part == 0 && b.faceup) || !free(b)) continue;
        if (out(Move{Move::Play, cards_of[part], 0, b.number, -1})) return;
      }
    }
  }
  // The Shadowlands: their cards are played at the start of a turn in the placement phase (only they are checked)
  for (int c : cards[seat])
    if (rules->card_placement[c] && card_playable(seat, c) && out(Move{Move::PlayCard, c})) return;
}

// the r-th move each_start_of_turn(seat) gives (r below count_start_of_turn(seat)), found without listing the rest
Move State::start_of_turn_at(int seat, uint64_t r) const {
  Move found{Move::Pass, 0};  // not kept: r < count_start_of_turn(seat)
  each_start_of_turn(seat, [&found, &r](const Move& m) {
    if (r-- != 0) return false;
    found = m;
    return true;
  });
  return found;
}

// the number of moves each_start_of_turn(seat) gives, counted in one pass over the board tokens
uint64_t State::count_start_of_turn(int seat) const {
  const bool has_scouts = scouts[seat] > 0, has_shugenja = shugenja[seat] > 0;
  const bool first_card = seat == first && !first_player_card_used;
  uint64_t k = 0;
  if (has_scouts || has_shugenja || first_card) {
    // the tokens that are no blessing and carry none, those of them another's, those another's facedown
    int all = 0, down = 0;
    for (int q = 0; q < n; ++q) all += free_tokens[q], down += free_facedown[q];
    const int others = all - free_tokens[seat], others_down = down - free_facedown[seat];
    k = static_cast<uint64_t>(first_card * all + has_shugenja * others + has_scouts * others_down);
  }
  for (int c : cards[seat])
    if (rules->card_placement[c] && card_playable(seat, c)) ++k;
  return k;
}

// placement.py placement_moves: every legal placement of the distinct tokens among `pile` (a hand, a discard pile),
// appended to `moves`
void State::add_placement_moves(int seat, const Pile& pile, std::vector<Move>& moves) const {
  const Rules& R = *rules;
  const Targets& t = targets(seat);
  const auto& code = R.clan_token_code_id[clans[seat]];
  const auto& kinds = R.clan_token_kinds[clans[seat]];
  uint64_t listed = 0;  // the codes listed (a code is the index of the first clan token with it)
  for (int tok : pile) {
    const uint64_t bit = uint64_t{1} << code[tok];
    if (listed & bit) continue;
    listed |= bit;
    each_place(seat, kinds[tok], t, [&moves, tok](const Place& p) { moves.push_back({Move::Place, tok, p.loc, p.a, p.b}); });
  }
}

// state.py _next_placer: players take turns until each has one token left behind the screen (a player with one
// left is passed over, not marked done: a bluff discarded from the board comes back to its hand); Ronin: a player
// who cannot place any token takes no more turns this placement phase. -1 when placement is over.
int State::next_placer() {
  for (int k = 0; k < n; ++k) {
    const int p = (turn + k) % n;
    if (done[p] || hand[p].size() <= 1) continue;
    if (!can_place_any(p, targets(p))) {
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
  with(f, "code", Value::of(rules->clan_token_codes[clans[b.owner]][b.clan_token]));
}

// moves.py do_move in the placement phase
void State::apply_placement(int seat, const Move& m, Events& events) {
  const Rules& R = *rules;
  if (m.verb == Move::Place) {
    // take the first token behind the screen with that code
    const auto& code = R.clan_token_code_id[clans[seat]];
    auto& h = hand[seat];
    int tok = -1;
    for (size_t i = 0; i < h.size(); ++i)
      if (code[h[i]] == code[m.arg]) {
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
    taken_off(b);
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
  const Rules& R = *rules;
  const BoardToken t{next_id++, seat, tok, loc, a, b, faceup, 1 << seat};
  tokens.push_back(t);
  if (loc == 'l') land_taken[a >> 6] |= uint64_t{1} << (a & 63);
  if (loc == 's') sea_taken |= uint64_t{1} << a;
  if (loc != 'o') {
    count_free(t, 1);
  } else {  // the token under the blessing carries one now (unless it already did)
    ++n_blessings;
    int on = 0;
    for (const BoardToken& u : tokens) on += u.place == 'o' && u.site == a;
    const int i = token_index(a);
    if (on == 1 && i >= 0 && tokens[i].place != 'o') count_free(tokens[i], -1);
  }
  if (!events.on) return;
  const std::string& code = R.clan_token_codes[clans[seat]][tok];
  const std::string where = loc_text(*rules, loc, a, b);
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
  with(d, "code", Value::of(rules->clan_token_codes[clans[b.owner]][b.clan_token]));
}

void State::taken_off(const BoardToken& b) {
  if (b.place == 'o') {  // the token under it carries no blessing now (unless another stands on it)
    --n_blessings;
    const int i = token_index(b.site);
    if (i >= 0 && tokens[i].place != 'o' && !blessed(b.site)) count_free(tokens[i], 1);
  } else if (!blessed(b.number)) {
    count_free(b, -1);
  }
  if (b.place != 'l' && b.place != 's') return;
  bool still = false;  // (another token on the same border: only where a position was written so)
  for (const BoardToken& t : tokens) still = still || (t.place == b.place && t.site == b.site);
  if (still) return;
  if (b.place == 'l') land_taken[b.site >> 6] &= ~(uint64_t{1} << (b.site & 63));
  if (b.place == 's') sea_taken &= ~(uint64_t{1} << b.site);
}

// state.py _discard_board_token (Removing Tokens)
void State::discard_board_token(int index) {
  const BoardToken b = tokens[index];
  tokens.erase(tokens.begin() + index);
  taken_off(b);
  (b.clan_token == rules->bluff ? hand : discard)[b.owner].push_back(b.clan_token);
}

// placement.py unicorn_swappable: Unicorn's tokens on the board that are no blessing and not blessed
std::vector<int> State::unicorn_swappable(int seat) const {
  std::vector<int> out;
  out.reserve(tokens.size());
  for (const BoardToken& b : tokens)
    if (b.owner == seat && b.place != 'o' && !blessed(b.number)) out.push_back(b.number);
  return out;
}

// state.py _end_placement: Clans: Unicorn's swap once a round, then the Resolution Phase, then the next round
// or the End of the Game
void State::end_placement(Events& events) {
  const Rules& R = *rules;
  if (!unicorn_used && R.unicorn >= 0) {
    const auto u = std::find(clans.begin(), clans.end(), R.unicorn);
    if (u != clans.end()) {
      unicorn_used = true;
      const int seat = static_cast<int>(u - clans.begin());
      int swappable = 0;  // (unicorn_swappable's, counted up to the two a swap needs)
      for (const BoardToken& b : tokens)
        if (b.owner == seat && b.place != 'o' && !blessed(b.number) && ++swappable == 2) break;
      if (swappable >= 2) {  // a swap needs two tokens
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
