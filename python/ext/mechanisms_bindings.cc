// Privacy mechanisms of algorithms/mechanisms: exact samplers (samplers.h,
// discrete_laplace_sampler.h), the binary counter bank (binary_counter.h), the matrix tree
// counter (matrix_tree_counter.h) and OU functional noise (ou_functional_noise.h). Their
// specifications and privacy statements are in those headers; docs/python.md summarises them.
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>

#include "absl/strings/str_cat.h"
#include "algorithms/mechanisms/binary_counter.h"
#include "algorithms/mechanisms/discrete_laplace_sampler.h"
#include "algorithms/mechanisms/matrix_tree_counter.h"
#include "algorithms/mechanisms/ou_functional_noise.h"
#include "algorithms/mechanisms/samplers.h"
#include "common/resource_limits.h"
#include "common/validation.h"
#include "python/ext/bindings.h"
#include "random/random_stream.h"

namespace py = pybind11;

namespace dprl::python {
namespace {

// The samplers CHECK positive denominators (and numerators, except Bernoulli's gamma >= 0).
void ValidateRational(const char* name, Rational r, bool allow_zero) {
  ThrowIfError(ValidateAtLeastOne(absl::StrCat(name, ".denominator"), r.denominator));
  if (allow_zero) {
    ThrowIfError(ValidateFiniteNonNegative(absl::StrCat(name, ".numerator"),
                                           static_cast<double>(r.numerator)));
  } else {
    ThrowIfError(ValidateAtLeastOne(absl::StrCat(name, ".numerator"), r.numerator));
  }
}

// `size` draws of `draw()` as an int64 array, or one Python int when size is None.
template <typename Draw>
py::object Draws(std::optional<int64_t> size, Draw draw) {
  if (!size.has_value()) return py::int_(draw());
  ThrowIfError(ValidateFiniteNonNegative("size", static_cast<double>(*size)));
  ThrowIfError(CheckMemoryEstimate(absl::StrCat("size = ", *size, " (8 bytes per draw)"),
                                   8.0 * static_cast<double>(*size)));
  py::array_t<int64_t> out(*size);
  auto view = out.mutable_unchecked<1>();
  for (int64_t i = 0; i < *size; ++i) view(i) = draw();
  return std::move(out);
}

// BinaryCounterBank CHECKs every Add; this wrapper validates first (the accumulated input of the
// step in progress is kept here only to refuse an Add that would exceed input_bound).
class PyBinaryCounterBank {
 public:
  PyBinaryCounterBank(int64_t num_counters, const BinaryCounterOptions& options,
                      const RandomStream& noise_stream)
      : bank_(ValueOrThrow(BinaryCounterBank::Create(num_counters, options, noise_stream))) {}

  void Add(int64_t counter, double value) {
    CheckCounter(counter);
    if (bank_.steps() >= bank_.options().horizon_steps) {
      throw py::value_error(absl::StrCat("add: all horizon_steps = ",
                                         bank_.options().horizon_steps, " steps are closed"));
    }
    if (!std::isfinite(value) || value != std::floor(value)) {
      throw py::value_error(absl::StrCat("add: value must be an integer, got ", value));
    }
    double& pending = pending_[counter];
    if (std::fabs(pending + value) > bank_.options().input_bound) {
      throw py::value_error(absl::StrCat("add: the input of counter ", counter,
                                         " in this step would be ", pending + value,
                                         ", beyond input_bound = ", bank_.options().input_bound));
    }
    pending += value;
    bank_.Add(counter, value);
  }
  void EndStep() {
    if (bank_.steps() >= bank_.options().horizon_steps) {
      throw py::value_error(absl::StrCat("end_step: all horizon_steps = ",
                                         bank_.options().horizon_steps, " steps are closed"));
    }
    pending_.clear();
    bank_.EndStep();
  }
  int64_t Release(int64_t counter) const {
    CheckCounter(counter);
    return bank_.ExactRelease(counter);
  }
  void Track(int64_t counter) {
    CheckCounter(counter);
    bank_.Track(counter);
  }
  const BinaryCounterBank& bank() const { return bank_; }

 private:
  void CheckCounter(int64_t counter) const {
    if (counter < 0 || counter >= bank_.num_counters()) {
      throw py::value_error(absl::StrCat("counter must be in [0, ", bank_.num_counters(),
                                         "), got ", counter));
    }
  }
  BinaryCounterBank bank_;
  std::unordered_map<int64_t, double> pending_;
};

// MatrixTreeCounter CHECKs every AddStep; this wrapper validates first.
class PyMatrixTreeCounter {
 public:
  PyMatrixTreeCounter(const MatrixTreeCounterOptions& options, const RandomStream& noise_stream)
      : counter_(ValueOrThrow(MatrixTreeCounter::Create(options, noise_stream))) {}

