// The Battle for Rokugan game state, as far as the native engine plays it (docs/native.md, "What is ported").
// Field names and meanings are those of daimyo/rokugan/state.py's FIELDS; a province is its index in
// board.json, a clan its index in clans.json, a combat token its index in its clan's token list.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "rng.hpp"
#include "rules.hpp"

namespace daimyo {

enum class Phase { SetupClans, SetupObjectives, SetupControl, Upkeep, Placement, Over };
const char* phase_name(Phase p);

// One value of an event's data: a whole number, a text, or a list of texts.
struct Value {
  enum Kind { Int, Text, Texts } kind = Int;
  long long i = 0;
  std::string text;
  std::vector<std::string> texts;
  static Value of(long long v) { Value x; x.kind = Int; x.i = v; return x; }
  static Value of(std::string v) { Value x; x.kind = Text; x.text = std::move(v); return x; }
  static Value of(std::vector<std::string> v) { Value x; x.kind = Texts; x.texts = std::move(v); return x; }
};

// Something that happened (daimyo/core/game.py Event): seen by all (`seat` -1) or by one seat only.
struct Event {
  std::string kind;
  int seat = -1;
  std::vector<std::pair<std::string, Value>> data;
};

// A move (daimyo/rokugan/moves.py): ("clan", name), ("objective", id), ("control", province), ("return", code).
struct Move {
  enum Verb { Clan, Objective, Control, Return } verb;
  int arg;  // clan index, objective index, province, or the clan token index whose code is returned
};

struct State {
  int n = 0;
  std::vector<int> clans;  // clan index per seat, -1 until chosen
  Phase phase = Phase::SetupClans;
  int round = 0, first = 0, turn = 0;
  Rng rng;
  std::vector<int> initiative;  // top card first: a clan index, or n_clans + a neutral card's index
  std::vector<int> space;       // per territory: which of its two territory cards lies on its space
  bool first_player_card_used = false, scorpion_used = false, unicorn_used = false;
  int passes = 0;
  std::vector<int> owner, up, down;  // per province
  std::vector<std::vector<int>> hand, pool;
  std::vector<int> supply, set_aside, scouts, shugenja;
  std::vector<int> objective;               // objective index per seat, -1 until kept
  std::vector<std::vector<int>> offer;      // the objectives dealt to each seat
  std::vector<char> ronin, done, spied;
  std::vector<int> dragon_return;  // the pending decisions: seats that must return a drawn token (Clans: Dragon)
  std::vector<int> dragon_drawn;   // the tokens Dragon drew this upkeep: it returns one of them, never the bluff
  // The next step of the game is one the native engine does not play yet (the first placement turn):
  // daimyo/rokugan/native.py hands the state to the Python engine there.
  bool frontier = false;

  // Setup 1-2 (and 3-5 when the clans are given); `clans` empty: they are chosen as moves.
  static State new_game(int players, uint64_t seed, const std::vector<int>& clans);

  std::vector<int> to_act() const;
  std::vector<Move> legal_moves(int seat) const;
  // Applies a move known to be legal (one of legal_moves(seat)) and runs the automatic steps that follow.
  std::vector<Event> apply_move(int seat, const Move& m);

  std::string clan_of(int seat) const;
  std::string initiative_card(int card) const;
  int control_tokens_on_board(int seat) const;

 private:
  void setup_after_clans();
  void setup_after_objectives(std::vector<Event>& events);
  void start_round(std::vector<Event>& events);
  void advance(std::vector<Event>& events);
  int add_control(int seat, int p, int down_count);
  std::vector<int> draw(int seat, int k);
};

}  // namespace daimyo
