// Integer actions and observation vectors (encode.hpp): daimyo/rl/encoding.py, step for step.
#include "encode.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace daimyo {

Encoding ENCODING;

namespace {

// encoding.py place_index: centre of p -> p; coastal border of p -> NP + p; land border bi towards q -> 2 NP + 2 bi
// (+1 towards the border's second province)
int place_index(const Rules& R, char loc, int a, int b) {
  const int np = R.n_provinces();
  if (loc == 'c') return a;
  if (loc == 's') return np + a;
  return 2 * np + 2 * a + (b == R.borders[a].first ? 0 : 1);
}

int code_pos(const State& s, int seat, int tok) { return ENCODING.code_pos[s.clans[seat]][tok]; }

// the catalogue's ("swap", i, j) for i <= j: the rows before i, then j's place in row i
int swap_id(int i, int j) {
  if (i > j) std::swap(i, j);
  const int n = ENCODING.nplace;
  return ENCODING.swap + i * n - i * (i - 1) / 2 + (j - i);
}

int placed(int p) {
  if (p < 0) throw std::logic_error("encoding: a move names a token that is not on the board");
  return p;
}

}  // namespace

int token_place(const State& s, int number) {
  const Rules& R = *s.rules;
  for (int depth = 0; depth <= static_cast<int>(s.tokens.size()); ++depth) {
    const int i = s.token_index(number);
    if (i < 0) return -1;
    const BoardToken& t = s.tokens[i];
    if (t.place != 'o') return place_index(R, t.place, t.site, t.attacked);
    number = t.site;
  }
  return -1;
}

int action_id(const State& s, int seat, const Move& m) {
  const Rules& R = *s.rules;
  const Encoding& E = ENCODING;
  switch (m.verb) {
    case Move::Clan: return E.clan + m.arg;
    case Move::Objective: return E.objective + m.arg;
    case Move::Control: return E.control + m.arg;
    case Move::Pass: return E.pass;
    case Move::Done: return E.pass + 1;
    case Move::PlayCard: return E.play_card + E.card_pos[m.arg];
    case Move::Play: return E.play + m.arg * E.nplace + placed(token_place(s, m.a));
    case Move::Place: {
      const int at = m.loc == 'o' ? placed(token_place(s, m.a)) : place_index(R, m.loc, m.a, m.b);
      return E.place + code_pos(s, seat, m.arg) * E.nplace + at;
    }
    case Move::Look: return E.look + placed(token_place(s, m.arg));
    case Move::Token: return E.token + placed(token_place(s, m.arg));
    case Move::Swap: return swap_id(placed(token_place(s, m.arg)), placed(token_place(s, m.a)));
    case Move::Province: return E.province + m.arg;
    case Move::Special: return E.special + m.arg;
    case Move::Player: {
      const int k = ((m.arg - seat) % s.n + s.n) % s.n;
      if (k == 0) throw std::logic_error("encoding: a card names its own player");
      return E.player + k - 1;
    }
    case Move::Take: return E.take + code_pos(s, seat, m.arg);
    case Move::Discard: return E.discard + code_pos(s, seat, m.arg);
    case Move::Return: return E.give_back + code_pos(s, seat, m.arg);
  }
  throw std::logic_error("encoding: a move of no kind");
}

namespace {

// What the ids of one seat's legal moves are made from, worked out once a call (legal_ids): the seat's row of code
// positions and, at the first move that names a board token, the place of each board token (token_place for every
// token at once); a token is found from its number starting after the last one found, since the moves name the
// board tokens in their order. action_id is the reference, move for move (tests/rl/test_native_encoding.py).
class Ids {
 public:
  Ids(const State& s, int seat) : s_(s), R_(*s.rules), E_(ENCODING), seat_(seat) {
    if (s.clans[seat] >= 0) cp_ = E_.code_pos[s.clans[seat]].data();
  }

  int operator()(const Move& m) {
    switch (m.verb) {
      case Move::Place:
        if (m.loc == 'o' || !cp_) break;
        return E_.place + cp_[m.arg] * E_.nplace + place(m.loc, m.a, m.b);
      case Move::Play: return E_.play + m.arg * E_.nplace + board_place(m.a);
      case Move::Look: return E_.look + board_place(m.arg);
      case Move::Token: return E_.token + board_place(m.arg);
      default: break;
    }
    return action_id(s_, seat_, m);
  }

