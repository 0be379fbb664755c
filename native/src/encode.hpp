// Integer actions and observation vectors for learning agents: daimyo/rl/encoding.py's catalogue and `observe`,
// entry for entry (tests/rl/test_native_encoding.py compares them over random games; the Python encoders are the
// reference). The layout (where each kind of catalogue entry starts, the token codes' and territory cards' order)
// is handed over by daimyo/rl/encoding.py once (`load_encoding`); no layout is written here.
#pragma once
#include <cstdint>
#include <vector>

#include "state.hpp"

namespace daimyo {

struct Encoding {
  bool loaded = false;
  RulesRef rules;  // the rules the layout is made for (the standard ones: daimyo/rl/encoding.py)
  int n_actions = 0, obs_size = 0, nplace = 0, n_codes = 0;
  // where each kind of entry starts in the catalogue
  int clan = 0, objective = 0, control = 0, pass = 0, play_card = 0, play = 0, place = 0, look = 0, token = 0,
      swap = 0, province = 0, special = 0, player = 0, take = 0, discard = 0, give_back = 0;
  std::vector<std::vector<int>> code_pos;  // per clan, per clan token: its code's index in CODES
  std::vector<int> card_pos;               // per card (the rules' card_ids order): its index in CARD_IDS
  int max_players = 5, card_steps = 4;
  int count_memo_card = -1, token_memo_card = -1;  // Reinforcements, Dark Favors (views.py COUNT_MEMO, TOKEN_MEMO)
};

extern Encoding ENCODING;

// The place a board token stands (encoding.py _token_place): a token on a token stands where that one does; -1 if
// no token of that number is on the board.
int token_place(const State& s, int number);
// The catalogue entry of a legal move of `seat` (encoding.py move_key, then INDEX).
int action_id(const State& s, int seat, const Move& m);
// The legal actions of `seat` (who acts): their ids, the first legal move of each entry first (encoding.py
// legal_index's order), into `ids`; `moves` gets the seat's legal moves (legal_moves), and `firsts`, if given, the
// index in `moves` of the move each id stands for.
void legal_ids(const State& s, int seat, std::vector<Move>& moves, std::vector<int>& ids,
               std::vector<int>* firsts = nullptr);
// The legal move that action `id` stands for (the first legal move of that entry); false if none.
bool move_of(const State& s, int seat, int id, std::vector<Move>& moves, Move& out);
// The seat's observation (encoding.py observe) into x[obs_size], which is cleared first.
void observe(const State& s, int seat, float* x);

}  // namespace daimyo
