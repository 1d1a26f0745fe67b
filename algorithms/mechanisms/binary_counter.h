// Binary counting mechanism for continual release: a bank of private counters.
//
// Specification
// -------------
// Implements the binary mechanism of T.-H. H. Chan, E. Shi, D. Song, "Private and continual
// release of statistics", ACM TISSEC 2011 (Sec. 3.4, Thm. 3.5), also C. Dwork, M. Naor,
// T. Pitassi, G. Rothblum, "Differential privacy under continual observation", STOC 2010. It is the
// private counter PC(T, eps') of Vietri et al. 2020, "Private Reinforcement Learning with PAC and
// Regret Guarantees" (Sec. 2.3), which PUCB (Alg. 2) instantiates once per r(s,a,h), n(s,a,h) and
// m(s,a,s',h) with eps' = eps / (3H).
//
// A bank holds `num_counters` independent counters that advance together: each step t = 1..T,
// every counter receives an input x_t (the sum of its Add calls during the step, 0 if none), and
// EndStep() closes the step. After t closed steps, Release(c) returns
//     true prefix sum  sum_{s=1..t} x_s  +  sum of the noise of the dyadic nodes covering [1, t].
// Node (level j, index i), 0 <= j < L, covers steps [i 2^j + 1, (i + 1) 2^j]. Prefix [1, t] is
// covered by the nodes (j, (t >> j) - 1) for the set bits j of t, so popcount(t) <= L nodes. The
// tree's index arithmetic is shared with the matrix counters (dyadic_tree.h).
//
//   L = levels() = floor(log2 T) + 1 (tree depth; log base 2 throughout this file).
//
// Privacy (Chan et al. 2011, Thm. 3.5 style). Neighbouring input streams differ in one step's
// input by at most input_bound. Step s lies in exactly one node per level, so changing x_s changes
// at most L node sums, each by at most input_bound. Every node sum gets independent noise of scale
//     b = node_noise_scale() = L * input_bound / privacy_epsilon
// (discrete Laplace with b rounded UP to a rational), so the vector of all node sums is
// privacy_epsilon-DP (Laplace mechanism with l1-sensitivity L * input_bound), and every release of
// every step is post-processing of it: the whole released stream of a counter is
// privacy_epsilon-DP. Counters of one bank use independent noise; how budgets compose across
// counters (PUCB: l1-sensitivity H across a group, Vietri et al. Claim 1 / Hsu et al. 2016
// Lemma 34) is the caller's concern.
//
// Noise arithmetic: exact, integer only. Inputs are integers (PUCB's visit and transition counts,
// and its rewards after unbiased randomised rounding to {0, 1}, see algorithms/tabular/pucb.h),
// node noise is exact discrete Laplace (the distribution of CKS 2020 Alg. 2, drawn by the
// table-checked inversion of discrete_laplace_sampler.h, or by samplers.h's SampleDiscreteLaplace
// for node scales above 2^22) and every release is an exact integer: no floating-point noise ever
// touches a released value, so nothing about the inputs can leak through low-order bits or
// residues (Mironov, CCS 2012; docs/conventions.md, "Exact noise on released values"). The
// discrete Laplace mechanism with scale b on an integer query of l1-sensitivity D is exactly
// (D/b)-DP, so the privacy statement above holds with no delta.
//
// Randomness. A node's noise is a function of (noise_stream, counter, node) only: node (j, i) of
// counter c reads the 32-bit half (c mod 6) of the three words of
// noise_stream.Child(c / 6, (i << 6) | j) (one Philox block serves the node of 6 consecutive
// counters), and, only for the rare redraw or undecided cell, further words of
// noise_stream.Child(0).Child(c, (i << 6) | j). Scales above 2^22 draw every node from the latter.
//
// Memory. A node's noise is never stored: it is re-derived on demand. Per counter the bank stores
// O(1) values (true sum, the input of the step in progress, a tracked slot), independent of T.
// Release of an untracked counter re-derives its popcount(t) covering nodes. A tracked counter
// (Track) also stores its current noise sum Z(t), updated in EndStep: going t-1 -> t removes the
// ctz(t) nodes of levels 0..ctz(t)-1 and adds node (ctz(t), (t >> ctz(t)) - 1). It also keeps
// the noise of its covering nodes at the kCachedLevels = 3 lowest levels (3 more values, O(1)),
// so removing a node re-derives it only above those levels: amortized 1 + 2^-3 node samples per
// step instead of 2. EndStep goes node by node over the tracked counters: it derives that node's
// Philox blocks for all their groups in one batch (independent evaluations overlap in the CPU
// pipeline), then samples, consecutive counters sharing one block; its scratch is O(tracked).
// Tracked and untracked releases are bit-identical, and no release depends on when Track was
// called.
//
// Accuracy. Release(c) - TrueSum(c) at step t is a sum of popcount(t) independent node noises, so
// its variance is popcount(t) * Var(node) = popcount(t) * 2q/(1-q)^2 with q = exp(-1/b). The bound
// quoted by Vietri et al. 2020, Sec. 2.3, is SingleCounterErrorBound in
// algorithms/tabular/vietri_bounds.h (tested against this counter in binary_counter_test).
#ifndef DPRL_ALGORITHMS_MECHANISMS_BINARY_COUNTER_H_
#define DPRL_ALGORITHMS_MECHANISMS_BINARY_COUNTER_H_

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/mechanisms/discrete_laplace_sampler.h"
#include "algorithms/mechanisms/samplers.h"
#include "random/random_stream.h"

