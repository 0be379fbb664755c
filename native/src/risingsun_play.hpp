// Rising Sun's War Phase played whole, natively: from the war file's start (after Start of War and the first
// automatic steps, done once a war file) to its end, every decision taken by a random or a heuristic bot inside
// C++, draw for draw like the Python bots (daimyo/bots/random_bot.py's RandomBot, heuristic.py's
// WarHeuristicBot) in the order daimyo/bots/random_bot.py's `play` asks them. The bulk path of
// daimyo/bots/risingsun/bulk.py.
#pragma once
#include <cstdint>
#include <vector>

#include "risingsun_war.hpp"

namespace daimyo::risingsun {

// war.start_of_war: Koi's ronin tokens become coins; then war.advance up to the first decision.
void start(const Rules& r, Fixed& fx, War& w);

// The uniform random bot (RandomBot.choose): one draw, the legal move at that index of war.legal_moves's list.
struct RandomPlayer {
  Rng rng;
  RandomPlayer() = default;
  explicit RandomPlayer(uint64_t seed) : rng(seed) {}
  Move choose(const Rules& r, const War& s, int seat);
};

enum BotKind : int { BOT_RANDOM = 0, BOT_HEURISTIC = 1 };

// One move of a record: the seat and the move.
struct Played {
  int seat;
  Move move;
};

// Play `w` (a started war) to its end with a bot a seat (`kinds`, `seeds`); the moves made, each appended to
// `record` when it is given. Returns the number of moves.
int play_war(const Rules& r, War& w, const int* kinds, const uint64_t* seeds, std::vector<Played>* record);

}  // namespace daimyo::risingsun
