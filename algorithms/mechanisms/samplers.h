// Noise samplers for differentially private mechanisms.
//
// Specification
// -------------
// Continuous samplers (floating point; used only where the released quantity is real-valued):
//   SampleLaplace(b):      density exp(-|x| / b) / (2 b), by inversion of the CDF: one 64-bit
//                          word gives a sign bit and a 53-bit open uniform u, x = -b ln(u).
//   (The Gaussian N(0, sigma^2), also used as privacy noise on real-valued releases, is a general
//   distribution: SampleGaussian in random/distributions.h.)
//
// Exact samplers (integer arithmetic only: every accept/reject decision compares integers; no
// floating-point value enters them), following C. Canonne, G. Kamath, T. Steinke, "The Discrete
// Gaussian for Differential Privacy", NeurIPS 2020 (CKS 2020):
//   SampleBernoulliExp(g):     Bernoulli(exp(-g)) for rational g >= 0              (CKS Alg. 1)
//   SampleDiscreteLaplace(t/s): P(x) = (1 - q) / (1 + q) q^|x|, q = exp(-s/t), x in Z   (CKS Alg.
//   2) SampleDiscreteGaussian(v):  P(x) proportional to exp(-x^2 / (2 v)), x in Z         (CKS Alg.
//   3)
// Integer counts get these exact samplers (docs/conventions.md, "Exact noise on released values"):
// floating-point Laplace noise on integers leaks through its low-order bits (Mironov, CCS 2012).
//
// Noise scales that come from real formulas (e.g. L * sensitivity / privacy_epsilon) are turned
// into rationals with RationalAtLeast, which rounds UP: a larger scale is never less private.
//
// All samplers take the randomness as a dprl::RandomStream (docs/conventions.md, "Randomness");
// given the same stream state they return the same value on every machine (the exact samplers
// bit-for-bit; the continuous ones up to the platform's libm).
//
// Preconditions are programmer errors and are CHECKed: scales > 0 (and finite), gamma >= 0,
// positive denominators.
#ifndef DPRL_ALGORITHMS_MECHANISMS_SAMPLERS_H_
#define DPRL_ALGORITHMS_MECHANISMS_SAMPLERS_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "random/random_stream.h"

namespace dprl {

// The rational number numerator / denominator. Samplers require denominator > 0.
struct Rational {
  int64_t numerator;
  int64_t denominator;  // positive
};

// numerator / denominator as the nearest double.
double RationalToDouble(Rational r);

// The smallest rational p/q >= x with 1 <= q <= max_denominator (a best rational approximation
// from above, found exactly by a Stern-Brocot search; the result is in lowest terms). Used to
// round noise scales UP, which is privacy-safe. Errors: InvalidArgument if x is NaN or infinite or
// max_denominator < 1; OutOfRange if the numerator does not fit in int64.
absl::StatusOr<Rational> RationalAtLeast(double x, int64_t max_denominator);

// Laplace(0, scale): density exp(-|x| / scale) / (2 scale). Inversion; consumes one 64-bit word.
// Requires 0 < scale < inf.
double SampleLaplace(double scale, RandomStream& stream);

// Exactly Bernoulli(exp(-gamma)) for gamma = numerator / denominator >= 0 (CKS 2020, Alg. 1).
bool SampleBernoulliExp(Rational gamma, RandomStream& stream);

// Exact discrete Laplace with scale t/s (numerator t >= 1, denominator s >= 1):
// P(x) = (1 - q) / (1 + q) * q^|x| with q = exp(-s/t), i.e. P(x) proportional to exp(-|x|/scale)
// (CKS 2020, Alg. 2). Variance 2q / (1 - q)^2. Adding it to an integer query of l1-sensitivity D
// gives (D / scale)-DP.
int64_t SampleDiscreteLaplace(Rational scale, RandomStream& stream);

// The largest discrete Laplace scale t/s a caller may pass: above it a sample can exceed int64
// (at t/s = 2^62 one sample in seven does, and SampleDiscreteLaplace CHECK-fails); at or below it
// |x| >= 2^63 has probability q^(2^63) <= exp(-2^63 / 2^52) = exp(-2048), i.e. never.
inline constexpr int64_t kMaxDiscreteLaplaceScale = int64_t{1} << 52;

// OK if scale.numerator >= 1, scale.denominator >= 1 and scale <= kMaxDiscreteLaplaceScale;
// else InvalidArgument naming `name` and the bad value.
absl::Status ValidateDiscreteLaplaceScale(const std::string& name, Rational scale);

// Exact discrete Gaussian: P(x) proportional to exp(-x^2 / (2 sigma_squared)), x in Z, for
// sigma_squared = numerator / denominator > 0 (CKS 2020, Alg. 3, with t = floor(sigma) + 1).
// Arbitrary int64 numerator/denominator are supported exactly (internally 384-bit integers).
int64_t SampleDiscreteGaussian(Rational sigma_squared, RandomStream& stream);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_MECHANISMS_SAMPLERS_H_
