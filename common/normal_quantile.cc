#include "common/normal_quantile.h"

#include <cmath>

#include "common/bisection.h"
#include "glog/logging.h"

namespace dprl {

double NormalUpperQuantile(double upper_tail_probability) {
  CHECK(upper_tail_probability > 0.0 && upper_tail_probability < 0.5);
  return BisectDecreasing([](double x) { return 0.5 * std::erfc(x / std::sqrt(2.0)); },
                          upper_tail_probability, 0.0, 10.0);
}

}  // namespace dprl
