// The Battle for Rokugan game state (docs/native.md).
// Field names and meanings are those of daimyo/rokugan/state.py's FIELDS; a province is its index in
// board.json, a clan its index in clans.json, a combat token its index in its clan's token list.
#pragma once
#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "keyed.hpp"
#include "row.hpp"
#include "rng.hpp"
#include "rules.hpp"
#include "scoring.hpp"

namespace daimyo {

enum class Phase { SetupClans, SetupObjectives, SetupControl, Upkeep, Placement, Over };
const char* phase_name(Phase p);

// A seat's pile of small whole numbers (0 to 255) (its combat tokens behind the screen, in the pool or discarded, its
// objectives dealt, its territory cards), kept inside the state: copying a state copies no list of these.
// At most CAPACITY items (check_rules: a clan has at most 32 combat tokens; there are 22 territory cards).
class Pile {
 public:
  static constexpr int CAPACITY = Rules::MAX_TOKENS;
  Pile() = default;
  Pile(std::initializer_list<int> v) { assign(v.begin(), v.end()); }
  Pile& operator=(std::initializer_list<int> v) { assign(v.begin(), v.end()); return *this; }
  size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  uint8_t* begin() { return items_; }
  uint8_t* end() { return items_ + count_; }
  const uint8_t* begin() const { return items_; }
  const uint8_t* end() const { return items_ + count_; }
  uint8_t& operator[](size_t i) { return items_[i]; }
  int operator[](size_t i) const { return items_[i]; }
  int front() const { return items_[0]; }
  int back() const { return items_[count_ - 1]; }
  uint8_t& back() { return items_[count_ - 1]; }
  void push_back(int v) { items_[count_++] = static_cast<uint8_t>(v); }
  void pop_back() { --count_; }
  void clear() { count_ = 0; }
  uint8_t* erase(uint8_t* at) {
    std::copy(at + 1, end(), at);
    --count_;
    return at;
  }
  template <typename It>
  void insert(uint8_t* at, It first, It last) {  // at the end only (the engine appends)
    (void)at;
    for (; first != last; ++first) push_back(*first);
  }
  template <typename It>
  void assign(It first, It last) {
    count_ = 0;
    insert(end(), first, last);
  }
  std::vector<int> list() const { return std::vector<int>(begin(), end()); }

 private:
  uint8_t count_ = 0;
  uint8_t items_[CAPACITY] = {};
};

// A function's own list of at most N plain items (ints, board tokens), on the stack: unlike a Row its unused room
// is left unset, so making one costs nothing. Never part of a state.
template <typename T, int N>
class Scratch {
 public:
  static_assert(std::is_trivially_default_constructible_v<T>, "a scratch list holds plain items");
  size_t size() const { return static_cast<size_t>(count_); }
  bool empty() const { return count_ == 0; }
  T* begin() { return items_; }
  T* end() { return items_ + count_; }
  const T* begin() const { return items_; }
  const T* end() const { return items_ + count_; }
  T& operator[](size_t i) { return items_[i]; }
  const T& operator[](size_t i) const { return items_[i]; }
  void push_back(const T& v) { items_[count_++] = v; }
  void clear() { count_ = 0; }

