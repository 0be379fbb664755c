// The generators a game draws its randomness from (daimyo/core/rng.py).
// SplitMix64: the whole state is one 64-bit word; every draw below is the Python `Rng`'s, word for word.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace daimyo {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) : state_(seed) {}

  uint64_t next64() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

  // A uniform integer in [0, n) (n > 0), as `Rng.below`: the word modulo n.
  uint64_t below(uint64_t n) { return next64() % n; }

  // `Rng.shuffle`: Fisher-Yates from the last item down.
  template <typename List>  // a std::vector, or the state's Row and Pile
  void shuffle(List& items) {
    for (size_t i = items.size(); i-- > 1;) {
      size_t j = static_cast<size_t>(next64() % (i + 1));
      std::swap(items[i], items[j]);
    }
  }

  uint64_t state() const { return state_; }

 private:
  uint64_t state_;
};

}  // namespace daimyo
