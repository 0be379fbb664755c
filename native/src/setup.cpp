// Setup (steps 1-11) and the Upkeep phase of round 1, up to its placement phase (placement.cpp)
// (daimyo/rokugan/state.py: new_game, _setup_after_clans, _setup_after_objectives, _advance, _start_round;
// daimyo/rokugan/moves.py: legal_moves and do_move for these phases).
#include <algorithm>
#include <numeric>

#include "state.hpp"

namespace daimyo {

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::SetupClans: return "setup-clans";
    case Phase::SetupObjectives: return "setup-objectives";
    case Phase::SetupControl: return "setup-control";
    case Phase::Upkeep: return "upkeep";
    case Phase::Placement: return "placement";
    case Phase::Over: return "over";
  }
  return "";
}

static Event public_event(std::string kind) { return Event{std::move(kind), -1, {}}; }
static Event private_event(int seat, std::string kind) { return Event{std::move(kind), seat, {}}; }
static Event& with(Event& e, const char* key, Value v) {
  e.data.emplace_back(key, std::move(v));
  return e;
}

State State::new_game(RulesRef rules, int players, GameRng rng, const Seats<int>& clans) {
  State s;
  s.deal_fresh(std::move(rules), players, std::move(rng), clans);
  return s;
}

void State::deal(State& s, RulesRef rules, int players, GameRng rng, const Seats<int>& clans) {
  // every field as a new State has it, but the lists' room kept
  std::vector<BoardToken> tokens = std::move(s.tokens);
  std::vector<std::vector<Seen>> seen = std::move(s.seen);
  std::vector<int> dragon_return = std::move(s.dragon_return), dragon_drawn = std::move(s.dragon_drawn);
  std::vector<int> memo = std::move(s.card.memo);
  s = State();
  tokens.clear();
  dragon_return.clear();
  dragon_drawn.clear();
  memo.clear();
  s.tokens = std::move(tokens);
  s.seen = std::move(seen);
  s.dragon_return = std::move(dragon_return);
  s.dragon_drawn = std::move(dragon_drawn);
  s.card.memo = std::move(memo);
  s.deal_fresh(std::move(rules), players, std::move(rng), clans);
}

void State::clear_seen() {
  seen.resize(n);
  for (std::vector<Seen>& row : seen) row.clear();
}

void State::deal_fresh(RulesRef rules_ref, int players, GameRng game_rng, const Seats<int>& chosen) {
  State& s = *this;
  s.rules = std::move(rules_ref);
  const Rules& R = *s.rules;
  const int n = players;
  s.n = n;
  if (chosen.empty())
    s.clans.fill(n, -1);
  else
    s.clans = chosen;
  s.owner.assign(R.n_provinces(), -1);
  s.up.assign(R.n_provinces(), 0);
  s.down.assign(R.n_provinces(), 0);
  s.hand.fill(n, Pile{});
  s.pool.fill(n, Pile{});
  s.supply.assign(n, R.control_tokens);
  s.set_aside.assign(n, 0);
  s.scouts.assign(n, 0);
  s.shugenja.assign(n, 0);
  s.objective.assign(n, -1);
  s.offer.fill(n, Pile{});
  s.ronin.assign(n, 0);
  s.done.assign(n, 0);
  s.spied.assign(n, 0);
  s.special.assign(R.n_provinces(), -1);
  s.discard.fill(n, Pile{});
  s.clear_seen();
  s.cards.fill(n, Pile{});
  s.out.fill(n, Pile{});
  s.specials_left = R.special_supply;
  s.rng = std::move(game_rng);
  // Setup 2. Randomize Territory Cards
  s.space.resize(R.territory_cards.size());
  for (size_t t = 0; t < R.territory_cards.size(); ++t)
    s.space[t] = R.territory_card_index[t][s.rng.below(R.territory_cards[t].size())];
  if (!chosen.empty()) s.setup_after_clans();
}

void State::setup_after_clans() {
  const Rules& R = *rules;
  // Setup 3: the bluff behind the screen, the other combat tokens make the pool
  for (int p = 0; p < n; ++p) {
    hand[p] = {R.bluff};
    pool[p].clear();
    for (int i = 0; i < R.tokens_per_clan; ++i)
      if (i != R.bluff) pool[p].push_back(i);
  }
  // Setup 4: scouts and shugenja
  scouts.assign(n, R.scouts);
  shugenja.assign(n, R.shugenja);
  // Setup 5: deal two objectives to each player
  Row<int, Rules::MAX_DECK> deck;
  deck.resize(R.objective_ids.size());
  std::iota(deck.begin(), deck.end(), 0);
  rng.shuffle(deck);
  const int k = R.objectives_dealt;
  for (int p = 0; p < n; ++p) offer[p].assign(deck.begin() + p * k, deck.begin() + (p + 1) * k);
  phase = Phase::SetupObjectives;
}