 private:
  int count_ = 0;
  T items_[N];
};

static_assert(Rules::N_CARDS <= Pile::CAPACITY, "a seat's territory cards fit in a pile");

// One value of an event's data: a whole number, a text, a list of texts, a flag, None, a list or a dict.
struct Value {
  enum Kind { Int, Text, Texts, Bool, None, List, Dict } kind = Int;
  long long i = 0;
  std::string text;
  std::vector<std::string> texts;
  std::vector<Value> list;
  std::vector<std::pair<std::string, Value>> dict;
  static Value none() { Value x; x.kind = None; return x; }
  static Value of_list(std::vector<Value> v) { Value x; x.kind = List; x.list = std::move(v); return x; }
  static Value of_dict(std::vector<std::pair<std::string, Value>> v) { Value x; x.kind = Dict; x.dict = std::move(v); return x; }
  static Value text_or_none(int index, const std::vector<std::string>& names) { return index < 0 ? none() : of(names[index]); }
  static Value of(long long v) { Value x; x.kind = Int; x.i = v; return x; }
  static Value of(std::string v) { Value x; x.kind = Text; x.text = std::move(v); return x; }
  static Value of(std::vector<std::string> v) { Value x; x.kind = Texts; x.texts = std::move(v); return x; }
  static Value flag(bool v) { Value x; x.kind = Bool; x.i = v; return x; }
};

// Something that happened (daimyo/core/game.py Event): seen by all (`seat` -1) or by one seat only.
struct Event {
  std::string kind;
  int seat = -1;
  std::vector<std::pair<std::string, Value>> data;
};

// The events of one move, in order. With `on` false nobody reads them (play_random, rollouts) and none is built:
// every place that makes an event asks `on` first, and nothing the rules change is done inside such a block.
struct Events : std::vector<Event> {
  bool on = true;
};

// A move (daimyo/rokugan/moves.py): ("clan", name), ("objective", id), ("control", province), ("return", code),
// ("place", code, loc, a, b), ("play", card, token) for the scout, shugenja and first player cards,
// ("look", token) and ("pass",).
struct Move {
  enum Verb { Clan, Objective, Control, Return, Place, Play, Look, Pass,
              PlayCard, Province, Special, Token, Player, Take, Discard, Done, Swap } verb;
  int arg;       // clan index, objective index, province, a clan token index (return, place),
                 // the start-of-turn card (play: Scout, Shugenja, FirstPlayer) or a token number (look)
  char loc = 0;  // place: 'c', 'l', 's' or 'o' (board.py)
  int a = -1, b = -1;  // place: the site and the attacked province; play: the target token's number
  enum Card { Scout, Shugenja, FirstPlayer };
  bool operator==(const Move& o) const { return verb == o.verb && arg == o.arg && loc == o.loc && a == o.a && b == o.b; }
};

// A combat token on the board (records.py BoardToken): its place is (place, site, attacked) as in board.py.
struct BoardToken {
  int number, owner, clan_token;
  char place;
  int site, attacked;
  bool faceup;
  int known_by;  // one bit a seat
};

// What a player secretly saw this round: a combat token (records.py SeenToken), or with Spy Network the tokens
// behind a player's screen (SeenHand: `token` -1, `owner` that seat, `codes` sorted).
struct Seen {
  const char* source;
  int token, owner, clan_token;  // the token's number, its owner's seat and which clan token it is
  std::vector<std::string> codes;
};

// A territory card being resolved (records.py CardDecision): who plays it, which card, its step and memo.
struct CardDecision {
  int seat = -1, card = -1, step = 0;
  std::vector<int> memo;
};

// A place a token may go: (loc, a, b) as in board.py.
struct Place {
  char loc;
  int a, b;
};

// Every legal place of each kind of token of one player now (placement.py _Reach and Targets), as sets of
// provinces (bit p: province p; a list is its provinces in index order) and, for the armies' attacks, a set of
// borders: nothing here is allocated, and copying a state copies none of it (TargetsMemo).
struct Targets {
  uint64_t centers = 0, own_centers = 0, own_coastal = 0, sea = 0, diplomacy = 0, raid = 0;
  int sea_twice = -1;  // a coastal province with the harbor token: listed twice among `sea` (as placement.py does)
  // army_attack, (land border, attacked province) in placement.py's order (placement.cpp each_attack): their
  // number; the borders attacked from the player's provinces (bit b of word b / 64), or for a ronin player (any
  // free land border) the taken land borders
  int n_attack = 0;
  bool ronin = false;
  uint64_t attack[Rules::BORDER_WORDS], land[Rules::BORDER_WORDS];
  bool own = false;  // whether the player controls a province it may place in
  size_t n_sea() const { return static_cast<size_t>(bit_count(sea)) + (sea_twice >= 0); }
};

// The borders a seat's armies could attack across before the taken ones are left out: they follow from the
// player's provinces it may place in and the others' (`own`, `others`) alone, so they are remembered with them.
struct AttackBorders {
  uint64_t own = 0, others = 0;
  uint64_t borders[Rules::BORDER_WORDS];
};

// The legal places of one seat, remembered between moves (State::targets); a copy of a state starts without.
struct TargetsMemo {
  static constexpr int SEATS = 8;  // (MAX_SEATS)
  int seat = -1;         // whose places `targets` holds, -1 for nobody
  bool in_move = false;  // a move is being applied: the position changes, nothing is remembered meanwhile
  Targets slots[2];      // the remembered places and the scratch filled during a move
  int kept = 0;          // which slot is remembered
  unsigned attack_known = 0;          // bit s: attack[s] holds seat s's last borders
  AttackBorders attack[SEATS];
  Targets& targets() { return slots[kept]; }
  Targets& scratch() { return slots[1 - kept]; }
  TargetsMemo() {}
  TargetsMemo(const TargetsMemo&) {}
  TargetsMemo& operator=(const TargetsMemo&) {
    seat = -1;
    in_move = false;
    attack_known = 0;
    return *this;
  }
};

// Per seat, per province, per territory and per special token: the state's lists kept inside it (Row)
constexpr int MAX_SEATS = Rules::MAX_SEATS;
static_assert(TargetsMemo::SEATS == MAX_SEATS, "the memo remembers each seat's attack borders");
template <typename T>
using Seats = Row<T, MAX_SEATS>;
using Provinces = Row<int, Rules::MAX_PROVINCES>;

// the board tokens of a position: at most MAX_TOKENS a seat (a loaded position with more is refused)
constexpr int MAX_BOARD_TOKENS = Rules::MAX_TOKENS * MAX_SEATS;
using TokenNumbers = Scratch<int, MAX_BOARD_TOKENS>;  // some of them, by number

struct State {
  RulesRef rules;  // the rules the game is played under (read once per function: const Rules& R = *rules)
  int n = 0;
  Seats<int> clans;  // clan index per seat, -1 until chosen
  Phase phase = Phase::SetupClans;
  int round = 0, first = 0, turn = 0;
  GameRng rng;  // the game's generator (setup's draws): seeded or keyed
  Row<int, Rules::MAX_SMALL> initiative;  // top card first: a clan index, or n_clans + a neutral card's index
  Row<int, Rules::MAX_SMALL> space;       // per territory: which of its two territory cards lies on its space
  bool first_player_card_used = false, scorpion_used = false, unicorn_used = false;
  int passes = 0;
  Provinces owner, up, down;  // per province; `owner` is written only through set_owner (it keeps owned_set)
  Seats<Pile> hand, pool;
  Seats<int> supply, set_aside, scouts, shugenja;
  Seats<int> objective;               // objective index per seat, -1 until kept
  Seats<Pile> offer;                  // the objectives dealt to each seat
  Seats<char> ronin, done, spied;
  std::vector<int> dragon_return;  // the pending decisions: seats that must return a drawn token (Clans: Dragon)
  std::vector<int> dragon_drawn;   // the tokens Dragon drew this upkeep: it returns one of them, never the bluff
  int scorpion_look = -1;          // the pending decision of Clans: Scorpion (its seat), -1 if none
  int unicorn_swap = -1;           // the pending decision of Clans: Unicorn (its seat), -1 if none
  CardDecision card;               // the territory card being resolved (seat -1: none)
  Seats<Pile> cards, out;  // territory cards held (card index); a bluff out (Purge the Weak)
  Row<int, Rules::MAX_SMALL> played, specials_left;   // cards played; special tokens left, by the rules' specials index
  int next_id = 1;
  std::vector<BoardToken> tokens;  // in the order they were placed
  Provinces special;               // the special token in each province (an index of the rules' specials), -1 for none;
                                   // written only through set_special (it keeps special_set)
  // the same facts as sets of provinces (bit p: province p), kept up to date by set_owner and set_special (and
  // worked out whole by derive_sets where a position is loaded): the provinces each seat controls, and those
  // holding each special token (by the rules' specials index)
  uint64_t owned_set[MAX_SEATS] = {};
  uint64_t special_set[Rules::MAX_SMALL] = {};
  // the land borders (bit b of word b / 64) and the sea borders (bit p: the coast of province p) a combat token is
  // on, kept up to date as tokens are put on the board and taken off (put_token, taken_off) and worked out whole by
  // derive_sets
  uint64_t land_taken[Rules::BORDER_WORDS] = {};
  uint64_t sea_taken = 0;
  // per owner, its tokens on the board that are no blessing and carry none (the scout's, shugenja's and first
  // player card's targets: count_start_of_turn), and those of them facedown; kept as land_taken is
  int free_tokens[MAX_SEATS] = {}, free_facedown[MAX_SEATS] = {};
  // the blessings on the board (few, none mostly: blessed() looks through the tokens only where there are any);
  // kept as land_taken is
  int n_blessings = 0;
  Seats<Pile> discard;
  std::vector<std::vector<Seen>> seen;