namespace dprl {

struct BinaryCounterOptions {
  // eps' of EACH counter over its whole input stream (eps'-DP w.r.t. changing one step's input by
  // at most input_bound). Enters the node scale b = L * input_bound / privacy_epsilon.
  double privacy_epsilon = 1.0;
  // T, the number of steps the counter will ever run; sets L = floor(log2 T) + 1. In [1, 2^50].
  int64_t horizon_steps = 1000;
  // Every step's input is an integer with |x_t| <= input_bound (the sensitivity). An integer
  // >= 1 with input_bound * horizon_steps <= 2^53 (exact integer sums).
  double input_bound = 1.0;

  // OK, or InvalidArgument naming the field and its bad value.
  absl::Status Validate() const;
};

class BinaryCounterBank {
 public:
  // Largest denominator used when rounding the discrete node scale up to a rational.
  static constexpr int64_t kScaleMaxDenominator = int64_t{1} << 20;
  // A tracked counter keeps the noise of its covering nodes of the lowest kCachedLevels levels,
  // so that EndStep re-derives removed nodes only above them (see "Memory" above).
  static constexpr int kCachedLevels = 3;

  // Bytes a bank keeps per counter whatever it tracks: its closed-step sum, its pending input
  // and its tracking slot (8 + 8 + 4).
  static constexpr double kBytesPerCounter = 20.0;
  // Banks of at least this many bytes are checked against this machine's memory (below: never
  // refused; every machine that runs dprl has 1 GB).
  static constexpr double kCheckedBytes = 1e9;

  // Validates the options and num_counters (in [0, 2^31 - 1], and, from kCheckedBytes on,
  // kBytesPerCounter * num_counters within this machine's memory: CheckMemoryEstimate of
  // common/resource_limits.h, whose message names num_counters and the estimate). Node noise is
  // derived from noise_stream's children; the stream itself is never advanced.
  static absl::StatusOr<BinaryCounterBank> Create(int64_t num_counters,
                                                  const BinaryCounterOptions& options,
                                                  RandomStream noise_stream);

  // Adds `value` to the input of `counter` for the step in progress (several calls accumulate).
  // CHECKs: valid counter, integral value, |accumulated input| <= input_bound, and that a step
  // remains (steps() < horizon_steps).
  void Add(int64_t counter, double value);

  // Closes the step: t <- t + 1 (CHECK t <= T). Tracked counters update their noise sums.
  void EndStep();

  // t, the number of closed steps.
  int64_t steps() const { return steps_; }

  // Private release at step t as an exact integer: true sum of steps 1..t + noise of the
  // popcount(t) covering nodes, added in int64 (CHECK on overflow: |true sum| <= 2^53 and the
  // noise sum must stay within int64, which fails with probability below 1e-12 per release even
  // at the largest node scale, 2^52). Exactly the true sum (0) when t == 0. Inputs of the step in
  // progress are not included.
  int64_t ExactRelease(int64_t counter) const;
  // ExactRelease(counter) converted to double afterwards (round to nearest above 2^53): a function
  // of the exact release alone, so post-processing of it whatever the scale. (Adding the noise to
  // the true sum in doubles would round, once |noise| >= 2^53, by the parity of the true sum.)
  double Release(int64_t counter) const;
  // Release(c) of every counter c into released[c] (num_counters() entries), the same values.
  void ReleaseAll(double* released) const;

  // From now on maintain this counter's noise sum incrementally (cheap Release). Idempotent.
  void Track(int64_t counter);
  bool IsTracked(int64_t counter) const;

  int64_t num_counters() const { return num_counters_; }
  const BinaryCounterOptions& options() const { return options_; }

