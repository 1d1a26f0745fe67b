// Exact-tail error bound of the binary counting mechanism (binary_counter.h): the smallest E with
//     P( exists t in [1, T] : |Release_t - TrueSum_t| > E ) <= counter_failure_probability,
// up to the union bound over t below. Beyond the paper, a tighter E_eps: Vietri et al. 2020
// (Sec. 2.3, Alg. 3) size PUCB's bonus and 2E threshold with the loose (4/eps') ln(1/beta)
// log(T)^{5/2} tail bound; the same role is played here by the actual error distribution. Pure
// arithmetic: no randomness, no I/O.
//
// Specification
// -------------
// Error of a counter at step t (binary_counter.h): err_t = S_{popcount(t)}, where S_k is the sum
// of k iid node noises X with distribution D:
//   kDiscreteLaplace: P(X = x) = (1 - q)/(1 + q) q^|x|, q = exp(-1/b), b = the counter's exact
//                     rational scale discrete_node_scale() = numerator/denominator (x in Z);
//   kLaplace:         density exp(-|x|/b)/(2b), plus a per-node deviation of at most
//                     `laplace_grid_error` (0 for an exact draw). BinaryCounterBank only uses
//                     discrete Laplace noise (exact integer releases); the continuous case is the
//                     reference for the coupling bound (3) and for mechanisms on real values.
// Union bound over t, grouping steps by popcount (N_k = #{t in [1, T] : popcount(t) = k}, counted
// exactly from the bits of T by PopcountCounts):
//   F(E) = sum_{k=1..L} N_k P(|S_k| > E)  <=  counter_failure_probability,   L = floor(log2 T)+1.
// CounterErrorTailBound returns the smallest E (discrete: an integer; Laplace: to relative 1e-12,
// rounded up) with U(E) <= counter_failure_probability, where U_k(E) >= P(|S_k| > E) is one of
// the upper bounds below, so that the returned E is never smaller than the true smallest E of F.
//
// Tail bounds U_k (all two-sided, by symmetry 2 * one-sided), each an upper bound:
//  (1) Laplace, exact closed form (difference of two Gamma(k, b); memorylessness):
//        P(S_k > x) = (1/2) sum_{j=0}^{k-1} C(k-1+j, j) 2^{-(k-1+j)} Q(k-j, x/b),
//      Q(m, y) = e^{-y} sum_{i<m} y^i/i! (regularized upper incomplete gamma). All terms are
//      positive (no cancellation); y is rounded down and the result is multiplied by (1 + 1e-9),
//      far above the accumulated floating-point relative error (< 1e-13). The grid deviation
//      enters as P(|S_k| > E) <= P(|Laplace sum| > E - k * laplace_grid_error).
//  (2) Discrete Laplace, exact (used when cheap: sum_k (M_k + 1) <= 4e5, i.e. scales up to a
//      few hundred): X = G1 - G2 with G iid geometric, P(G = i) = (1-q) q^i, so S_k = A - B with
//      A, B iid negative binomial NB_k, P(NB_k = i) = C(i+k-1, i) (1-q)^k q^i, and
//        P(S_k >= n) <= sum_{j <= M_k} P(B = j) P(n + j <= A <= M_k) + P(A > M_k) + P(B > M_k),
//      with the pmf tabulated on [0, M_k] and P(NB_k > M_k) <= 1e-30 by the Chernoff bound
//      e^{-l(M+1)} ((1-q)/(1-q e^l))^k (optimal l), whose value is added. Positive terms only;
//      relative rounding error < 2e-10 (covered by the 1e-9 inflation, including the rounding of
//      q). Below 1e-25 (where the 4e-30 truncation term matters) the minimum with (3)-(4) is
//      used. k = 1 is the closed form P(|X| >= n) = 2 q^n / (1 + q).
//  (3) Discrete Laplace, coupling with the Laplace sum (large scales): a geometric variable is
//      floor(Y) for Y ~ Exp(mean b), and floor(Y) is independent of frac(Y). So X = G1 - G2 =
//      Z + U with Z = Y1 - Y2 ~ Laplace(b) and U = frac(Y2) - frac(Y1) in (-1, 1), U independent
//      of X. Summing, Zsum = S_k - Usum with Usum independent of S_k and Usum in (-k, k), so for
//      any c in (0, k]:  P(Zsum >= n - c) >= P(S_k >= n) P(Usum <= c), i.e.
//        P(S_k >= n) <= P(Zsum >= n - c) / P(Usum <= c),
//        P(Usum <= c) >= 1 - exp(-c^2/(2k)) (Hoeffding, range 2 per term), = 1 at c = k.
//      We take the minimum over c in {k} and c = sqrt(2k ln(1/r)), r in {1e-1, ..., 1e-6}, and
//      over (4) Chernoff: P(S_k >= n) <= min_{0<l<1/b} e^{-l n} M(l)^k,
//        M(l) = (1-q)^2 / ((1 - q e^l)(1 - q e^-l)) (any l gives a valid bound; we use the
//        stationary point of the exponent, a root of q(1+a) u^2 - a(1+q^2) u - q(1-a), u = e^l,
//        a = n/k).
// Cost per evaluation of F: O(sum_k M_k) <= 4e5 for (2), O(L^2) for (1), (3), (4); E is found by
// doubling and bisection (~50 evaluations): a few ms for T = 1e7, b = 1e4 (the unit test prints
// the times).
//
// Parameters
//   horizon_steps               T in [1, 2^50] (the counter's horizon_steps)
//   node_noise                  D (NodeNoiseOf(bank) reads it from a counter bank)
//   counter_failure_probability beta_counter in [1e-100, 1)
#ifndef DPRL_ALGORITHMS_MECHANISMS_COUNTER_ERROR_TAIL_H_
#define DPRL_ALGORITHMS_MECHANISMS_COUNTER_ERROR_TAIL_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/mechanisms/binary_counter.h"
#include "algorithms/mechanisms/samplers.h"

