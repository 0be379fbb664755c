// The native Senjutsu engine (daimyo/senjutsu/): the cards as data, the duel's state, its events.
// Every function here is the Python engine's function of the same name (docs/native.md, "Senjutsu").
#pragma once
#include <cstdint>
#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "keyed.hpp"

namespace daimyo::sj {

struct Hex {
  int q = 0, r = 0;
  bool operator==(const Hex& o) const { return q == o.q && r == o.r; }
  bool operator!=(const Hex& o) const { return !(*this == o); }
  bool operator<(const Hex& o) const { return q < o.q || (q == o.q && r < o.r); }
};

// facings n ne se s sw nw; relative directions F FR BR B BL FL
extern const char* const FACINGS[6];
extern const Hex DIRECTIONS[6];
extern const char* const KAMAE[4];   // neutral aggression balance determination
extern const char* const TERRAIN_KINDS[6];  // rock shrine tree torii bamboo cart
// movement atoms in the order of their names: B BL BR F FL FR L R (a plan sorts as its names do)
extern const char* const ATOMS[8];
extern const int ATOM_RELATIVE[8];  // the relative direction of a step atom (index into F FR BR B BL FL), -1 a rotation
enum Atom { A_B, A_BL, A_BR, A_F, A_FL, A_FR, A_L, A_R };

// the cell effects (cards.CELL_EFFECTS)
enum Effect { E_TARGET, E_WOUND, E_WOUND2, E_BLEEDING, E_EXECUTION, E_ASTERISK, E_HOBBLE, E_STUN, E_POISON, E_ADVANTAGE };
extern const char* const EFFECTS[10];

enum Kind {
  K_MOVE, K_ATTACK, K_BLOCK, K_PUSH, K_PULL, K_ROTATE_TARGET, K_DISCARD, K_SWAP, K_CANCEL_ACTIVE, K_SEARCH,
  K_ADVANTAGE, K_GAIN_FOCUS, K_DRAW, K_CHANGE, K_SWITCH, K_OR,
  // the engine's own lines
  K_BUMP, K_COUNTER, K_INSTANT, K_PLAIN
};
// timings: WHEN (start-of-turn pre-draw post-draw end-of-turn) and INSTANT_TIMINGS share one table
enum Timing { T_START, T_PRE, T_POST, T_END, T_AFTER_REVEAL, T_WHEN_ATTACKED, T_NONE = -1 };
extern const char* const TIMINGS[6];
enum Condition { C_NONE = 0, C_ATTACK_SUCCESSFUL, C_BLOCK_SUCCESSFUL };
extern const char* const CONDITIONS[3];

struct Cell {
  Hex offset;                 // relative_offset(path) for facing n
  std::vector<int> effects;   // Effect
};

struct Line {
  int kind = K_MOVE;
  int kamae = -1;       // a line resolved only in this Kamae
  int focus = 0;        // an optional focus cost (0: none)
  bool if_successful = false;
  bool mandatory = false, then = false;
  int range = -1;       // a Targeted line's range
  int when = T_NONE;
  int n = 0;            // push pull rotate_target discard gain_focus draw change: X; switch: Kamae (4: any);
                        // cancel_active: 0 card, 1 movement; search: top (0: the whole deck)
  // attack
  bool grid = false, lower = false;
  int attack_range = -1;
  std::vector<Cell> cells;      // the grid (in the file's order), or a block's cells (no effects)
  std::vector<int> effects;     // a ranged attack's effects
  std::vector<int> counter;     // a block's countered speeds
  std::vector<std::string> cell_names;  // a block's cells as written (its event)
  std::vector<std::vector<int>> plans;  // movement: every plan (movement.plans), in order
  std::vector<Line> options;    // or
  // where the line comes from (for the hand-over): card index, 0 lines / 1 asterisk, index
  int card = -1, src = 0, index = 0;
};

enum CardType { DEFENCE, ATTACK, MEDITATION };
enum InstantKind { I_NONE, I_REPLACEMENT, I_ADDITIONAL, I_INSTANT };

struct Card {
  std::string id, name;
  int type = 0;
  int hi = 0, lo = 0;
  std::vector<Line> lines, asterisk;
  int focus = 0, kamae = -1;
  bool has_alt = false;
  int alt_initiative = 0, alt_kamae = -1, alt_focus = 0;   // alt_focus 0: a Kamae alternative
  int instant = I_NONE, play = T_NONE, condition = C_NONE;
  bool has_split = false;
  int split_initiative = 0, split_line = 0;
  int core = 0;   // 0 none, 1 ability, 2 weapon
  bool hooks = false;  // a line with a timing of the next turn (end_of_turn.HOOK_TIMINGS)
  bool variable() const { return hi != lo; }
  int tie_rank() const { return core ? 3 : type; }
};

struct Character {
  std::string id, name;
  int hand_limit = 0, wound_limit = 0;
  std::vector<std::array<int, 3>> branches;   // from, to, gives focus
};

struct CardSet {
  std::vector<Card> cards;     // sorted by id
  std::map<std::string, int> index;
  std::vector<Character> characters;
  std::map<std::string, int> character_index;
  std::vector<std::vector<int>> instant_ids;   // per timing: the Instant cards played then
};

// --- events: data as the Python engine's dicts (kept only when a caller wants them)
struct Val {
  enum T { NONE, INT, STR, BOOL, LIST, DICT } t = NONE;
  long long i = 0;
  std::string s;
  std::vector<Val> l;
  std::vector<std::pair<std::string, Val>> d;
  Val() = default;
  Val(int v) : t(INT), i(v) {}
  Val(long long v) : t(INT), i(v) {}
  Val(bool v) : t(BOOL), i(v) {}
  Val(const char* v) : t(STR), s(v) {}
  Val(std::string v) : t(STR), s(std::move(v)) {}
  static Val list(std::vector<Val> v) { Val x; x.t = LIST; x.l = std::move(v); return x; }
};
struct Event {
  std::string kind;
  std::vector<std::pair<std::string, Val>> data;
  int visible = -1;   // -1: every seat; else the one seat that sees it
};
using Events = std::vector<Event>;

// --- the state
constexpr int MAX_SEATS = 4;   // Setup: 2 to 4 duellists
enum { STATUS_STUN = -2, STATUS_POISON = -3, NO_CARD = -1 };
enum Phase { PH_PLACE, PH_CHOOSE, PH_DECIDE, PH_OVER, PH_TERRAIN, PH_PREPARE };
extern const char* const PHASES[6];
enum Stage { S_NONE = -1, S_START, S_PRE, S_DRAW, S_POST, S_CHOOSE, S_ALT, S_REPLACE, S_VARIABLE, S_AFTER_REVEAL, S_ORDER,
             S_RESOLVE, S_END };
extern const char* const STAGES[12];

struct Duellist {
  int character = 0;
  std::vector<int> deck, core, hand;
  std::vector<std::pair<int, bool>> discard;
  bool placed = false;
  Hex pos;
  int facing = 0, kamae = 0, focus = 0, wounds = 0, bleeding = 0, stuns = 0;
  std::vector<int> hobbles;
  bool defeated = false;
  int defeat_moment = -1;
  int total_wounds() const { return wounds + bleeding; }
};

struct Played {
  int card = NO_CARD;   // or STATUS_STUN / STATUS_POISON
  int initiative = 0, lowest = 0;
  std::optional<int> split_initiative, chosen_initiative;
  bool stopped = false, instant = false, alt = false;
  int paid = 0;
  int cancelled = -1;   // 0 card, 1 movement
  std::vector<int> extra;
};

// the questions asked while a turn resolves, by kind (their names as the Python engine's, QKINDS); an option is a
// small int (its text made only when asked for: option_text), as each kind's table in sj_actions.cpp says
enum QKind { Q_ALT, Q_REPLACE, Q_VARIABLE, Q_ORDER, Q_ENDDISCARD, Q_OR, Q_FOCUS, Q_CHANGE, Q_SWITCH, Q_MOVE, Q_BUMP,
             Q_TARGET, Q_COUNTER, Q_INSTANT, Q_PLAIN, Q_PICK, Q_ROTATE, Q_SHOVE, Q_KWDISCARD, Q_SEARCH, Q_COUNT };
extern const char* const QKINDS[Q_COUNT];

struct Question {
  int seat = 0;
  int kind = Q_ALT;
  std::vector<int> options;
  const char* rule = "";   // one of RULES (sj_actions.cpp)
  int depth = -1;   // -1: None
};

struct Segment {
  int seat, initiative, tie_rank, start, end;
  bool operator==(const Segment& o) const {
    return seat == o.seat && initiative == o.initiative && tie_rank == o.tie_rank && start == o.start && end == o.end;
  }
};

struct LineRef {
  const Line* line = nullptr;
  bool stripped = false;   // a timing line, its 'when' taken off
};

enum Keyword { KW_NONE = -1 };   // else the line kind (K_PUSH ... K_CANCEL_ACTIVE)

struct Frame {
  int seat = 0;
  int card = NO_CARD;
  std::vector<LineRef> lines;
  Line engine;           // the engine's line, where `is_engine`
  bool is_engine = false;
  int initiative = 0;
  bool own = true;
  std::optional<std::vector<int>> targets;
  std::optional<bool> success;
  bool attacked = false;
  int line = 0, focus_asked_line = -1;
  std::optional<int> or_choice;
  bool offer_instant = false;
  std::optional<int> attacked_window_line, picked;
  int keyword = KW_NONE;
  std::vector<int> keyword_targets;
  std::optional<int> discards_left;
  size_t size() const { return is_engine ? 1 : lines.size(); }
  const Line& at(size_t i) const { return is_engine ? engine : *lines[i].line; }
};

struct Block {
  int seat, initiative;
  const Line* line;          // its cells and countered speeds
  int card;                  // the defence card that blocked, or NO_CARD
  std::vector<LineRef> after;
};

struct State {
  std::shared_ptr<const CardSet> cs;
  bool two_boards = false;
  std::vector<Hex> board;            // sorted
  std::map<Hex, int> terrain;
  GameRng rng;
  std::vector<Duellist> ds;
  std::vector<int> advantage;
  int phase = PH_PLACE, stage = S_NONE;
  int turn = 0, moment = 0;
  bool defeats_deferred = false;
  int poison_holder = -1;
  std::vector<int> chosen;           // per seat: the card chosen, NO_CARD where none
  std::vector<std::optional<Played>> played;
  std::optional<Question> pending;
  std::vector<int> reveal_queue;
  std::vector<Segment> segments;
  int segments_fixed = 0;
  std::map<int, Segment> tie_places;
  int segment_index = 0;
  std::vector<Frame> stack;
  std::vector<Block> blocks;
  std::optional<std::vector<int>> result;
  std::vector<int> terrain_left;
  int terrain_turn = 0;
  std::vector<int> preparing;        // sorted
  bool timing_lines_pushed = false, end_of_turn_pushed = false;
  std::vector<std::pair<int, int>> hooks;
  std::vector<int> instants_used;    // sorted
  std::optional<std::vector<std::pair<int, int>>> end_queue;   // (0 poison / 1 limit, seat)
  bool poison_discarded = false;
  bool record = true;                // build events