  // L = floor(log2 T) + 1 tree levels.
  int levels() const { return levels_; }

  // Scale b of each node's noise: the value of discrete_node_scale(), i.e.
  // L * input_bound / privacy_epsilon rounded UP to a rational with denominator <= 2^20.
  double node_noise_scale() const { return node_scale_; }
  // The exact rational scale of the discrete Laplace node noise.
  Rational discrete_node_scale() const { return discrete_scale_; }

  // Variance of one node's noise: 2q/(1-q)^2, q = exp(-1/b).
  double NodeNoiseVariance() const;

  // Bytes of per-counter state (vectors' capacities); O(num_counters + tracked), independent of T.
  int64_t memory_bytes() const;

 private:
  // Reads the true sums; testonly, "Not differentially private" (binary_counter_testing.h).
  friend class BinaryCounterBankPeer;

  BinaryCounterBank(int64_t num_counters, const BinaryCounterOptions& options,
                    RandomStream noise_stream);

  // Counters per Philox block: the 3 words of noise_stream.Child(group, node) give each counter
  // of the group a 32-bit half word.
  static constexpr int kCountersPerBlock = 6;

  // Noise of node (level, index) of `counter` (an integer).
  int64_t NodeNoiseUnits(int64_t counter, int level, int64_t index) const;
  // The 32-bit half of the words of noise_stream.Child(counter / kCountersPerBlock, node key)
  // that belongs to `counter`.
  static uint32_t CounterWord(int64_t counter, const std::array<uint64_t, 3>& words);
  // The node's noise from that word (and, rarely, the per-(counter, node) overflow stream).
  // Requires sampler_.
  int64_t SampleNodeNoise(int64_t counter, uint64_t node_key, uint32_t word) const;
  // use(slot, noise) with the noise of node (level, index) of every tracked counter, slot by
  // slot (slot indexes tracked_ids_). Derives the Philox blocks of all the groups first, in one
  // batch (RandomStream::PairChildFirstWords), then samples: the same values as NodeNoiseUnits.
  template <typename Use>
  void ForEachTrackedNodeNoise(int level, int64_t index, Use&& use);
  // Sum of the noise of the nodes covering [1, t].
  int64_t NoiseSumUnits(int64_t counter, int64_t t) const;
  // The noise sum of `counter` at the current step: tracked or re-derived.
  int64_t CurrentNoiseSum(int64_t counter) const;
  // true_sum + noise_sum of `counter`, CHECK on int64 overflow.
  int64_t ReleaseWithNoise(int64_t counter, int64_t noise_sum) const;
  // ExactRelease without its range check (CHECK on int64 overflow only).
  int64_t UncheckedRelease(int64_t counter) const;

  int64_t num_counters_;
  BinaryCounterOptions options_;
  RandomStream noise_stream_;
  RandomStream overflow_stream_;  // noise_stream.Child(0): per-(counter, node) further bits
  std::optional<DiscreteLaplaceSampler> sampler_;  // absent for scales above its kMaxScale
  int levels_;
  double node_scale_;
  Rational discrete_scale_{1, 1};
  int64_t steps_ = 0;

  std::vector<int64_t> true_sum_;       // per counter: sum of closed steps' inputs (|.| <= 2^53)
  std::vector<int64_t> pending_;        // per counter: input of the step in progress
  std::vector<int32_t> tracked_slot_;   // per counter: index into tracked_ids_, or -1
  std::vector<int64_t> touched_;        // counters with a nonzero Add in the step in progress
  std::vector<int64_t> tracked_ids_;    // tracked counters, in Track order
  // tracked_ids_[k] == k for every k so far (ReleaseAll's path without the slot indirection).
  bool tracked_in_counter_order_ = true;
  std::vector<int64_t> tracked_noise_;  // their Z(t), parallel to tracked_ids_
  // kCachedLevels per tracked counter: the noise of its covering node at levels
  // 0..kCachedLevels-1 (valid where the level's bit of t is set).
  std::vector<int64_t> tracked_low_nodes_;
  // The groups of the runs of consecutive tracked counters (in Track order) of one group, one
  // Philox block each per node, and, parallel to tracked_ids_, where each tracked counter's
  // 32-bit word is among the runs' blocks: 6 * (its run) + counter mod 6 (both kept by Track).
  std::vector<uint64_t> block_groups_;
  std::vector<uint32_t> tracked_word_;
  // Scratch of ForEachTrackedNodeNoise, kept to avoid allocating per step: the runs' blocks.
  std::vector<std::array<uint64_t, 3>> block_words_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_MECHANISMS_BINARY_COUNTER_H_
