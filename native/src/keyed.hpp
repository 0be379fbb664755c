// The keyed generator of daimyo/core/rng.py (`KeyedRng`): keyed BLAKE2b (RFC 7693) in counter mode.
// Block i of a stream is blake2b(label, 0, i as 8 little-endian bytes; key = the game's 32-byte key, 64-byte
// digest), read as eight little-endian 64-bit words; the stream's state is (key, label, words drawn).
#pragma once
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "rng.hpp"

namespace daimyo {

namespace blake2b {

inline constexpr std::array<uint64_t, 8> IV = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};

// The message schedule of each round (RFC 7693, 2.7); rounds 10 and 11 repeat rounds 0 and 1.
inline constexpr uint8_t SIGMA[10][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0}};

inline uint64_t rotr(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

inline uint64_t load64(const uint8_t* p) {
  uint64_t w = 0;
  for (int i = 7; i >= 0; --i) w = (w << 8) | p[i];
  return w;
}

// F, the compression function (RFC 7693, 3.2): `t` is the count of bytes hashed so far, `last` the final block.
inline void compress(std::array<uint64_t, 8>& h, const uint8_t block[128], uint64_t t, bool last) {
  uint64_t m[16], v[16];
  for (int i = 0; i < 16; ++i) m[i] = load64(block + 8 * i);
  for (int i = 0; i < 8; ++i) v[i] = h[i], v[i + 8] = IV[i];
  v[12] ^= t;  // the high word of the counter stays 0: no message here comes near 2^64 bytes
  if (last) v[14] = ~v[14];
  auto g = [&v](int a, int b, int c, int d, uint64_t x, uint64_t y) {
    v[a] = v[a] + v[b] + x; v[d] = rotr(v[d] ^ v[a], 32);
    v[c] = v[c] + v[d];     v[b] = rotr(v[b] ^ v[c], 24);
    v[a] = v[a] + v[b] + y; v[d] = rotr(v[d] ^ v[a], 16);
    v[c] = v[c] + v[d];     v[b] = rotr(v[b] ^ v[c], 63);
  };
  for (int r = 0; r < 12; ++r) {
    const uint8_t* s = SIGMA[r % 10];
    g(0, 4, 8, 12, m[s[0]], m[s[1]]);
    g(1, 5, 9, 13, m[s[2]], m[s[3]]);
    g(2, 6, 10, 14, m[s[4]], m[s[5]]);
    g(3, 7, 11, 15, m[s[6]], m[s[7]]);
    g(0, 5, 10, 15, m[s[8]], m[s[9]]);
    g(1, 6, 11, 12, m[s[10]], m[s[11]]);
    g(2, 7, 8, 13, m[s[12]], m[s[13]]);
    g(3, 4, 9, 14, m[s[14]], m[s[15]]);
  }
  for (int i = 0; i < 8; ++i) h[i] ^= v[i] ^ v[i + 8];
}

}  // namespace blake2b

class KeyedRng {
 public:
  static constexpr size_t KEY_BYTES = 32;

  // `label`: 1 to 64 printable ASCII characters without spaces, as the Python generator checks.
  KeyedRng(const std::string& key, const std::string& label, uint64_t counter = 0)
      : key_(key), label_(label), counter_(counter) {
    if (key.size() != KEY_BYTES) throw std::invalid_argument("field 'key': a game key is 32 bytes");
    if (label.empty() || label.size() > 64)
      throw std::invalid_argument("a generator label is 1 to 64 printable characters without spaces");
    for (unsigned char ch : label)
      if (ch < '!' || ch > '~')
        throw std::invalid_argument("a generator label is 1 to 64 printable characters without spaces");
    // The key block is the same for every block of the stream: hashed once, the state after it is kept.
    keyed_ = blake2b::IV;
    keyed_[0] ^= 0x01010000ULL ^ (KEY_BYTES << 8) ^ 64;  // parameter block: digest 64 bytes, key 32 bytes
    uint8_t block[128] = {};
    std::memcpy(block, key.data(), KEY_BYTES);
    blake2b::compress(keyed_, block, 128, false);
    message_len_ = label.size() + 1 + 8;
    std::memcpy(message_, label.data(), label.size());  // the label, a zero byte, then the block number
  }

  uint64_t next64() {
    uint64_t block = counter_ >> 3;
    if (block != block_) load(block);
    return words_[counter_++ & 7];
  }

  // A uniform integer in [0, n) (n > 0), as `KeyedRng.below`: words at or above the largest multiple of n are
  // drawn again.
  uint64_t below(uint64_t n) {
    const uint64_t last = UINT64_MAX - (UINT64_MAX % n + 1) % n;  // the largest multiple of n (in 2^64), less 1
    while (true) {
      uint64_t x = next64();
      if (x <= last) return x % n;
    }
  }

  template <typename List>
  void shuffle(List& items) {
    for (size_t i = items.size(); i-- > 1;) std::swap(items[i], items[static_cast<size_t>(below(i + 1))]);
  }

  uint64_t counter() const { return counter_; }
  const std::string& key() const { return key_; }
  const std::string& label() const { return label_; }

 private:
  void load(uint64_t block) {
    uint8_t padded[128] = {};
    std::memcpy(padded, message_, message_len_ - 8);
    for (int i = 0; i < 8; ++i) padded[message_len_ - 8 + i] = static_cast<uint8_t>(block >> (8 * i));
    words_ = keyed_;
    blake2b::compress(words_, padded, 128 + message_len_, true);  // the 64-byte digest is the eight words
    block_ = block;
  }

  std::string key_, label_;
  std::array<uint64_t, 8> keyed_{}, words_{};
  uint8_t message_[64 + 1 + 8] = {};
  size_t message_len_ = 0;
  uint64_t counter_ = 0, block_ = UINT64_MAX;
};

// A game's generator: SplitMix64 from a whole-number seed, or keyed BLAKE2b from a game's key (the label "game"),
// as daimyo.core.rng.generator gives the Python engine. A seeded game's copy stays one word; a keyed game's copy
// copies its generator.
class GameRng {
 public:
  GameRng() = default;
  explicit GameRng(uint64_t seed) : split_(seed) {}
  explicit GameRng(const KeyedRng& keyed) : keyed_(std::make_unique<KeyedRng>(keyed)) {}
  GameRng(const GameRng& o) : split_(o.split_), keyed_(o.keyed_ ? std::make_unique<KeyedRng>(*o.keyed_) : nullptr) {}
  GameRng& operator=(const GameRng& o) {
    if (this != &o) split_ = o.split_, keyed_ = o.keyed_ ? std::make_unique<KeyedRng>(*o.keyed_) : nullptr;
    return *this;
  }
  GameRng(GameRng&&) = default;
  GameRng& operator=(GameRng&&) = default;

  uint64_t next64() { return keyed_ ? keyed_->next64() : split_.next64(); }
  uint64_t below(uint64_t n) { return keyed_ ? keyed_->below(n) : split_.below(n); }
  template <typename List>  // a std::vector, or the state's Row and Pile
  void shuffle(List& items) {
    if (keyed_) keyed_->shuffle(items); else split_.shuffle(items);
  }

  const KeyedRng* keyed() const { return keyed_.get(); }
  uint64_t state() const { return split_.state(); }  // SplitMix64's word (a seeded game's)

 private:
  Rng split_;
  std::unique_ptr<KeyedRng> keyed_;
};

}  // namespace daimyo
