// Exact samplers for the Gamma and Dirichlet distributions, used to draw random MDPs.
//
// Specification
// -------------
// SampleLogGamma(shape): log G with G ~ Gamma(shape, scale 1), density x^(shape-1) e^(-x) /
// Γ(shape).
//   shape >= 1: Marsaglia & Tsang, "A simple method for generating gamma variables", ACM TOMS
//               26(3), 2000, Sec. 3 (squeeze then log acceptance test), d = shape - 1/3,
//               c = 1/sqrt(9d), returns log(d v).
//   shape <  1: their boosting identity (Sec. 6): G(shape) = G(shape + 1) * U^(1/shape), applied in
//               log space, log G = log G(shape + 1) + log(U) / shape, so that tiny shapes (whose
//               Gamma variates underflow double) still give usable Dirichlet rows.
//   The normal variates Marsaglia–Tsang needs come from SampleGaussian (Box–Muller,
//   algorithms/mechanisms/samplers.h).
// SampleDirichlet(concentration, out, size): (G_1, ..., G_K) / sum G with G_i iid
//   Gamma(concentration), i.e. Dirichlet(concentration * 1_K). Computed from the log-Gammas with
//   the largest subtracted, so rows stay valid probability vectors (sum 1 up to rounding) even when
//   most entries underflow to 0 for small concentrations.
// All randomness comes from the caller's RandomStream. Requires finite shape/concentration > 0
// and size >= 1 (CHECK: user input is validated by the options that call these).
#ifndef DPRL_ENVS_DIRICHLET_H_
#define DPRL_ENVS_DIRICHLET_H_

#include "algorithms/mechanisms/rng.h"

namespace dprl {

// log of a Gamma(shape, 1) variate.
double SampleLogGamma(double shape, RandomStream& stream);

// Writes a Dirichlet(concentration * 1_size) vector to out[0 .. size-1].
void SampleDirichlet(double concentration, int size, RandomStream& stream, double* out);

}  // namespace dprl

#endif  // DPRL_ENVS_DIRICHLET_H_
