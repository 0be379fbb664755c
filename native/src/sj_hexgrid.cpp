// Senjutsu's battlefield (hexgrid.py): hexes, facings, distances, grid cells, the exact line of sight in an integer
// frame and the shortest paths a block's second criterion reads; and the names every part of the engine writes.
#include <algorithm>
#include <stdexcept>

#include "sj_state.hpp"

namespace daimyo::sj {

const char* const FACINGS[6] = {"n", "ne", "se", "s", "sw", "nw"};
const Hex DIRECTIONS[6] = {{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}};
const char* const KAMAE[4] = {"neutral", "aggression", "balance", "determination"};
const char* const TERRAIN_KINDS[6] = {"rock", "shrine", "tree", "torii", "bamboo", "cart"};
const char* const ATOMS[8] = {"B", "BL", "BR", "F", "FL", "FR", "L", "R"};
const int ATOM_RELATIVE[8] = {3, 4, 2, 0, 5, 1, -1, -1};
const char* const EFFECTS[10] = {"target", "wound", "wound2", "bleeding", "execution", "asterisk", "hobble", "stun",
                                 "poison", "advantage"};
const char* const TIMINGS[6] = {"start-of-turn", "pre-draw", "post-draw", "end-of-turn", "after-reveal", "when-attacked"};
const char* const CONDITIONS[3] = {"", "attack-successful", "block-successful"};
const char* const PHASES[6] = {"place", "choose", "decide", "over", "terrain", "prepare"};
const char* const STAGES[12] = {"start-of-turn", "pre-draw", "draw", "post-draw", "choose", "alt", "replace", "variable",
                                "after-reveal", "order", "resolve", "end"};
static const char* const RELATIVE[6] = {"F", "FR", "BR", "B", "BL", "FL"};

// ---------------------------------------------------------------- hexgrid
std::string seat_name(int seat) { return "p" + std::to_string(seat + 1); }
std::string hex_text(Hex h) { return std::to_string(h.q) + "," + std::to_string(h.r); }
std::string card_name(const State& s, int c) {
  if (c == STATUS_STUN) return "stun";
  if (c == STATUS_POISON) return "poison";
  return s.card(c).id;
}

Hex neighbour(Hex h, int direction) {
  const Hex& d = DIRECTIONS[((direction % 6) + 6) % 6];
  return {h.q + d.q, h.r + d.r};
}

int distance(Hex a, Hex b) {
  int dq = a.q - b.q, dr = a.r - b.r;
  return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

static Hex rotate(Hex v, int turns) {
  int q = v.q, r = v.r;
  for (int k = 0; k < ((turns % 6) + 6) % 6; ++k) {
    int s3 = -q - r;
    int nq = -r, nr = -s3;
    q = nq, r = nr;
  }
  return {q, r};
}

Hex relative_offset(const std::string& path) {
  int q = 0, r = 0;
  size_t start = 0;
  while (true) {
    size_t plus = path.find('+', start);
    std::string part = path.substr(start, plus == std::string::npos ? std::string::npos : plus - start);
    int k = -1;
    for (int i = 0; i < 6; ++i)
      if (part == RELATIVE[i]) k = i;
    if (k < 0) throw std::invalid_argument("'" + part + "' is not a relative direction");
    q += DIRECTIONS[k].q, r += DIRECTIONS[k].r;
    if (plus == std::string::npos) break;
    start = plus + 1;
  }
  return {q, r};
}

Hex cell_hex(Hex origin, int facing, Hex offset) {
  Hex v = rotate(offset, facing);
  return {origin.q + v.q, origin.r + v.r};
}

std::vector<Hex> battlefield(bool two) {
  std::vector<Hex> out;
  auto hexagon = [&](Hex c) {
    for (int q = -3; q <= 3; ++q)
      for (int r = std::max(-3, -q - 3); r <= std::min(3, -q + 3); ++r) out.push_back({c.q + q, c.r + r});
  };
  hexagon({0, 0});
  if (two) hexagon({7, -3});
  std::sort(out.begin(), out.end());
  return out;
}

bool on_board(const State& s, Hex h) {
  return distance(h, {0, 0}) <= 3 || (s.two_boards && distance(h, {7, -3}) <= 3);
}

using Point = std::pair<int, int>;
static const int CORNER_OFFSETS[6][2] = {{2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}, {1, -1}};

static std::array<Point, 6> corners(Hex h) {
  std::array<Point, 6> out;
  int cx = 3 * h.q, cy = 2 * h.r + h.q;
  for (int i = 0; i < 6; ++i) out[i] = {cx + CORNER_OFFSETS[i][0], cy + CORNER_OFFSETS[i][1]};
  return out;
}

static long long cross(Point o, Point a, Point b) {
  return static_cast<long long>(a.first - o.first) * (b.second - o.second) -
         static_cast<long long>(a.second - o.second) * (b.first - o.first);
}

static bool on_segment(Point p, Point a, Point b) {
  return std::min(a.first, b.first) <= p.first && p.first <= std::max(a.first, b.first) &&
         std::min(a.second, b.second) <= p.second && p.second <= std::max(a.second, b.second);
}

static bool segments_touch(Point p1, Point p2, Point q1, Point q2) {
  long long d1 = cross(q1, q2, p1), d2 = cross(q1, q2, p2), d3 = cross(p1, p2, q1), d4 = cross(p1, p2, q2);
  if (((d1 > 0 && 0 > d2) || (d1 < 0 && 0 < d2)) && ((d3 > 0 && 0 > d4) || (d3 < 0 && 0 < d4))) return true;
  return (d1 == 0 && on_segment(p1, q1, q2)) || (d2 == 0 && on_segment(p2, q1, q2)) ||
         (d3 == 0 && on_segment(q1, p1, p2)) || (d4 == 0 && on_segment(q2, p1, p2));
}

static bool inside(Point p, const std::array<Point, 6>& poly) {
  bool all_ge = true, all_le = true;
  for (int i = 0; i < 6; ++i) {
    long long c = cross(poly[i], poly[(i + 1) % 6], p);
    if (c < 0) all_ge = false;
    if (c > 0) all_le = false;
  }
  return all_ge || all_le;
}

static bool segment_touches_hex(Point a, Point b, Hex h) {
  auto poly = corners(h);
  if (inside(a, poly) || inside(b, poly)) return true;
  for (int i = 0; i < 6; ++i)
    if (segments_touch(a, b, poly[i], poly[(i + 1) % 6])) return true;
  return false;
}

static bool reenters_own_hex(Point start, Point end, Hex own) {
  auto poly = corners(own);
  int i = 0;
  while (poly[i] != start) ++i;
  Point prev = poly[(i + 5) % 6], nxt = poly[(i + 1) % 6];
  return cross(start, nxt, end) * cross(start, nxt, prev) >= 0 && cross(start, prev, end) * cross(start, prev, nxt) >= 0;
}

bool line_of_sight(Hex viewer, int facing, Hex target, const State& s) {
  if (viewer == target) return false;
  std::vector<Hex> blockers;
  for (auto& [h, _k] : s.terrain)
    if (h != target) blockers.push_back(h);
  auto own = corners(viewer);
  auto front = corners(neighbour(viewer, facing));
  auto far = corners(target);
  for (const Point& a : own) {
    if (std::find(front.begin(), front.end(), a) == front.end()) continue;
    for (const Point& b : far) {
      if (a == b || reenters_own_hex(a, b, viewer)) continue;
      bool clear = true;
      for (const Hex& h : blockers)
        if (segment_touches_hex(a, b, h)) { clear = false; break; }
      if (clear) return true;
    }
  }
  return false;
}

static int bfs_distance(const State& s, Hex start, Hex goal, const std::vector<Hex>& banned) {
  std::vector<std::pair<Hex, int>> seen{{start, 0}};
  size_t head = 0;
  auto known = [&](Hex h) {
    for (auto& [x, _d] : seen)
      if (x == h) return true;
    return false;
  };
  while (head < seen.size()) {
    auto [h, d] = seen[head++];
    if (h == goal) return d;
    for (int k = 0; k < 6; ++k) {
      Hex n = neighbour(h, k);
      if (on_board(s, n) && !known(n) &&
          (n == goal || std::find(banned.begin(), banned.end(), n) == banned.end()))
        seen.push_back({n, d + 1});
    }
  }
  return -1;
}

bool all_shortest_paths_cross(const State& s, Hex start, Hex goal, const std::vector<Hex>& crossing) {
  if (!on_board(s, start)) return false;
  int full = bfs_distance(s, start, goal, {});
  if (full < 2) return false;
  std::vector<Hex> banned;
  for (const Hex& h : crossing)
    if (h != start && h != goal) banned.push_back(h);
  int avoiding = bfs_distance(s, start, goal, banned);
  return avoiding < 0 || avoiding > full;
}

}  // namespace daimyo::sj