 private:
  static constexpr int MAX_BOARD = Rules::MAX_TOKENS * MAX_SEATS;
  const State& s_;
  const Rules& R_;
  const Encoding& E_;
  const int seat_, np_ = R_.n_provinces();
  const int* cp_ = nullptr;
  int places_[MAX_BOARD];  // per board token (its index in s.tokens): token_place of its number, once filled
  bool filled_ = false;
  int last_ = -1;          // the index of the token found last

  int place(char loc, int a, int b) const {  // place_index, in line
    if (loc == 'c') return a;
    if (loc == 's') return np_ + a;
    return 2 * np_ + 2 * a + (b == R_.borders[a].first ? 0 : 1);
  }

  int board_place(int number) {
    const int n = static_cast<int>(s_.tokens.size());
    if (n > MAX_BOARD) return placed(token_place(s_, number));
    if (!filled_) {
      for (int i = 0; i < n; ++i) {
        const BoardToken& t = s_.tokens[i];
        places_[i] = t.place != 'o' ? place(t.place, t.site, t.attacked) : -2;  // (-2: on a token)
      }
      for (int i = 0; i < n; ++i)
        if (places_[i] == -2) places_[i] = token_place(s_, s_.tokens[i].number);
      filled_ = true;
    }
    for (int k = 1; k <= n; ++k) {
      const int i = (last_ + k) % n;
      if (s_.tokens[i].number == number) {
        last_ = i;
        return placed(places_[i]);
      }
    }
    return placed(-1);
  }
};

}  // namespace

void legal_ids(const State& s, int seat, std::vector<Move>& moves, std::vector<int>& ids, std::vector<int>* firsts) {
  s.legal_moves(seat, moves);
  // the entries met so far, one stamp an entry (a call's own number: nothing to clear between calls); the
  // thread's list found once a call
  thread_local std::vector<uint32_t> stamps;
  thread_local uint32_t calls = 0;
  std::vector<uint32_t>& stamp = stamps;
  uint32_t& call = calls;
  if (stamp.size() != static_cast<size_t>(ENCODING.n_actions) || ++call == 0) {
    stamp.assign(ENCODING.n_actions, 0);
    call = 1;
  }
  const uint32_t now = call;
  uint32_t* seen = stamp.data();
  // (written through pointers into lists made long enough, then cut to the ids found: a list kept from call to
  // call, not emptied, is lengthened by the few entries it lacks)
  const int count = static_cast<int>(moves.size());
  ids.resize(count);
  int* out = ids.data();
  int* at = nullptr;
  if (firsts) {
    firsts->resize(count);
    at = firsts->data();
  }
  Ids id_of(s, seat);
  int found = 0;
  for (int k = 0; k < count; ++k) {
    const int id = id_of(moves[k]);
    if (seen[id] != now) {
      seen[id] = now;
      out[found] = id;
      if (at) at[found] = k;
      ++found;
    }
  }
  ids.resize(found);
  if (firsts) firsts->resize(found);
}

bool move_of(const State& s, int seat, int id, std::vector<Move>& moves, Move& out) {
  if (id < 0 || id >= ENCODING.n_actions) return false;
  s.legal_moves(seat, moves);
  for (const Move& m : moves)
    if (action_id(s, seat, m) == id) {
      out = m;
      return true;
    }
  return false;
}