namespace dprl {

// Node noise families whose sum tails this file bounds.
enum class NodeNoiseKind { kDiscreteLaplace, kLaplace };

// The distribution D of one node's noise.
struct NodeNoiseDistribution {
  NodeNoiseKind noise = NodeNoiseKind::kDiscreteLaplace;
  // kDiscreteLaplace: scale b = numerator/denominator, q = exp(-denominator/numerator).
  Rational discrete_scale{1, 1};
  // kLaplace: scale b (finite, > 0).
  double laplace_scale = 1.0;
  // kLaplace: |released node noise - Laplace draw| <= laplace_grid_error (>= 0, finite).
  double laplace_grid_error = 0.0;
};

// D of the counters of `bank`: discrete Laplace with its discrete_node_scale().
NodeNoiseDistribution NodeNoiseOf(const BinaryCounterBank& bank);

// N_k = #{t in [1, T] : popcount(t) = k} for k = 0..L (N_0 = 0), exactly. Requires T in [1, 2^50].
std::vector<int64_t> PopcountCounts(int64_t horizon_steps);

// Upper bound on P(|S_k| > threshold) for discrete Laplace node noise (bounds (2)-(4) above; the
// exact closed form for k = 1). Requires k >= 1, threshold >= 0, a valid scale.
double DiscreteLaplaceSumTail(Rational scale, int k, int64_t threshold);

// Upper bound (exact closed form (1), inflated by 1e-9 relative) on P(|S_k| > threshold) for
// Laplace(scale) node noise. Requires k >= 1, 0 < scale < inf.
double LaplaceSumTail(double scale, int k, double threshold);

// The smallest E with sum_k N_k U_k(E) <= counter_failure_probability (see above). Errors:
// InvalidArgument naming the parameter (horizon_steps outside [1, 2^50], probability outside
// (0, 1), scale not finite and > 0, denominator or numerator < 1, negative/NaN grid error).
absl::StatusOr<double> CounterErrorTailBound(int64_t horizon_steps,
                                             const NodeNoiseDistribution& node_noise,
                                             double counter_failure_probability);

// Running sums of iid discrete Laplace noise (DP-Nash-VI's Local Privatizer: the noisy count after
// m reports carries S_m, the sum of m independent draws of scale b). The smallest integer E >= 0
// with
//   2 e^{-l (E+1)} M(l)^n <= failure_probability   (l: the stationary point of the Chernoff
//                                                    exponent (4) with k = n)
// which bounds P(max_{m <= n} |S_m| > E): e^{l S_m} is a non-negative submartingale, so Doob's
// maximal inequality gives P(max_m S_m >= x) <= e^{-l x} E e^{l S_n} = e^{-l x} M(l)^n, and the
// lower tail is the same by symmetry. Uniform over m: no union over the episodes. Errors:
// InvalidArgument naming num_terms (outside [1, 2^50]), failure_probability (outside
// [1e-100, 1)) or scale (ValidateDiscreteLaplaceScale).
absl::StatusOr<double> DiscreteLaplaceRunningSumTailBound(Rational scale, int64_t num_terms,
                                                          double failure_probability);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_MECHANISMS_COUNTER_ERROR_TAIL_H_
