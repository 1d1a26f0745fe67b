// Gaussian-process functional noise with the Ornstein-Uhlenbeck kernel, sampled lazily.
//
// Specification
// -------------
// B. Wang, N. Hegde, "Privacy-preserving Q-Learning with Functional Noise in Continuous Spaces",
// NeurIPS 2019: Algorithm 1 lines 14-18 and Proposition 9 with Appendix A, eq. (2).
//
// num_paths independent sample paths g_0, ..., g_{m-1} of the Gaussian process G(0, sigma^2 K) on
// the real line with K(x, y) = exp(-beta |x - y|) (one path per action in Algorithm 1). A path is
// never materialised: Evaluate(x) returns g_a(x) for every a, drawing the values at a new x from
// their exact conditional law given every value drawn so far, and storing them so that the same x
// always returns the same values. Since the process is Markov (an Ornstein-Uhlenbeck process),
// the law given all stored points equals the law given the nearest stored neighbours
// s- < x < s+ only. With a = x - s-, b = s+ - x, e_a = exp(-beta a), e_b = exp(-beta b):
//
//   both neighbours   mean = (e_a (1 - e_b^2) g(s-) + e_b (1 - e_a^2) g(s+)) / (1 - e_a^2 e_b^2)
//                          = (sinh(beta b) g(s-) + sinh(beta a) g(s+)) / sinh(beta (a + b))
//                     var  = sigma^2 (1 - e_a^2)(1 - e_b^2) / (1 - e_a^2 e_b^2)
//   only s- (x right of every stored point)   mean = e_a g(s-),  var = sigma^2 (1 - e_a^2)
//   only s+ (x left of every stored point)    mean = e_b g(s+),  var = sigma^2 (1 - e_b^2)
//   nothing stored                            mean = 0,          var = sigma^2
//
// These are the Gaussian conditionals of the kernel (ou_functional_noise_test checks them against
// generic Gaussian conditioning with Eigen). The paper's printed eq. (2) differs: its mean swaps
// the two sinh weights (it would put weight 0 on g(s-) as x -> s-) and its variance is negative
// near a neighbour; it also says "treat s+ = 1 and s- = 0 for non-existence", which conditions on
// values at 0 and 1 that were never drawn. The authors' code (dpql.py, noisebuffer) uses the
// correct two-sided formulas but, right of the last stored point, multiplies the FIRST stored
// value instead of the last one. We implement the exact conditionals above for all four cases.
//
// Cost: stored points live in a balanced search tree (std::map), so a query costs O(log n) for n
// stored points and N_q queries O(N_q log N_q) (Proposition 9). Reset() forgets every stored
// value, i.e. starts new independent sample paths (Algorithm 1, lines 7-9).
//
// Privacy: the noise of the Gaussian process mechanism (Hall, Rinaldo, Wasserman 2013; the paper's
// Proposition 4): for a function-valued release f whose RKHS-norm sensitivity is Delta, f + g with
// g ~ G(0, sigma^2 K) is (privacy_epsilon, delta)-DP once sigma >= sqrt(2 ln(1.25/delta)) Delta /
// privacy_epsilon (privacy_epsilon < 1). The calibration of Algorithm 1 is in
// algorithms/accounting/functional_noise_calibration.h. Randomness comes from the caller's
// RandomStream (kPrivacyNoise purpose in production).
//
// Parameters: OuFunctionalNoiseOptions below (each field documents its default and range).
#ifndef DPRL_ALGORITHMS_MECHANISMS_OU_FUNCTIONAL_NOISE_H_
#define DPRL_ALGORITHMS_MECHANISMS_OU_FUNCTIONAL_NOISE_H_

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "random/random_stream.h"

namespace dprl {

struct OuFunctionalNoiseOptions {
  // m: independent sample paths (one per action). >= 1.
  int num_paths = 2;
  // sigma: K is scaled by sigma^2; 0 gives the zero function (nothing stored). Finite, >= 0.
  double noise_stddev = 1.0;
  // beta in K(x, y) = exp(-beta |x - y|). Finite, > 0.
  double kernel_rate = 1.0;

  absl::Status Validate() const;
};

// A stored neighbour of a query point: its location and the path's value there.
struct OuNeighbour {
  double location;
  double value;
};

struct GaussianMoments {
  double mean;
  double stddev;
};

// The conditional law of g(x) given the nearest stored neighbours (the table above). `left` must
// be < x and `right` > x when present (CHECKed).
GaussianMoments OuConditionalMoments(double x, const std::optional<OuNeighbour>& left,
                                     const std::optional<OuNeighbour>& right, double noise_stddev,
                                     double kernel_rate);

class OuFunctionalNoise {
 public:
  static absl::StatusOr<OuFunctionalNoise> Create(const OuFunctionalNoiseOptions& options);

  // Writes g_0(x), ..., g_{m-1}(x) to values[0 .. m-1]. A new x draws m Gaussians (2 words of
  // `stream` each, path 0 first) and stores them; a stored x reads no randomness. x finite
  // (CHECKed).
  void Evaluate(double x, RandomStream& stream, double* values);

  // Forgets every stored point: the next queries see new independent sample paths.
  void Reset();

  int num_paths() const { return options_.num_paths; }
  double noise_stddev() const { return options_.noise_stddev; }
  double kernel_rate() const { return options_.kernel_rate; }
  // Number of distinct stored locations (0 when noise_stddev == 0).
  int64_t num_points() const { return static_cast<int64_t>(index_.size()); }

 private:
  explicit OuFunctionalNoise(const OuFunctionalNoiseOptions& options) : options_(options) {}

  OuFunctionalNoiseOptions options_;
  std::map<double, int64_t> index_;  // location -> row in values_
  std::vector<double> values_;       // row r holds the m path values at one location
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_MECHANISMS_OU_FUNCTIONAL_NOISE_H_
