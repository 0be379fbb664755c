// What the line handlers of sj_lines.cpp (resolution.py, instants.py, keywords.py, kamae.py) and sj_attacks.cpp
// (targeting.py, movement.py, attacks.py) share. A handler takes its frame by its place in the stack (`fi`).
#pragma once
#include <string>
#include <vector>

#include "sj_state.hpp"

namespace daimyo::sj {

const Line& current_line(const State& s, int fi, Line& local);   // the frame's line (its -OR- option where one is taken)
std::string keyword_word(int kind);                               // push pull
std::string plan_text(const std::vector<int>& plan);              // a movement plan as written ('-': none)
void advance_line(Frame& f);
Events discard_card(State& s, int seat, int cid);
// resolution.ask / ask_now: a question about the line of frame `fi` (none: the line is passed over; one: taken)
Events ask(State& s, int fi, int seat, int kind, std::vector<int> opts, const char* rule);
Events ask_now(State& s, int fi, int seat, int kind, std::vector<int> opts, const char* rule);
Frame card_lines_frame(int seat, int card, const std::vector<Line>& lines, int initiative, bool own);
bool owns_instant(const State& s, int seat, int when);

bool would_target(const State& s, int seat, const Line& line, int initiative, Hex pos, int facing);
Events line_move(State& s, int fi, const Line& line);
Events plan_chosen(State& s, int fi, int seat, const Line& line, int plan);
Events collide(State& s, int seat, Hex at, bool own);
Events line_bump(State& s, int fi, int other);
Events bump_discard_chosen(State& s, int fi, int other, int seat, int card);
Events line_attack(State& s, int fi, const Line& line);
Events target_chosen(State& s, int fi, const Line& line, int seat, int target);
Events line_block(State& s, int fi, const Line& line);
Events line_counter(State& s, int fi);
Events counter_chosen(State& s, int fi, int attacker, int seat, int card);

}  // namespace daimyo::sj