  // Setup 1-2 (and 3-5 when the clans are given); `clans` empty: they are chosen as moves.
  static State new_game(RulesRef rules, int players, GameRng rng, const Seats<int>& clans);
  // The same new game dealt into `s`, whatever it held: its lists keep their room (the board tokens, the tokens
  // seen, Dragon's draw, a card's memo), so a loop that plays game after game in one state allocates no new ones.
  static void deal(State& s, RulesRef rules, int players, GameRng rng, const Seats<int>& clans);

  static constexpr int MAX_PLAYERS = MAX_SEATS;
  std::vector<int> to_act() const;
  int to_act(int* seats) const;  // into seats[MAX_PLAYERS]; their number
  bool acts(int seat) const;     // whether `seat` is one of those to act
  std::vector<Move> legal_moves(int seat) const;
  void legal_moves(int seat, std::vector<Move>& moves) const;  // `seat` acts; `moves` is emptied first
  // Applies a move known to be legal (one of legal_moves(seat)) and runs the automatic steps that follow.
  std::vector<Event> apply_move(int seat, const Move& m);
  void apply_move(int seat, const Move& m, Events& events);
  // For a position read from a file (the rule tests): the automatic steps until a player has a decision to make
  // (state.py _advance), or the Resolution Phase alone, steps 1 to 6 (resolution.py resolve), with their events.
  std::vector<Event> run_automatic_steps();
  std::vector<Event> resolve_alone();