  int n() const { return static_cast<int>(ds.size()); }
  const Card& card(int c) const { return cs->cards[c]; }
  const Character& character(int seat) const { return cs->characters[ds[seat].character]; }
};

// the rules (sj_rules.cpp, sj_lines.cpp)
std::string seat_name(int seat);
std::string hex_text(Hex h);
std::string card_name(const State& s, int c);   // a card id, 'stun' or 'poison'
bool on_board(const State& s, Hex h);
// a few seats (a duel has 2 to 4), kept without allocating: who acts, who is standing
struct Seats {
  int count = 0;
  int seat[MAX_SEATS] = {};
  void push_back(int x) { seat[count++] = x; }
  int size() const { return count; }
  bool empty() const { return count == 0; }
  int operator[](int k) const { return seat[k]; }
  const int* begin() const { return seat; }
  const int* end() const { return seat + count; }
  bool has(int x) const { return std::find(begin(), end(), x) != end(); }
  std::vector<int> list() const { return std::vector<int>(begin(), end()); }
};
Seats to_act(const State& s);
// the actions, as small ints (sj_actions.cpp): Choose a card index (or STATUS_STUN, STATUS_POISON), Place a hex and
// facing (place_code), Decide the question's option, Terrain and Prepare the index of the text; the texts are made
// only for the Python interface
std::vector<int> legal_acts(const State& s, int seat);
std::string act_text(const State& s, int seat, int act);
int act_of(const State& s, int seat, const std::string& text);   // throws std::invalid_argument where not legal
Events apply_act(State& s, int seat, int act);
std::vector<std::string> legal_moves(const State& s, int seat);
Events apply_move(State& s, int seat, const std::string& text);
std::string option_text(const State& s, const Question& q, int option);
int parse_option(const State& s, const Question& q, const std::string& text);   // throws std::invalid_argument
const char* known_rule(const std::string& rule);                                // throws std::invalid_argument
inline int place_code(Hex h, int facing) { return ((h.q + 64) * 128 + (h.r + 64)) * 8 + facing; }
inline Hex place_hex(int code) { return {code / 8 / 128 - 64, code / 8 % 128 - 64}; }
// the parts of a Kamae change (Q_CHANGE: its steps) and of a push or pull (Q_SHOVE: its directions) in one int
inline int path_code(const std::vector<int>& steps, int bits, int flag = 0) {
  int code = 0;
  for (size_t k = steps.size(); k-- > 0;) code = (code << bits) | steps[k];
  return (code << 5) | (flag << 4) | static_cast<int>(steps.size());
}
inline std::vector<int> path_steps(int code, int bits) {
  std::vector<int> out;
  int n = code & 15;
  code >>= 5;
  for (int k = 0; k < n; ++k, code >>= bits) out.push_back(code & ((1 << bits) - 1));
  return out;
}
Seats live(const State& s);
bool used_instant(const State& s, int seat);
std::vector<Hex> battlefield(bool two);
Hex neighbour(Hex h, int direction);
int distance(Hex a, Hex b);
Hex cell_hex(Hex origin, int facing, Hex offset);
Hex relative_offset(const std::string& path);  // throws std::invalid_argument

bool line_of_sight(Hex viewer, int facing, Hex target, const State& s);   // its blockers: the terrain
bool all_shortest_paths_cross(const State& s, Hex start, Hex goal, const std::vector<Hex>& crossing);

// Setup's actions (sj_setup.cpp)
std::vector<std::string> terrain_options(const State& s);
std::vector<std::string> prepare_options(const State& s, int seat);
std::vector<int> placement_options(const State& s);   // place_code
int next_placer(const State& s);
Events place_terrain(State& s, int seat, const std::string& text);
Events prepare(State& s, int seat, const std::string& text);
Events place(State& s, int seat, int code);
bool setup_advance(State& s, Events& out);   // Setup on until a player must act; true once the hands are dealt

inline bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }
inline void remove_first(std::vector<int>& v, int x) {
  auto it = std::find(v.begin(), v.end(), x);
  if (it == v.end()) throw std::logic_error("a card to remove is not there");
  v.erase(it);
}
inline int adv_index(const State& s, int seat) {   // a seat's place on the advantage tracker, top first
  return static_cast<int>(std::find(s.advantage.begin(), s.advantage.end(), seat) - s.advantage.begin());
}

