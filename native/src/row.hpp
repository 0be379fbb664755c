// Row: a list of at most N items kept inside the object that holds it (the game state, a scoring board).
#pragma once
#include <algorithm>
#include <type_traits>
#include <vector>

namespace daimyo {

// A list of at most N items kept inside the state (a seat's or a province's values) or a scoring board: copying
// one copies them with it, and allocates nothing. It reads as the std::vector it stands for.
template <typename T, int N>
class Row {
 public:
  Row() = default;
  Row(size_t count, const T& v) { fill(count, v); }
  Row(const std::vector<T>& v) { assign(v.begin(), v.end()); }  // NOLINT: a row reads as its vector
  Row& operator=(const std::vector<T>& v) { assign(v.begin(), v.end()); return *this; }
  operator std::vector<T>() const { return list(); }  // NOLINT
  size_t size() const { return static_cast<size_t>(count_); }
  bool empty() const { return count_ == 0; }
  T* begin() { return items_; }
  T* end() { return items_ + count_; }
  const T* begin() const { return items_; }
  const T* end() const { return items_ + count_; }
  T& operator[](size_t i) { return items_[i]; }
  const T& operator[](size_t i) const { return items_[i]; }
  T& front() { return items_[0]; }
  const T& front() const { return items_[0]; }
  T& back() { return items_[count_ - 1]; }
  const T& back() const { return items_[count_ - 1]; }
  void push_back(const T& v) { items_[count_++] = v; }
  void pop_back() { --count_; }
  void clear() { count_ = 0; }
  T* erase(T* at) {
    std::copy(at + 1, end(), at);
    --count_;
    return at;
  }
  template <typename It>
  void assign(It first, It last) {
    if constexpr (std::is_integral_v<It>) {  // assign(count, value)
      fill(static_cast<size_t>(first), static_cast<T>(last));
    } else {
      count_ = 0;
      for (; first != last; ++first) push_back(*first);
    }
  }
  void resize(size_t count) { count_ = static_cast<int>(count); }  // (new items keep their value: set them)
  void fill(size_t count, const T& v) {
    count_ = 0;
    for (size_t i = 0; i < count; ++i) push_back(v);
  }
  std::vector<T> list() const { return std::vector<T>(begin(), end()); }

 private:
  int count_ = 0;
  T items_[N] = {};
};

}  // namespace daimyo