void State::setup_after_objectives(Events& events) {
  const Rules& R = *rules;
  if (events.on) events.push_back(public_event("objectives-chosen"));
  // Setup 6: capitals
  for (int p = 0; p < n; ++p) add_control(p, R.capital[clans[p]], 0, 1);
  // Setup 7: set aside control tokens
  for (int p = 0; p < n; ++p) {
    set_aside[p] = R.starting_control[n];
    supply[p] -= R.starting_control[n];
  }
  // Setup 8: the first player from the clan initiative cards
  Row<int, Rules::MAX_SMALL> deck;  // (the initiative deck: at most MAX_SMALL cards, MAX_SEATS of them the clans')
  deck.assign(clans.begin(), clans.end());
  rng.shuffle(deck);
  const int top = deck.front();
  deck.erase(deck.begin());
  first = static_cast<int>(std::find(clans.begin(), clans.end(), top) - clans.begin());
  if (events.on) {
    Event& e = events.emplace_back(public_event("first-player"));
    with(e, "clan", Value::of(R.clan_names[top]));
    with(e, "card", Value::of(R.clan_names[top]));
  }
  // Setup 9: complete the deck with neutral cards to four
  Row<int, Rules::MAX_DECK> neutral;
  neutral.resize(R.neutral_cards.size());
  std::iota(neutral.begin(), neutral.end(), R.n_clans());
  rng.shuffle(neutral);
  while (static_cast<int>(deck.size()) < R.initiative_deck_size && !neutral.empty()) {
    deck.push_back(neutral.front());
    neutral.erase(neutral.begin());
  }
  rng.shuffle(deck);
  initiative = deck;
  // Setup 10
  phase = Phase::SetupControl;
  turn = first;
}

std::string State::clan_of(int seat) const {
  return clans[seat] >= 0 ? rules->clan_names[clans[seat]] : "seat" + std::to_string(seat);
}

std::string State::initiative_card(int card) const {
  const Rules& R = *rules;
  return card < R.n_clans() ? R.clan_names[card] : R.neutral_cards[card - R.n_clans()];
}

int State::control_tokens_on_board(int seat) const {
  int total = 0;
  for (uint64_t m = owned_set[seat]; m; m &= m - 1) {
    const int p = __builtin_ctzll(m);
    total += up[p] + down[p];
  }
  return total;
}

// state.py _add_control: control tokens of `seat` from its supply (as many as it has), faceup ones first
int State::add_control(int seat, int p, int up_count, int down_count) {
  int placed = 0;
  for (int i = 0; i < up_count + down_count && supply[seat] > 0; ++i) {
    --supply[seat];
    ++(i < up_count ? up[p] : down[p]);
    ++placed;
  }
  if (placed) set_owner(p, seat);
  return placed;
}

int State::draw(int seat, int k) {
  Pile& from = pool[seat];
  Pile& to = hand[seat];
  int drawn = 0;
  for (; drawn < k && !from.empty(); ++drawn) {
    const size_t j = static_cast<size_t>(rng.below(from.size()));
    std::swap(from[j], from.back());
    to.push_back(from.back());
    from.pop_back();
  }
  return drawn;
}

std::vector<int> State::to_act() const {
  int seats[MAX_PLAYERS];
  return std::vector<int>(seats, seats + to_act(seats));
}

int State::to_act(int* seats) const {
  if (!dragon_return.empty()) return seats[0] = dragon_return.back(), 1;
  if (scorpion_look >= 0) return seats[0] = scorpion_look, 1;
  if (unicorn_swap >= 0) return seats[0] = unicorn_swap, 1;
  if (card.seat >= 0) return seats[0] = card.seat, 1;
  if (phase == Phase::SetupObjectives) {
    int k = 0;
    for (int p = 0; p < n; ++p)
      if (objective[p] < 0) seats[k++] = p;
    return k;
  }
  if (phase == Phase::Over) return 0;
  if (phase == Phase::Placement && (done[turn] || hand[turn].size() <= 1)) {
    const int p = placer_after_turn();
    if (p < 0) return 0;
    return seats[0] = p, 1;
  }
  return seats[0] = turn, 1;
}