void observe(const State& s, int seat, float* x) {
  const Rules& R = *s.rules;
  const Encoding& E = ENCODING;
  const int n = s.n, np = R.n_provinces(), mp = E.max_players, nc = E.n_codes;
  const int n_clans = static_cast<int>(R.clan_names.size()), n_cards = static_cast<int>(R.card_ids.size());
  const int n_obj = static_cast<int>(R.objective_ids.size());
  const int province_width = mp + 1 + 2 + static_cast<int>(R.specials.size()), place_width = 2 * mp;
  const int player_width = 10 + n_clans;
  std::memset(x, 0, sizeof(float) * E.obs_size);
  int rel[MAX_SEATS];
  for (int q = 0; q < n; ++q) rel[q] = ((q - seat) % n + n) % n;
  int o = 0;
  for (int p = 0; p < np; ++p) {
    const int own = s.owner[p];
    x[o + (own >= 0 ? rel[own] : mp)] = 1;
    x[o + mp + 1] = static_cast<float>(s.up[p] / 5.0);
    x[o + mp + 2] = static_cast<float>(s.down[p] / 5.0);
    if (s.special[p] >= 0) x[o + mp + 3 + s.special[p]] = 1;
    o += province_width;
  }
  for (const BoardToken& t : s.tokens) {
    const BoardToken* base = &t;
    if (t.place == 'o') {
      const int i = s.token_index(t.site);
      if (i < 0 || s.tokens[i].place == 'o') continue;
      base = &s.tokens[i];
    }
    const int i = place_index(R, base->place, base->site, base->attacked), r = rel[t.owner];
    float& count = x[o + i * place_width + r];
    count = count + 1.0f;
    if (t.faceup || t.owner == seat || ((t.known_by >> seat) & 1)) {
      float& strength = x[o + i * place_width + mp + r];
      strength = strength + static_cast<float>(R.clan_token_strength[s.clans[t.owner]][t.clan_token] / 5.0);
    }
  }
  o += E.nplace * place_width;
  if (s.clans[seat] >= 0) {
    const int* cp = E.code_pos[s.clans[seat]].data();
    const Pile* piles[3] = {&s.hand[seat], &s.pool[seat], &s.discard[seat]};
    for (int k = 0; k < 3; ++k) {
      float* pile = x + o + k * nc;
      for (int tok : *piles[k]) pile[cp[tok]] += 1.0f;
    }
  }
  o += 3 * nc;
  for (int q = 0; q < n; ++q) {
    float* b = x + o + rel[q] * player_width;
    b[0] = static_cast<float>(s.hand[q].size() / 7.0);
    b[1] = static_cast<float>(s.pool[q].size() / 27.0);
    b[2] = static_cast<float>(s.supply[q] / 30.0);
    b[3] = static_cast<float>(s.scouts[q] / 2.0);
    b[4] = static_cast<float>(s.shugenja[q]);
    b[5] = static_cast<float>(s.cards[q].size() / 5.0);
    b[6] = s.ronin[q] ? 1.0f : 0.0f;
    b[7] = s.done[q] || (s.phase == Phase::Placement && s.hand[q].size() <= 1) ? 1.0f : 0.0f;
    b[8] = q == s.first ? 1.0f : 0.0f;
    b[9] = static_cast<float>(s.control_tokens_on_board(q) / 30.0);
    if (s.clans[q] >= 0) b[10 + s.clans[q]] = 1;
  }
  o += mp * player_width;
  x[o + std::min(s.round, R.rounds)] = 1;
  o += R.rounds + 1;
  x[o + static_cast<int>(s.phase)] = 1;
  o += 6;
  // the decision on top (native.py python_state's order: Dragon's, Scorpion's, Unicorn's, the card's) by
  // encoding.py PENDING: card, dragon_return, scorpion_look, unicorn_swap
  if (s.card.seat >= 0) x[o] = 1;
  else if (s.unicorn_swap >= 0) x[o + 3] = 1;
  else if (s.scorpion_look >= 0) x[o + 2] = 1;
  else if (!s.dragon_return.empty()) x[o + 1] = 1;
  o += 4;
  if (s.objective[seat] >= 0) {
    x[o + s.objective[seat]] = 1;
  } else {
    for (int oid : s.offer[seat]) x[o + oid] = 0.5f;
  }
  o += n_obj;
  for (int c : s.cards[seat]) x[o + E.card_pos[c]] = 1;
  o += n_cards;
  if (s.clans[seat] >= 0) x[o + s.clans[seat]] = 1;
  o += n_clans;
  // the seat's own decisions (encoding.py _own_decision), in python_state's order
  for (int d : s.dragon_return) {
    if (d != seat) continue;
    const int at = o + n_cards + E.card_steps + np + E.nplace + 1;
    const int drawer = s.dragon_return.back();
    for (int tok : s.dragon_drawn) x[at + code_pos(s, drawer, tok)] += 1.0f;
  }
  if (s.card.seat == seat) {
    x[o + E.card_pos[s.card.card]] = 1;
    x[o + n_cards + std::min(s.card.step, E.card_steps - 1)] = 1;
    const int at = o + n_cards + E.card_steps;
    if (s.card.card == E.count_memo_card) {
      x[at + np + E.nplace] = s.card.memo.empty() ? 0.0f : static_cast<float>(s.card.memo[0] / 2.0);
    } else if (s.card.card == E.token_memo_card) {
      for (int tid : s.card.memo) {
        const int p = token_place(s, tid);
        if (p >= 0) x[at + np + p] += 1.0f;
      }
    } else {
      for (int p : s.card.memo) x[at + p] = 1;
    }
  }
}

}  // namespace daimyo
