#include "random/distributions.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>

namespace dprl {
namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;

}  // namespace

double SampleGaussian(double stddev, RandomStream& stream) {
  CHECK(stddev >= 0.0 && std::isfinite(stddev)) << "SampleGaussian: stddev must be finite, >= 0";
  const double u1 = stream.NextOpenUniform();
  const double u2 = stream.NextOpenUniform();
  return stddev * std::sqrt(-2.0 * std::log(u1)) * std::cos(kTwoPi * u2);
}

double SampleLogGamma(double shape, RandomStream& stream) {
  CHECK(std::isfinite(shape) && shape > 0.0) << "shape = " << shape;
  if (shape < 1.0) {
    // Marsaglia–Tsang Sec. 6: Gamma(shape) = Gamma(shape + 1) * U^(1/shape).
    const double log_boosted = SampleLogGamma(shape + 1.0, stream);
    return log_boosted + std::log(stream.NextOpenUniform()) / shape;
  }
  const double d = shape - 1.0 / 3.0;
  const double c = 1.0 / std::sqrt(9.0 * d);
  while (true) {
    double x, v;
    do {
      x = SampleGaussian(1.0, stream);
      v = 1.0 + c * x;
    } while (v <= 0.0);
    v = v * v * v;
    const double u = stream.NextOpenUniform();
    const double x2 = x * x;
    // Squeeze (accepts ~98% without logarithms), then the exact acceptance test.
    if (u < 1.0 - 0.0331 * x2 * x2) return std::log(d * v);
    if (std::log(u) < 0.5 * x2 + d * (1.0 - v + std::log(v))) return std::log(d * v);
  }
}

namespace {

// Dirichlet(concentration(0), ..., concentration(size - 1)) as normalised Gamma variates, drawn
// in logs so that small shapes do not underflow.
template <typename Concentration>
void SampleDirichletOf(const Concentration& concentration, int size, RandomStream& stream,
                       double* out) {
  CHECK_GE(size, 1);
  double largest = -HUGE_VAL;
  for (int i = 0; i < size; ++i) {
    CHECK(std::isfinite(concentration(i)) && concentration(i) > 0.0)
        << "concentration[" << i << "] = " << concentration(i);
    out[i] = SampleLogGamma(concentration(i), stream);
    largest = std::max(largest, out[i]);
  }
  double sum = 0.0;
  for (int i = 0; i < size; ++i) {
    out[i] = std::exp(out[i] - largest);  // the largest entry becomes exactly 1
    sum += out[i];
  }
  for (int i = 0; i < size; ++i) out[i] /= sum;
}

}  // namespace

void SampleDirichlet(double concentration, int size, RandomStream& stream, double* out) {
  SampleDirichletOf([concentration](int) { return concentration; }, size, stream, out);
}

void SampleDirichlet(const double* concentrations, int size, RandomStream& stream, double* out) {
  SampleDirichletOf([concentrations](int i) { return concentrations[i]; }, size, stream, out);
}

}  // namespace dprl