// the line handlers (sj_lines.cpp), as lines.py fills resolution's tables
Events step_frame(State& s);
Events decided(State& s, int seat, int kind, int at, int option);
Events stage_decided(State& s, int seat, int kind, int option);
Events harm(State& s, int seat, int effect, const std::string& why, int source = -1);
Events settle(State& s);
Events take_advantage(State& s, int seat);
Events draw(State& s, int seat, int count);
int occupant(const State& s, Hex h);
int what_is_at(const State& s, Hex h, int mover);   // -1 free, 0 edge, 1 terrain, 2 character
std::vector<int> discardable(const State& s, int seat);
int hand_count(const State& s, int seat);
bool instants_open(const State& s, int seat);
std::vector<int> sorted_unique(std::vector<int> v);
void push_frame(State& s, Frame f);
Frame engine_frame(int seat, int kind, int param, int initiative, bool own);

// what the bots share with the rules (sj_lines.cpp): the ends of a movement line's plans, an attack's reach
struct PlanEnd {
  const std::vector<int>* plan;
  Hex pos;
  int facing;
  int hit;   // the index of the colliding atom, -1 none
  Hex at;
};
std::vector<PlanEnd> line_plans(const State& s, int seat, const Line& line, const Frame& f);
bool focus_lets_target(const State& s, const Frame& f);
std::vector<std::pair<Hex, const std::vector<int>*>> grid_hexes(const State& s, const Line& line, Hex pos, int facing);
std::vector<int> ranged_targets(const State& s, int seat, const Line& line, int initiative, Hex pos, int facing);

// events
inline void emit(State& s, Events& out, const char* kind, std::vector<std::pair<std::string, Val>> data, int visible = -1) {
  if (s.record) out.push_back(Event{kind, std::move(data), visible});
}
inline void extend(Events& out, Events more) {
  if (out.empty()) out = std::move(more);
  else for (auto& e : more) out.push_back(std::move(e));
}

}  // namespace daimyo::sj