  void AddStep(const Eigen::MatrixXd& input) {
    const MatrixTreeCounterOptions& o = counter_.options();
    if (counter_.steps() >= o.horizon_steps) {
      throw py::value_error(
          absl::StrCat("add_step: all horizon_steps = ", o.horizon_steps, " steps are closed"));
    }
    if (input.rows() != o.rows || input.cols() != o.cols) {
      throw py::value_error(absl::StrCat("add_step: input must be ", o.rows, " x ", o.cols,
                                         ", got ", input.rows(), " x ", input.cols()));
    }
    if (!input.allFinite()) throw py::value_error("add_step: input has a non-finite entry");
    if (!(input.norm() <= o.input_frobenius_bound)) {
      throw py::value_error(absl::StrCat("add_step: ||input||_F = ", input.norm(),
                                         " exceeds input_frobenius_bound = ",
                                         o.input_frobenius_bound));
    }
    if (o.symmetric && input != input.transpose()) {
      throw py::value_error("add_step: the counter is symmetric but the input is not");
    }
    counter_.AddStep(input);
  }
  const MatrixTreeCounter& counter() const { return counter_; }

 private:
  MatrixTreeCounter counter_;
};

}  // namespace

void BindMechanisms(py::module_& m) {
  py::class_<Rational>(m, "Rational", "numerator / denominator (denominator > 0).")
      .def(py::init([](int64_t numerator, int64_t denominator) {
             return Rational{numerator, denominator};
           }),
           py::arg("numerator"), py::arg("denominator") = 1)
      .def_readwrite("numerator", &Rational::numerator)
      .def_readwrite("denominator", &Rational::denominator)
      .def("__float__", &RationalToDouble)
      .def("__eq__", [](const Rational& a, const Rational& b) {
        return a.numerator == b.numerator && a.denominator == b.denominator;
      })
      .def("__repr__", [](const Rational& r) {
        return py::str("Rational({}, {})").format(r.numerator, r.denominator);
      });
  m.def(
      "rational_at_least",
      [](double x, int64_t max_denominator) {
        return ValueOrThrow(RationalAtLeast(x, max_denominator));
      },
      py::arg("x"), py::arg("max_denominator"),
      "The smallest p/q >= x with q <= max_denominator (rounds noise scales UP).");

  m.def(
      "sample_laplace",
      [](double scale, RandomStream& stream) {
        ThrowIfError(ValidateFinitePositive("scale", scale));
        return SampleLaplace(scale, stream);
      },
      py::arg("scale"), py::arg("stream"),
      "Continuous Laplace(0, scale), floating point: for real-valued releases only.");
  m.def(
      "sample_bernoulli_exp",
      [](Rational gamma, RandomStream& stream) {
        ValidateRational("gamma", gamma, /*allow_zero=*/true);
        return SampleBernoulliExp(gamma, stream);
      },
      py::arg("gamma"), py::arg("stream"), "Exactly Bernoulli(exp(-gamma)) (CKS 2020, Alg. 1).");
  m.def(
      "sample_discrete_laplace",
      [](Rational scale, RandomStream& stream, std::optional<int64_t> size) {
        ThrowIfError(ValidateDiscreteLaplaceScale("scale", scale));
        return Draws(size, [&] { return SampleDiscreteLaplace(scale, stream); });
      },
      py::arg("scale"), py::arg("stream"), py::arg("size") = py::none(),
      "Exact discrete Laplace, P(x) ~ exp(-|x| / scale) on Z (CKS 2020, Alg. 2), scale <= 2^52. "
      "One int, or an int64 array of `size` draws.");
  m.def(
      "sample_discrete_gaussian",
      [](Rational sigma_squared, RandomStream& stream, std::optional<int64_t> size) {
        ValidateRational("sigma_squared", sigma_squared, /*allow_zero=*/false);
        return Draws(size, [&] { return SampleDiscreteGaussian(sigma_squared, stream); });
      },
      py::arg("sigma_squared"), py::arg("stream"), py::arg("size") = py::none(),
      "Exact discrete Gaussian, P(x) ~ exp(-x^2 / (2 sigma_squared)) on Z (CKS 2020, Alg. 3).");

  py::class_<DiscreteLaplaceSampler>(
      m, "DiscreteLaplaceSampler",
      "Fast exact discrete Laplace sampler for one scale t/s <= 2^22 (the binary counters' node "
      "noise): the same distribution as sample_discrete_laplace, different bits.")
      .def(py::init([](Rational scale) {
             ValidateRational("scale", scale, /*allow_zero=*/false);
             return ValueOrThrow(DiscreteLaplaceSampler::Create(scale));
           }),
           py::arg("scale"))
      .def_property_readonly("scale", &DiscreteLaplaceSampler::scale)
      .def(
          "sample",
          [](const DiscreteLaplaceSampler& sampler, RandomStream& stream,
             std::optional<int64_t> size) {
            return Draws(size, [&] { return sampler.Sample(stream); });
          },
          py::arg("stream"), py::arg("size") = py::none());

  py::class_<BinaryCounterOptions>(m, "BinaryCounterOptions",
                                   "algorithms/mechanisms/binary_counter.h, BinaryCounterOptions.")
      .def(py::init([](double privacy_epsilon, int64_t horizon_steps, double input_bound) {
             return BinaryCounterOptions{privacy_epsilon, horizon_steps, input_bound};
           }),
           py::arg("privacy_epsilon") = BinaryCounterOptions().privacy_epsilon,
           py::arg("horizon_steps") = BinaryCounterOptions().horizon_steps,
           py::arg("input_bound") = BinaryCounterOptions().input_bound)
      .def_readwrite("privacy_epsilon", &BinaryCounterOptions::privacy_epsilon)
      .def_readwrite("horizon_steps", &BinaryCounterOptions::horizon_steps)
      .def_readwrite("input_bound", &BinaryCounterOptions::input_bound);

  py::class_<PyBinaryCounterBank>(
      m, "BinaryCounterBank",
      "A bank of binary-mechanism counters (Chan, Shi, Song 2011) with exact discrete Laplace node "
      "noise: each counter's released stream is privacy_epsilon-DP w.r.t. changing one step's "
      "input by at most input_bound; every release is an exact integer.")
      .def(py::init<int64_t, const BinaryCounterOptions&, const RandomStream&>(),
           py::arg("num_counters"), py::arg("options"), py::arg("noise_stream"))
      .def("add", &PyBinaryCounterBank::Add, py::arg("counter"), py::arg("value"),
           "Adds an integer to the counter's input of the step in progress.")
      .def("end_step", &PyBinaryCounterBank::EndStep, "Closes the step (t <- t + 1).")
      .def("release", &PyBinaryCounterBank::Release, py::arg("counter"),
           "Private release after t closed steps: an exact integer.")
      .def("track", &PyBinaryCounterBank::Track, py::arg("counter"),
           "Maintain the counter's noise sum incrementally (same releases, cheaper).")
      .def_property_readonly("steps", [](const PyBinaryCounterBank& b) { return b.bank().steps(); })
      .def_property_readonly("num_counters",
                             [](const PyBinaryCounterBank& b) { return b.bank().num_counters(); })
      .def_property_readonly("levels",
                             [](const PyBinaryCounterBank& b) { return b.bank().levels(); })
      .def_property_readonly(
          "discrete_node_scale",
          [](const PyBinaryCounterBank& b) { return b.bank().discrete_node_scale(); })
      .def_property_readonly("node_noise_scale",
                             [](const PyBinaryCounterBank& b) { return b.bank().node_noise_scale(); })
      .def("node_noise_variance",
           [](const PyBinaryCounterBank& b) { return b.bank().NodeNoiseVariance(); });

  py::class_<MatrixTreeCounterOptions>(
      m, "MatrixTreeCounterOptions", "algorithms/mechanisms/matrix_tree_counter.h, options.")
      .def(py::init([](int rows, int cols, bool symmetric, int64_t horizon_steps,
                       double l2_sensitivity, double input_frobenius_bound, double zcdp_rho) {
             return MatrixTreeCounterOptions{rows,           cols,
                                             symmetric,      horizon_steps,
                                             l2_sensitivity, input_frobenius_bound,
                                             zcdp_rho};
           }),
           py::arg("rows") = 1, py::arg("cols") = 1, py::arg("symmetric") = false,
           py::arg("horizon_steps") = 1, py::arg("l2_sensitivity") = 1.0,
           py::arg("input_frobenius_bound") = 1.0, py::arg("zcdp_rho") = 1.0)
      .def_readwrite("rows", &MatrixTreeCounterOptions::rows)
      .def_readwrite("cols", &MatrixTreeCounterOptions::cols)
      .def_readwrite("symmetric", &MatrixTreeCounterOptions::symmetric)
      .def_readwrite("horizon_steps", &MatrixTreeCounterOptions::horizon_steps)
      .def_readwrite("l2_sensitivity", &MatrixTreeCounterOptions::l2_sensitivity)
      .def_readwrite("input_frobenius_bound", &MatrixTreeCounterOptions::input_frobenius_bound)
      .def_readwrite("zcdp_rho", &MatrixTreeCounterOptions::zcdp_rho);

  py::class_<PyMatrixTreeCounter>(
      m, "MatrixTreeCounter",
      "Tree-based continual release of a matrix stream with exact discrete Gaussian node noise on "
      "a power-of-two grid; all releases together are zcdp_rho-zCDP w.r.t. changing one step.")
      .def(py::init<const MatrixTreeCounterOptions&, const RandomStream&>(), py::arg("options"),
           py::arg("noise_stream"))
      .def("add_step", &PyMatrixTreeCounter::AddStep, py::arg("input"))
      .def("release", [](const PyMatrixTreeCounter& c) { return c.counter().Release(); })
      .def_property_readonly("steps", [](const PyMatrixTreeCounter& c) { return c.counter().steps(); })
      .def_property_readonly("levels",
                             [](const PyMatrixTreeCounter& c) { return c.counter().levels(); })
      .def_property_readonly("grid_unit",
                             [](const PyMatrixTreeCounter& c) { return c.counter().grid_unit(); })
      .def_property_readonly(
          "noise_variance_units",
          [](const PyMatrixTreeCounter& c) { return c.counter().noise_variance_units(); })
      .def_property_readonly(
          "node_noise_stddev",
          [](const PyMatrixTreeCounter& c) { return c.counter().node_noise_stddev(); })
      .def_property_readonly(
          "effective_sensitivity",
          [](const PyMatrixTreeCounter& c) { return c.counter().effective_sensitivity(); })
      .def_property_readonly("rho_spent",
                             [](const PyMatrixTreeCounter& c) { return c.counter().rho_spent(); });

  py::class_<OuFunctionalNoiseOptions>(m, "OuFunctionalNoiseOptions",
                                       "algorithms/mechanisms/ou_functional_noise.h, options.")
      .def(py::init([](int num_paths, double noise_stddev, double kernel_rate) {
             return OuFunctionalNoiseOptions{num_paths, noise_stddev, kernel_rate};
           }),
           py::arg("num_paths") = OuFunctionalNoiseOptions().num_paths,
           py::arg("noise_stddev") = OuFunctionalNoiseOptions().noise_stddev,
           py::arg("kernel_rate") = OuFunctionalNoiseOptions().kernel_rate)
      .def_readwrite("num_paths", &OuFunctionalNoiseOptions::num_paths)
      .def_readwrite("noise_stddev", &OuFunctionalNoiseOptions::noise_stddev)
      .def_readwrite("kernel_rate", &OuFunctionalNoiseOptions::kernel_rate);

  py::class_<OuFunctionalNoise>(
      m, "OuFunctionalNoise",
      "num_paths sample paths of the GP G(0, sigma^2 exp(-beta|x - y|)) (Wang & Hegde 2019, Alg. "
      "1), drawn lazily from the exact OU conditionals: the same x always returns the same values.")
      .def(py::init([](const OuFunctionalNoiseOptions& options) {
             // Each evaluated x stores num_paths values and returns them: 16 bytes per path.
             ThrowIfError(CheckMemoryEstimate(absl::StrCat("num_paths = ", options.num_paths),
                                              16.0 * options.num_paths));
             return ValueOrThrow(OuFunctionalNoise::Create(options));
           }),
           py::arg("options"))
      .def(
          "evaluate",
          [](OuFunctionalNoise& noise, double x, RandomStream& stream) {
            if (!std::isfinite(x)) throw py::value_error(absl::StrCat("x must be finite, got ", x));
            py::array_t<double> values(noise.num_paths());
            noise.Evaluate(x, stream, values.mutable_data());
            return values;
          },
          py::arg("x"), py::arg("stream"),
          "g_0(x), ..., g_{m-1}(x) as an array; a new x draws from `stream`, a stored x reads none.")
      .def("reset", &OuFunctionalNoise::Reset, "New independent sample paths.")
      .def_property_readonly("num_points", &OuFunctionalNoise::num_points)
      .def_property_readonly("num_paths", &OuFunctionalNoise::num_paths);
}

}  // namespace dprl::python