bool State::acts(int seat) const {
  int seats[MAX_PLAYERS];
  const int k = to_act(seats);
  return std::find(seats, seats + k, seat) != seats + k;
}

bool State::setup_control_at(uint64_t word, Move& out) const {
  if (phase != Phase::SetupControl || pending()) return false;
  const int np = rules->n_provinces();
  uint64_t open = np >= 64 ? ~uint64_t{0} : (uint64_t{1} << np) - 1;
  for (int q = 0; q < n; ++q) open &= ~owned_set[q];
  if (!open) return false;
  uint64_t r = word % static_cast<uint64_t>(bit_count(open));
  for (; r; --r) open &= open - 1;
  out = Move{Move::Control, __builtin_ctzll(open)};
  return true;
}

std::vector<Move> State::legal_moves(int seat) const {
  std::vector<Move> moves;
  if (acts(seat)) legal_moves(seat, moves);
  return moves;
}

// the legal moves of `seat`, one of those to act, into `moves` (emptied first; its storage is kept)
void State::legal_moves(int seat, std::vector<Move>& moves) const {
  const Rules& R = *rules;
  moves.clear();
  if (!dragon_return.empty()) {
    // Clans: Dragon returns one token it drew this upkeep (never the bluff), listed by code in hand order
    const auto& codes = R.clan_token_code_id[clans[seat]];  // (equal codes, equal ids; below 64)
    uint64_t drawn = 0, seen = 0;  // the codes drawn, and those listed (bit c: code id c)
    for (int u : dragon_drawn) drawn |= uint64_t{1} << codes[u];
    for (int t : hand[seat]) {
      const uint64_t bit = uint64_t{1} << codes[t];
      if (t == R.bluff || !(drawn & bit) || (seen & bit)) continue;
      seen |= bit;
      moves.push_back({Move::Return, t});
    }
    return;
  }
  if (scorpion_look >= 0) {
    // Clans: Scorpion looks at one facedown combat token of an opponent that no blessing protects, or passes
    // (board_token_targets(seat, true, true), straight into the moves)
    for (const BoardToken& b : tokens)
      if (b.place != 'o' && b.owner != seat && !b.faceup && !blessed(b.number)) moves.push_back({Move::Look, b.number});
    moves.push_back({Move::Pass, 0});
    return;
  }
  if (unicorn_swap >= 0) {
    // Clans: Unicorn swaps two of its tokens on the board, or passes
    // (unicorn_swappable(seat), in a fixed array: a seat has at most MAX_TOKENS tokens on the board)
    int ts[Rules::MAX_TOKENS], k = 0;
    for (const BoardToken& b : tokens)
      if (b.owner == seat && b.place != 'o' && !blessed(b.number)) ts[k++] = b.number;
    for (int i = 0; i < k; ++i)
      for (int j = i + 1; j < k; ++j) moves.push_back({Move::Swap, ts[i], 0, ts[j], -1});
    moves.push_back({Move::Pass, 0});
    return;
  }
  if (card.seat >= 0) {
    card_options(seat, card.card, card.step, card.memo, moves);  // (`moves` keeps its room: the caller's buffer)
    return;
  }
  switch (phase) {
    case Phase::SetupClans:
      for (int c = 0; c < R.n_clans(); ++c)
        if (std::find(clans.begin(), clans.end(), c) == clans.end()) moves.push_back({Move::Clan, c});
      break;
    case Phase::SetupObjectives:
      for (int o : offer[seat]) moves.push_back({Move::Objective, o});
      break;
    case Phase::SetupControl:
      for (int p = 0; p < R.n_provinces(); ++p)
        if (owner[p] < 0) moves.push_back({Move::Control, p});
      break;
    case Phase::Upkeep:
      for (int c : cards[seat])
        if (!R.card_placement[c] && card_playable(seat, c)) moves.push_back({Move::PlayCard, c});
      moves.push_back({Move::Pass, 0});
      break;
    case Phase::Placement:
      placement_moves(seat, moves);
      break;
    default:
      break;
  }
}

std::vector<Event> State::apply_move(int seat, const Move& m) {
  Events events;
  apply_move(seat, m, events);
  return std::move(events);
}