  std::string clan_of(int seat) const;
  std::string initiative_card(int card) const;
  int control_tokens_on_board(int seat) const;

 bool pending() const { return !dragon_return.empty() || scorpion_look >= 0 || unicorn_swap >= 0 || card.seat >= 0; }
  // control tokens and special tokens (state.py)
  void set_owner(int p, int seat);     // owner[p] = seat (-1: nobody), and owned_set with it
  void set_special(int p, int name);   // special[p] = name (-1: none), and special_set with it
  void derive_sets();                  // owned_set, special_set, land_taken and sea_taken from the position
  void taken_off(const BoardToken& b);  // b has just left `tokens`: its border is free unless another token is on it
  void count_free(const BoardToken& b, int d) {  // free_tokens and free_facedown of b's owner, by d
    free_tokens[b.owner] += d;
    if (!b.faceup) free_facedown[b.owner] += d;
  }
  uint64_t special_provinces(int name) const { return name >= 0 ? special_set[name] : 0; }
  int add_control(int seat, int p, int up_count, int down_count);
  void clear_control(int p);
  void remove_one_control(int p);
  bool put_special(int p, int name);
  void remove_special(int p);
  void discard_board_token(int index);
  bool is_coastal(int p) const;
  int territory_controller(int t) const;  // -1 for nobody
  ScoringBoard scoring_board() const;     // what End of the Game reads of this position (scoring.hpp)
  // cards.cpp: Territory and Shadowlands cards
  bool card_playable(int seat, int c) const;
  std::vector<Move> card_options(int seat, int c, int step, const std::vector<int>& memo) const;
  void card_options(int seat, int c, int step, const std::vector<int>& memo, std::vector<Move>& out) const;  // into out
  // the card decision's option at `word` modulo their number, where its options are special-token spots (found
  // from the sets, in card_options' order); false where they are another kind, or none (list them then)
  bool card_option_at(uint64_t word, Move& out) const;
  void apply_card(int seat, const Move& m, Events& events);
  void play_territory_card(int seat, int c, Events& events);
  void put_token(int seat, int tok, char loc, int a, int b, bool faceup, Events& events);
  void reveal_and_discard(int index, const char* source, Events& events);
  std::vector<int> unicorn_swappable(int seat) const;
  bool any_upkeep_card(int seat) const;  // whether moves.py upkeep_card_moves(seat) is not empty
  // placement.cpp: Placing Combat Tokens
  const Targets& targets(int seat) const;  // valid until the next move or the next call
  void fill_targets(int seat, Targets& t) const;
  bool can_place_any(int seat, const Targets& t) const;
  template <typename Out>
  void each_place(int seat, int kind, const Targets& t, Out out) const;
  Place place_at(int seat, int kind, const Targets& t, uint64_t r) const;  // the r-th of each_place's
  void add_placement_moves(int seat, const Pile& pile, std::vector<Move>& moves) const;
  void start_of_turn_moves(int seat, std::vector<Move>& moves) const;
  template <typename Out>
  void each_start_of_turn(int seat, Out out) const;
  uint64_t count_start_of_turn(int seat) const;  // how many each_start_of_turn gives
  Move start_of_turn_at(int seat, uint64_t r) const;  // the r-th of each_start_of_turn's
  // the placement phase with no decision pending: whether it is, and a random bot's move (play_random)
  bool placing() const { return phase == Phase::Placement && !pending(); }
  Move placement_move_at(int seat, uint64_t word, std::vector<Move>& moves) const;
  // the setup's control placement: move `word` modulo the number of provinces nobody controls, as legal_moves
  // lists them (in province order), found from the seats' province sets: a random bot's pick; false (out
  // unchanged) where the phase is another, a decision is pending or no province is left
  bool setup_control_at(uint64_t word, Move& out) const;
  bool blessed(int number) const;  // whether a blessing stands on the board token `number`
  size_t memo_bytes() const;       // the storage of the remembered places
  TokenNumbers board_token_targets(int seat, bool opponent_only, bool facedown_only) const;
  int token_index(int number) const;  // its index in `tokens`, -1 if not on the board

 private:
  mutable TargetsMemo memo_;
  void deal_fresh(RulesRef rules, int players, GameRng rng, const Seats<int>& clans);  // into a new State
  void clear_seen();  // each seat's tokens seen this round forgotten (the lists keep their room)
  void placement_moves(int seat, std::vector<Move>& moves) const;
  void apply_placement(int seat, const Move& m, Events& events);
  void apply_scorpion(int seat, const Move& m, Events& events);
  int next_placer();
  int placer_after_turn() const;
  void learn(int seat, int index, const char* source, Events& events);
  void end_placement(Events& events);
  int initiative_winner(int card) const;
  // resolution.cpp
  void resolve(Events& events);
  void final_scoring(Events& events);
  void setup_after_clans();
  void setup_after_objectives(Events& events);
  void start_round(Events& events);
  void advance(Events& events);
  int draw(int seat, int k);  // up to k tokens from the pool to the end of the hand; how many were drawn
};

}  // namespace daimyo
