// The bid sub-game's payoff table and its regret-matching+ solution (risingsun_solver.hpp). Every sum and product
// is taken in the order regret.py takes it, so that the strategies are the Python solver's bit for bit.
#include "risingsun_solver.hpp"

#include <algorithm>
#include <chrono>

namespace daimyo::risingsun {

bool payoff_table(const Rules& r, const War& w, const std::vector<Menu>& menus, double margin, double seconds,
                  std::vector<double>& out) {
  const size_t n = menus.size();
  size_t cells = 1;
  for (const auto& m : menus) cells *= m.size();
  // the table grows as its payoffs are known, as the Python dict does: a sub-game too large for its time cap
  // gives up before it takes its whole memory
  out.clear();
  out.reserve(std::min(cells * n, static_cast<size_t>(1) << 22));
  const auto start = std::chrono::steady_clock::now();
  std::vector<size_t> idx(n, 0);
  std::vector<std::array<int, 4>> joint(n);
  double row[MAX_SEATS];
  for (size_t cell = 0; cell < cells; ++cell) {
    if (seconds >= 0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > seconds)
      return false;
    for (size_t i = 0; i < n; ++i) joint[i] = menus[i][idx[i]];
    payoff(r, w, joint.data(), margin, row);
    out.insert(out.end(), row, row + n);
    for (size_t i = n; i-- > 0;) {  // itertools.product order: the last index fastest
      if (++idx[i] < menus[i].size()) break;
      idx[i] = 0;
    }
  }
  return true;
}

namespace {

// regret._values: each player's expected payoff of each of its actions against the others' `sigma`, visiting only
// the joint bids the others play with a positive probability. A row's terms are added in the order of the joint
// bids (the others' bids in lexicographic order), as itertools.product visits them.
void values(const std::vector<int>& sizes, const std::vector<double>& payoffs, const std::vector<std::vector<double>>& sigma,
            std::vector<std::vector<double>>& vals) {
  const size_t n = sizes.size();
  std::vector<size_t> stride(n, 1);
  for (size_t i = n - 1; i-- > 0;) stride[i] = stride[i + 1] * static_cast<size_t>(sizes[i + 1]);
  std::vector<std::vector<int>> support(n);
  for (size_t j = 0; j < n; ++j)
    for (int a = 0; a < sizes[j]; ++a)
      if (sigma[j][a] > 0) support[j].push_back(a);
  std::vector<size_t> offsets;
  std::vector<double> weights;
  std::vector<size_t> pos(n);
  for (size_t i = 0; i < n; ++i) {
    offsets.clear();
    weights.clear();
    bool empty = false;
    for (size_t j = 0; j < n; ++j)
      if (j != i && support[j].empty()) empty = true;
    std::fill(pos.begin(), pos.end(), 0);
    while (!empty) {
      size_t offset = 0;
      double wgt = 1.0;
      for (size_t j = 0; j < n; ++j) {
        if (j == i) continue;
        int a = support[j][pos[j]];
        offset += static_cast<size_t>(a) * stride[j];
        wgt *= sigma[j][a];
      }
      offsets.push_back(offset);
      weights.push_back(wgt);
      size_t j = n;
      while (j-- > 0) {
        if (j == i) continue;
        if (++pos[j] < support[j].size()) break;
        pos[j] = 0;
      }
      if (j == static_cast<size_t>(-1)) break;
    }
    auto& row = vals[i];
    for (int a = 0; a < sizes[i]; ++a) {
      double acc = 0.0;
      const double* base = payoffs.data() + i + static_cast<size_t>(a) * stride[i] * n;
      for (size_t k = 0; k < offsets.size(); ++k) acc += weights[k] * base[offsets[k] * n];
      row[a] = acc;
    }
  }
}

// regret._current
void current(const std::vector<double>& regrets, std::vector<double>& sigma) {
  const size_t k = regrets.size();
  for (size_t a = 0; a < k; ++a) sigma[a] = regrets[a] > 0.0 ? regrets[a] : 0.0;
  double total = py_sum(sigma.data(), k);
  if (total <= 0) {
    for (size_t a = 0; a < k; ++a) sigma[a] = 1.0 / static_cast<double>(k);
    return;
  }
  for (size_t a = 0; a < k; ++a) sigma[a] = sigma[a] / total;
}

}  // namespace

std::vector<std::vector<double>> regret_matching(const std::vector<int>& sizes, const std::vector<double>& payoffs,
                                                 int iterations) {
  const size_t n = sizes.size();
  std::vector<std::vector<double>> regrets(n), avg(n), sigma(n), vals(n);
  for (size_t i = 0; i < n; ++i) {
    regrets[i].assign(sizes[i], 0.0);
    avg[i].assign(sizes[i], 0.0);
    sigma[i].assign(sizes[i], 0.0);
    vals[i].assign(sizes[i], 0.0);
  }
  std::vector<double> terms;
  for (int t = 1; t <= iterations; ++t) {
    for (size_t i = 0; i < n; ++i) current(regrets[i], sigma[i]);
    values(sizes, payoffs, sigma, vals);
    for (size_t i = 0; i < n; ++i) {
      const size_t k = sizes[i];
      terms.resize(k);
      for (size_t a = 0; a < k; ++a) terms[a] = sigma[i][a] * vals[i][a];
      double ev = py_sum(terms.data(), k);
      for (size_t a = 0; a < k; ++a) {
        double x = regrets[i][a] + vals[i][a] - ev;
        regrets[i][a] = x > 0.0 ? x : 0.0;
      }
      for (size_t a = 0; a < k; ++a) avg[i][a] += static_cast<double>(t) * sigma[i][a];
    }
  }
  std::vector<std::vector<double>> out(n);
  for (size_t i = 0; i < n; ++i) {
    double total = py_sum(avg[i].data(), avg[i].size());
    for (double x : avg[i]) out[i].push_back(x / total);
  }
  return out;
}

}  // namespace daimyo::risingsun