namespace {

// the position changes: the remembered places are forgotten, and none is remembered until the change ends
struct InMove {
  TargetsMemo& memo;
  explicit InMove(TargetsMemo& m) : memo(m) { memo.seat = -1; memo.in_move = true; }
  ~InMove() { memo.in_move = false; }
};

}  // namespace

std::vector<Event> State::run_automatic_steps() {
  Events events;
  InMove in_move(memo_);
  advance(events);
  return std::move(events);
}

std::vector<Event> State::resolve_alone() {
  Events events;
  InMove in_move(memo_);
  resolve(events);
  return std::move(events);
}

void State::apply_move(int seat, const Move& m, Events& events) {
  const Rules& R = *rules;
  InMove in_move(memo_);
  if (!dragon_return.empty()) {
    dragon_return.pop_back();
    dragon_drawn.clear();
    const std::string& code = R.clan_token_codes[clans[seat]][m.arg];
    const auto& ids = R.clan_token_code_id[clans[seat]];
    auto& h = hand[seat];
    for (size_t i = 0; i < h.size(); ++i) {
      if (ids[h[i]] == ids[m.arg]) {
        pool[seat].push_back(h[i]);
        h.erase(h.begin() + static_cast<long>(i));
        break;
      }
    }
    if (events.on) {
      Event& e = events.emplace_back(public_event("return-to-pool"));
      with(e, "clan", Value::of(clan_of(seat)));
      with(e, "count", Value::of(1LL));
      Event& f = events.emplace_back(private_event(seat, "returned"));
      with(f, "clan", Value::of(clan_of(seat)));
      with(f, "code", Value::of(code));
    }
  } else if (scorpion_look >= 0) {
    apply_scorpion(seat, m, events);
  } else if (unicorn_swap >= 0) {
    unicorn_swap = -1;
    if (m.verb == Move::Pass) {
      if (events.on) {
        Event& e = events.emplace_back(public_event("pass"));
        with(e, "clan", Value::of(clan_of(seat)));
        with(e, "ability", Value::of(std::string("unicorn")));
      }
    } else {
      BoardToken& t1 = tokens[token_index(m.arg)];
      BoardToken& t2 = tokens[token_index(m.a)];
      std::swap(t1.place, t2.place);
      std::swap(t1.site, t2.site);
      std::swap(t1.attacked, t2.attacked);
      if (events.on) {
        Event& e = events.emplace_back(public_event("swap"));
        with(e, "clan", Value::of(clan_of(seat)));
        with(e, "tokens", Value::of_list({Value::of(static_cast<long long>(m.arg)), Value::of(static_cast<long long>(m.a))}));
      }
    }
  } else if (card.seat >= 0) {
    apply_card(seat, m, events);
  } else if (phase == Phase::Upkeep) {
    turn = (seat + 1) % n;
    if (m.verb == Move::Pass) {
      ++passes;
      if (events.on) {
        Event& e = events.emplace_back(public_event("pass"));
        with(e, "clan", Value::of(clan_of(seat)));
      }
    } else {
      passes = 0;
      play_territory_card(seat, m.arg, events);
    }
  } else if (phase == Phase::Placement) {
    apply_placement(seat, m, events);
  } else if (phase == Phase::SetupClans) {
    clans[seat] = m.arg;
    if (events.on) {
      Event& e = events.emplace_back(public_event("clan"));
      with(e, "seat", Value::of(static_cast<long long>(seat)));
      with(e, "clan", Value::of(R.clan_names[m.arg]));
    }
    if (seat + 1 < n)
      turn = seat + 1;
    else
      setup_after_clans();
  } else if (phase == Phase::SetupObjectives) {
    objective[seat] = m.arg;
    if (events.on) {
      Event& e = events.emplace_back(public_event("objective-kept"));
      with(e, "clan", Value::of(clan_of(seat)));
      Event& f = events.emplace_back(private_event(seat, "objective"));
      with(f, "clan", Value::of(clan_of(seat)));
      with(f, "objective", Value::of(R.objective_ids[m.arg]));
    }
  } else if (phase == Phase::SetupControl) {
    --set_aside[seat];
    ++supply[seat];  // the set-aside token is the one placed
    add_control(seat, m.arg, 0, 1);
    turn = (seat + 1) % n;
    if (events.on) {
      Event& e = events.emplace_back(public_event("control"));
      with(e, "clan", Value::of(clan_of(seat)));
      with(e, "province", Value::of(R.province_names[m.arg]));
    }
  }
  advance(events);
}

