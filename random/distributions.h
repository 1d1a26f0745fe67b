// General-purpose distributions (base layer): Gaussian, Gamma, Dirichlet. Uniform integers are
// RandomStream::UniformInt (random/random_stream.h). Noise samplers whose purpose is privacy
// (exact discrete Laplace / Gaussian, continuous Laplace) are in algorithms/mechanisms/samplers.h.
//
// Specification
// -------------
// SampleGaussian(stddev): N(0, stddev^2) by the Box-Muller transform of two open uniforms
//   (Box & Muller, Ann. Math. Statist. 29(2), 1958): stddev sqrt(-2 ln u1) cos(2 pi u2).
// SampleLogGamma(shape): log G with G ~ Gamma(shape, scale 1), density x^(shape-1) e^(-x) /
// Γ(shape).
//   shape >= 1: Marsaglia & Tsang, "A simple method for generating gamma variables", ACM TOMS
//               26(3), 2000, Sec. 3 (squeeze then log acceptance test), d = shape - 1/3,
//               c = 1/sqrt(9d), returns log(d v).
//   shape <  1: their boosting identity (Sec. 6): G(shape) = G(shape + 1) * U^(1/shape), applied in
//               log space, log G = log G(shape + 1) + log(U) / shape, so that tiny shapes (whose
//               Gamma variates underflow double) still give usable Dirichlet rows.
//   The normal variates Marsaglia–Tsang needs come from SampleGaussian.
// SampleDirichlet(concentration, out, size): (G_1, ..., G_K) / sum G with G_i iid
//   Gamma(concentration), i.e. Dirichlet(concentration * 1_K). Computed from the log-Gammas with
//   the largest subtracted, so rows stay valid probability vectors (sum 1 up to rounding) even when
//   most entries underflow to 0 for small concentrations.
// All randomness comes from the caller's RandomStream. Requires finite shape/concentration > 0
// and size >= 1, finite stddev >= 0 (CHECK: user input is validated by the options that call
// these). Given the same stream state they return the same value on every machine up to the
// platform's libm.
#ifndef DPRL_RANDOM_DISTRIBUTIONS_H_
#define DPRL_RANDOM_DISTRIBUTIONS_H_

#include "random/random_stream.h"

namespace dprl {

// N(0, stddev^2); consumes two 64-bit words. Requires 0 <= stddev < inf (stddev == 0 returns 0).
double SampleGaussian(double stddev, RandomStream& stream);

// log of a Gamma(shape, 1) variate.
double SampleLogGamma(double shape, RandomStream& stream);

// Writes a Dirichlet(concentration * 1_size) vector to out[0 .. size-1].
void SampleDirichlet(double concentration, int size, RandomStream& stream, double* out);
// Writes a Dirichlet(concentrations[0 .. size-1]) vector to out[0 .. size-1] (each concentration
// finite and > 0); with equal concentrations it draws exactly what the symmetric form draws.
void SampleDirichlet(const double* concentrations, int size, RandomStream& stream, double* out);

}  // namespace dprl

#endif  // DPRL_RANDOM_DISTRIBUTIONS_H_