void State::advance(Events& events) {
  while (!pending()) {
    if (phase == Phase::SetupObjectives) {
      if (std::find(objective.begin(), objective.end(), -1) != objective.end()) return;
      setup_after_objectives(events);
    } else if (phase == Phase::SetupControl) {
      if (std::accumulate(set_aside.begin(), set_aside.end(), 0) == 0) {
        start_round(events);
      } else if (set_aside[turn] == 0) {
        turn = (turn + 1) % n;
      } else {
        return;
      }
    } else if (phase == Phase::Upkeep) {
      // Upkeep 3: play territory cards until all players pass consecutively
      if (passes >= n) {
        phase = Phase::Placement;
        turn = first;
        done.assign(n, 0);
        if (events.on) events.push_back(public_event("placement"));
      } else if (!any_upkeep_card(turn)) {
        if (events.on) {
          Event& e = events.emplace_back(public_event("pass"));
          with(e, "clan", Value::of(clan_of(turn)));
          with(e, "automatic", Value::flag(true));
        }
        ++passes;
        turn = (turn + 1) % n;
      } else {
        return;
      }
    } else if (phase == Phase::Placement) {
      const int p = next_placer();
      if (p < 0) {
        end_placement(events);
      } else {
        turn = p;
        return;
      }
    } else {
      return;
    }
  }
}

void State::start_round(Events& events) {
  const Rules& R = *rules;
  ++round;
  phase = Phase::Upkeep;
  if (events.on) {
    Event& r = events.emplace_back(public_event("round"));
    with(r, "round", Value::of(static_cast<long long>(round)));
  }
  for (int p = 0; p < n; ++p) {
    const bool was = ronin[p];
    ronin[p] = control_tokens_on_board(p) == 0;
    if (static_cast<bool>(ronin[p]) != was && events.on) {
      Event& e = events.emplace_back(public_event(ronin[p] ? "ronin" : "ronin-ends"));
      with(e, "clan", Value::of(clan_of(p)));
    }
  }
  // Upkeep 1: determine the first player (ignored in round one)
  if (round > 1 && !initiative.empty()) {
    const int c = initiative.front();
    initiative.erase(initiative.begin());
    first = initiative_winner(c);
    if (events.on) {
      Event& e = events.emplace_back(public_event("first-player"));
      with(e, "card", Value::of(initiative_card(c)));
      with(e, "clan", Value::of(clan_of(first)));
    }
  }
  // the first player card is not used in a two-player game
  first_player_card_used = n == 2;
  scorpion_used = false;
  unicorn_used = false;
  spied.assign(n, 0);
  done.assign(n, 0);
  clear_seen();
  // Upkeep 2: draw combat tokens
  for (int k = 0; k < n; ++k) {
    const int p = (first + k) % n;
    hand[p].insert(hand[p].end(), out[p].begin(), out[p].end());  // a bluff Purge the Weak discarded comes back
    out[p].clear();
    auto bluff = std::find(pool[p].begin(), pool[p].end(), R.bluff);
    if (bluff != pool[p].end()) {
      // the first player card may have returned the bluff to the pool; it is never drawn
      pool[p].erase(bluff);
      hand[p].push_back(R.bluff);
    }
    const int extra = clans[p] == R.dragon ? 1 : 0;
    const int need = R.hand_size + extra - static_cast<int>(hand[p].size());
    const int n_drawn = draw(p, std::max(0, need));
    const uint8_t* drawn = hand[p].end() - n_drawn;  // (the last n_drawn of the hand)
    if (events.on) {
      Event& e = events.emplace_back(public_event("draw"));
      with(e, "clan", Value::of(clan_of(p)));
      with(e, "count", Value::of(static_cast<long long>(n_drawn)));
      std::vector<std::string> codes;
      for (const uint8_t* t = drawn; t != hand[p].end(); ++t) codes.push_back(R.clan_token_codes[clans[p]][*t]);
      Event& f = events.emplace_back(private_event(p, "drew"));
      with(f, "clan", Value::of(clan_of(p)));
      with(f, "tokens", Value::of(codes));
    }
    if (extra && n_drawn > 0 && static_cast<int>(hand[p].size()) > R.hand_size) {
      dragon_return.push_back(p);
      dragon_drawn.assign(drawn, static_cast<const uint8_t*>(hand[p].end()));
    }
  }
  turn = first;
  passes = round == 1 ? n : 0;  // Upkeep 3 is ignored during the first round
}

}  // namespace daimyo
