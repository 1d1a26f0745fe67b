// Accounting and calculators: RDP / zCDP / (eps, delta) conversions (algorithms/accounting/rdp.h,
// conversions.h, gaussian_dp.h), RLSVI's eps(delta) (rlsvi_privacy.h, Lu et al. 2026 Thm. 13 /
// Cor. 14), the functional-noise calibration (functional_noise_calibration.h, Wang & Hegde 2019
// Thm. 5), Private-OFU-RL's parameters (algorithms/lqr/private_ofu_params.h, Chowdhury et al.
// 2021) and Vietri et al. 2020's bounds (algorithms/tabular/vietri_bounds.h). Each result is the
// C++ struct with read-only named fields; errors are ValueError with the C++ message.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <cstdint>

#include "absl/strings/str_cat.h"
#include "algorithms/accounting/conversions.h"
#include "algorithms/accounting/functional_noise_calibration.h"
#include "algorithms/accounting/gaussian_dp.h"
#include "algorithms/accounting/rdp.h"
#include "algorithms/accounting/rlsvi_privacy.h"
#include "algorithms/lqr/private_ofu_params.h"
#include "algorithms/tabular/vietri_bounds.h"
#include "common/validation.h"
#include "python/ext/bindings.h"

namespace py = pybind11;

namespace dprl::python {
namespace {

void BindConversions(py::module_& m) {
  py::enum_<DpConversion>(m, "DpConversion",
                          "BASIC: Mironov 2017 Prop. 3 (Lu et al. Lemma 8); IMPROVED: "
                          "Canonne-Kamath-Steinke 2020 Prop. 12.")
      .value("BASIC", DpConversion::kBasic)
      .value("IMPROVED", DpConversion::kImproved);

  m.def(
      "rdp_to_dp_epsilon",
      [](DpConversion conversion, double rdp_value, double renyi_order, double target_delta) {
        return ValueOrThrow(RdpToDpEpsilon(conversion, rdp_value, renyi_order, target_delta));
      },
      py::arg("conversion"), py::arg("rdp_value"), py::arg("renyi_order"),
      py::arg("target_delta"));
  m.def(
      "zcdp_to_dp_epsilon",
      [](DpConversion conversion, double rho, double target_delta) {
        return ValueOrThrow(ZcdpToDpEpsilon(conversion, rho, target_delta));
      },
      py::arg("conversion"), py::arg("rho"), py::arg("target_delta"));
  m.def(
      "dp_to_zcdp_rho",
      [](DpConversion conversion, double privacy_epsilon, double target_delta) {
        return ValueOrThrow(DpToZcdpRho(conversion, privacy_epsilon, target_delta));
      },
      py::arg("conversion"), py::arg("privacy_epsilon"), py::arg("target_delta"));

  py::class_<GaussianMechanismOptions>(m, "GaussianMechanismOptions")
      .def(py::init([](double l2_sensitivity, double noise_stddev) {
             return GaussianMechanismOptions{l2_sensitivity, noise_stddev};
           }),
           py::arg("l2_sensitivity") = 1.0, py::arg("noise_stddev") = 1.0)
      .def_readwrite("l2_sensitivity", &GaussianMechanismOptions::l2_sensitivity)
      .def_readwrite("noise_stddev", &GaussianMechanismOptions::noise_stddev);
  m.def(
      "gaussian_rdp",
      [](const GaussianMechanismOptions& options, double renyi_order) {
        return ValueOrThrow(GaussianRdp(options, renyi_order));
      },
      py::arg("options"), py::arg("renyi_order"), "Delta^2 alpha / (2 sigma^2) (Mironov 2017).");

  py::class_<OptimizedDpGuarantee>(m, "OptimizedDpGuarantee")
      .def_readonly("privacy_epsilon", &OptimizedDpGuarantee::privacy_epsilon)
      .def_readonly("renyi_order", &OptimizedDpGuarantee::renyi_order)
      .def_readonly("renyi_order_minus_one", &OptimizedDpGuarantee::renyi_order_minus_one)
      .def_readonly("rdp_value", &OptimizedDpGuarantee::rdp_value)
      .def_readonly("at_search_boundary", &OptimizedDpGuarantee::at_search_boundary);

  py::class_<RdpCurve>(m, "RdpCurve", "An RDP curve alpha -> rdp(alpha) (algorithms/accounting/rdp.h).")
      .def_static("linear", [](double rho) { return ValueOrThrow(RdpCurve::Linear(rho)); },
                  py::arg("rdp_coefficient"), "rho * alpha, i.e. rho-zCDP.")
      .def_static(
          "gaussian",
          [](const GaussianMechanismOptions& o) { return ValueOrThrow(RdpCurve::Gaussian(o)); },
          py::arg("options"))
      .def(
          "compose", [](RdpCurve a, const RdpCurve& b) { return a.Compose(b); }, py::arg("other"),
          "Adaptive composition (a new curve).")
      .def(
          "repeated", [](const RdpCurve& c, int64_t count) { return ValueOrThrow(c.Repeated(count)); },
          py::arg("count"))
      .def(
          "evaluate",
          [](const RdpCurve& c, double renyi_order) { return ValueOrThrow(c.Evaluate(renyi_order)); },
          py::arg("renyi_order"))
      .def_property_readonly("linear_coefficient", &RdpCurve::linear_coefficient)
      .def(
          "optimize_renyi_order",
          [](const RdpCurve& c, DpConversion conversion, double target_delta) {
            return ValueOrThrow(OptimizeRenyiOrder(c, conversion, target_delta));
          },
          py::arg("conversion"), py::arg("target_delta"),
          "The smallest (eps, target_delta)-DP over Renyi orders.");

  m.def("gaussian_composition_gdp_mu",
        [](double rho) { return ValueOrThrow(GaussianCompositionGdpMu(rho)); }, py::arg("rho"));
  m.def("gdp_delta", [](double mu, double eps) { return ValueOrThrow(GdpDelta(mu, eps)); },
        py::arg("gdp_mu"), py::arg("privacy_epsilon"));
  m.def("gdp_epsilon", [](double mu, double delta) { return ValueOrThrow(GdpEpsilon(mu, delta)); },
        py::arg("gdp_mu"), py::arg("target_delta"));
}

void BindRlsviPrivacy(py::module_& m) {
  py::class_<RlsviPrivacyOptions>(m, "RlsviPrivacyOptions",
                                  "Lu et al. 2026: (S, A, H, K) of tabular RLSVI (Alg. 1).")
      .def(py::init([](int64_t num_states, int64_t num_actions, int64_t horizon,
                       int64_t num_episodes) {
             return RlsviPrivacyOptions{num_states, num_actions, horizon, num_episodes};
           }),
           py::arg("num_states") = RlsviPrivacyOptions().num_states,
           py::arg("num_actions") = RlsviPrivacyOptions().num_actions,
           py::arg("horizon") = RlsviPrivacyOptions().horizon,
           py::arg("num_episodes") = RlsviPrivacyOptions().num_episodes)
      .def_readwrite("num_states", &RlsviPrivacyOptions::num_states)
      .def_readwrite("num_actions", &RlsviPrivacyOptions::num_actions)
      .def_readwrite("horizon", &RlsviPrivacyOptions::horizon)
      .def_readwrite("num_episodes", &RlsviPrivacyOptions::num_episodes);
  m.def("rlsvi_rdp_coefficient",
        [](const RlsviPrivacyOptions& o) { return ValueOrThrow(RlsviRdpCoefficient(o)); },
        py::arg("options"), "rho of Lemma 12 (the whole run is rho-zCDP).");
  m.def(
      "rlsvi_theorem13_epsilon",
      [](const RlsviPrivacyOptions& o, double renyi_order, double target_delta) {
        return ValueOrThrow(RlsviTheorem13Epsilon(o, renyi_order, target_delta));
      },
      py::arg("options"), py::arg("renyi_order"), py::arg("target_delta"));
  m.def(
      "rlsvi_corollary14_epsilon",
      [](const RlsviPrivacyOptions& o, double target_delta) {
        return ValueOrThrow(RlsviCorollary14Epsilon(o, target_delta));
      },
      py::arg("options"), py::arg("target_delta"), "rho + 2 sqrt(rho ln(1/delta)) (Cor. 14).");
  py::class_<RlsviPrivacyReport>(m, "RlsviPrivacyReport")
      .def_readonly("rdp_coefficient", &RlsviPrivacyReport::rdp_coefficient)
      .def_readonly("corollary14_renyi_order", &RlsviPrivacyReport::corollary14_renyi_order)
      .def_readonly("corollary14_privacy_epsilon", &RlsviPrivacyReport::corollary14_privacy_epsilon)
      .def_readonly("paper_conversion", &RlsviPrivacyReport::paper_conversion)
      .def_readonly("improved_conversion", &RlsviPrivacyReport::improved_conversion)
      .def_readonly("relative_improvement", &RlsviPrivacyReport::relative_improvement)
      .def_readonly("gdp_mu", &RlsviPrivacyReport::gdp_mu)
      .def_readonly("gaussian_exact_privacy_epsilon",
                    &RlsviPrivacyReport::gaussian_exact_privacy_epsilon);
  m.def(
      "compute_rlsvi_privacy",
      [](const RlsviPrivacyOptions& o, double target_delta) {
        return ValueOrThrow(ComputeRlsviPrivacy(o, target_delta));
      },
      py::arg("options"), py::arg("target_delta"),
      "Everything the rlsvi_epsilon calculator prints.");
}

void BindFunctionalNoise(py::module_& m) {
  using O = FunctionalNoiseCalibrationOptions;
  py::class_<O>(m, "FunctionalNoiseCalibrationOptions",
                "Wang & Hegde 2019, Alg. 1 / Thm. 5 (defaults: App. E.3).")
      .def(py::init([](double privacy_epsilon, double target_delta, int64_t num_samples,
                       int64_t batch_size, double learning_rate, double lipschitz_squared,
                       double noise_bound, int64_t num_resets) {
             return O{privacy_epsilon, target_delta, num_samples,  batch_size,
                      learning_rate,   lipschitz_squared, noise_bound, num_resets};
           }),
           py::arg("privacy_epsilon") = O().privacy_epsilon,
           py::arg("target_delta") = O().target_delta, py::arg("num_samples") = O().num_samples,
           py::arg("batch_size") = O().batch_size, py::arg("learning_rate") = O().learning_rate,
           py::arg("lipschitz_squared") = O().lipschitz_squared,
           py::arg("noise_bound") = O().noise_bound, py::arg("num_resets") = O().num_resets)
      .def_readwrite("privacy_epsilon", &O::privacy_epsilon)
      .def_readwrite("target_delta", &O::target_delta)
      .def_readwrite("num_samples", &O::num_samples)
      .def_readwrite("batch_size", &O::batch_size)
      .def_readwrite("learning_rate", &O::learning_rate)
      .def_readwrite("lipschitz_squared", &O::lipschitz_squared)
      .def_readwrite("noise_bound", &O::noise_bound)
      .def_readwrite("num_resets", &O::num_resets);
  using C = FunctionalNoiseCalibration;
  py::class_<C>(m, "FunctionalNoiseCalibration")
      .def_readonly("num_updates", &C::num_updates)
      .def_readonly("num_resets", &C::num_resets)
      .def_readonly("sensitivity_scale", &C::sensitivity_scale)
      .def_readonly("kernel_rate", &C::kernel_rate)
      .def_readonly("rkhs_sensitivity_squared", &C::rkhs_sensitivity_squared)
      .def_readonly("noise_stddev", &C::noise_stddev)
      .def_readonly("noise_stddev_from_proof", &C::noise_stddev_from_proof)
      .def_readonly("path_maximum_bound", &C::path_maximum_bound)
      .def_readonly("bound_margin", &C::bound_margin)
      .def_readonly("bound_condition_holds", &C::bound_condition_holds)
      .def_readonly("delta_g_theorem", &C::delta_g_theorem)
      .def_readonly("delta_g_tight", &C::delta_g_tight)
      .def_readonly("total_delta", &C::total_delta);
  m.def("calibrate_functional_noise",
        [](const O& o) { return ValueOrThrow(CalibrateFunctionalNoise(o)); }, py::arg("options"));
  m.def(
      "functional_noise_achieved_epsilon",
      [](const O& o, double noise_stddev) {
        return ValueOrThrow(FunctionalNoiseAchievedEpsilon(o, noise_stddev));
      },
      py::arg("options"), py::arg("noise_stddev"));
}

void BindPrivateOfu(py::module_& m) {
  py::enum_<EpisodeNeighbour>(m, "EpisodeNeighbour")
      .value("REPLACE_EPISODE", EpisodeNeighbour::kReplaceEpisode)
      .value("ZERO_OUT_EPISODE", EpisodeNeighbour::kZeroOutEpisode);
  using O = PrivateOfuOptions;
  py::class_<O>(m, "PrivateOfuOptions", "Chowdhury et al. 2021, Private-OFU-RL (Alg. 1).")
      .def(py::init<>())
      .def_readwrite("privacy_epsilon", &O::privacy_epsilon)
      .def_readwrite("target_delta", &O::target_delta)
      .def_readwrite("episodes", &O::episodes)
      .def_readwrite("horizon", &O::horizon)
      .def_readwrite("control_bound", &O::control_bound)
      .def_readwrite("state_dim", &O::state_dim)
      .def_readwrite("control_dim", &O::control_dim)
      .def_readwrite("noise_bound", &O::noise_bound)
      .def_readwrite("confidence_alpha", &O::confidence_alpha)
      .def_readwrite("neighbour", &O::neighbour)
      .def_readwrite("conversion", &O::conversion);
  using P = PrivateOfuParams;
  py::class_<P>(m, "PrivateOfuParams")
      .def_readonly("levels", &P::levels)
      .def_readonly("sensitivity1", &P::sensitivity1)
      .def_readonly("sensitivity2", &P::sensitivity2)
      .def_readonly("input_bound1", &P::input_bound1)
      .def_readonly("input_bound2", &P::input_bound2)
      .def_readonly("zcdp_rho", &P::zcdp_rho)
      .def_readonly("achieved_epsilon", &P::achieved_epsilon)
      .def_readonly("sigma1", &P::sigma1)
      .def_readonly("sigma2", &P::sigma2)
      .def_readonly("paper_sigma1", &P::paper_sigma1)
      .def_readonly("paper_sigma2", &P::paper_sigma2)
      .def_readonly("big_lambda", &P::big_lambda)
      .def_readonly("eta", &P::eta)
      .def_readonly("lambda_min", &P::lambda_min)
      .def_readonly("lambda_max", &P::lambda_max)
      .def_readonly("nu", &P::nu)
      .def_readonly("counter1", &P::counter1)
      .def_readonly("counter2", &P::counter2);
  m.def("compute_private_ofu_params",
        [](const O& o) { return ValueOrThrow(ComputePrivateOfuParams(o)); }, py::arg("options"));
  m.def(
      "format_private_ofu_params",
      [](const O& o) { return FormatPrivateOfuParams(o, ValueOrThrow(ComputePrivateOfuParams(o))); },
      py::arg("options"), "The text the private_ofu_params calculator prints.");
}

void BindVietriBounds(py::module_& m) {
  using V = VietriBoundsParameters;
  py::class_<V>(m, "VietriBoundsParameters", "Vietri et al. 2020: (S, A, H, T, eps, beta, alpha).")
      .def(py::init([](int64_t num_states, int64_t num_actions, int64_t horizon,
                       int64_t num_episodes, double privacy_epsilon, double failure_probability,
                       double alpha) {
             return V{num_states,      num_actions,         horizon, num_episodes,
                      privacy_epsilon, failure_probability, alpha};
           }),
           py::arg("num_states") = V().num_states, py::arg("num_actions") = V().num_actions,
           py::arg("horizon") = V().horizon, py::arg("num_episodes") = V().num_episodes,
           py::arg("privacy_epsilon") = V().privacy_epsilon,
           py::arg("failure_probability") = V().failure_probability, py::arg("alpha") = V().alpha)
      .def_readwrite("num_states", &V::num_states)
      .def_readwrite("num_actions", &V::num_actions)
      .def_readwrite("horizon", &V::horizon)
      .def_readwrite("num_episodes", &V::num_episodes)
      .def_readwrite("privacy_epsilon", &V::privacy_epsilon)
      .def_readwrite("failure_probability", &V::failure_probability)
      .def_readwrite("alpha", &V::alpha);
  py::class_<BoundShape>(m, "BoundShape")
      .def_readonly("non_private_term", &BoundShape::non_private_term)
      .def_readonly("privacy_term", &BoundShape::privacy_term)
      .def_property_readonly("total", &BoundShape::total);
  // Every function below CHECKs p.Validate(); it is checked here first.
  auto bound = [&m](const char* name, BoundShape (*f)(const V&), const char* doc) {
    m.def(
        name,
        [f](const V& p) {
          ThrowIfError(p.Validate());
          ThrowIfError(CheckVietriBoundsFinite(p));
          return f(p);
        },
        py::arg("parameters"), doc);
  };
  bound("pucb_pac_upper_bound", &PucbPacUpperBound, "Thm. 3 shape: SAH^4/alpha^2 + S^2AH^4/(eps alpha).");
  bound("pucb_regret_upper_bound", &PucbRegretUpperBound, "Thm. 4 shape: H^2 sqrt(SAT) + S^2AH^4/eps.");
  bound("jdp_pac_lower_bound", &JdpPacLowerBound,
        "Thm. 5 shape: SAH^2/alpha^2 + (SAH/(alpha eps)) ln(1/beta) (stated for beta < 1/8).");
  bound("jdp_regret_lower_bound", &JdpRegretLowerBound, "Thm. 6 shape: sqrt(HSAT) + SAH ln(T)/eps.");
  m.def(
      "vietri_error_bound",
      [](const V& p) {
        ThrowIfError(p.Validate());
        ThrowIfError(ValidateVietriErrorBoundEpisodes(p.num_episodes));
        ThrowIfError(CheckVietriBoundsFinite(p));
        return VietriErrorBound(p);
      },
      py::arg("parameters"), "Alg. 3: E_eps = (3/eps) H ln((2SAH + HAS^2)/beta) log2(T)^{5/2}.");
  m.def(
      "single_counter_error_bound",
      [](double counter_epsilon, int64_t num_steps, double failure_probability) {
        ThrowIfError(ValidateFinitePositive("counter_epsilon", counter_epsilon));
        ThrowIfError(ValidateAtLeastOne("num_steps", num_steps));
        ThrowIfError(ValidateOpenUnitInterval("failure_probability", failure_probability));
        return FiniteOrThrow(
            "single_counter_error_bound",
            SingleCounterErrorBound(counter_epsilon, num_steps, failure_probability),
            absl::StrCat("counter_epsilon = ", counter_epsilon, ", num_steps = ", num_steps,
                         ", failure_probability = ", failure_probability));
      },
      py::arg("counter_epsilon"), py::arg("num_steps"), py::arg("failure_probability"),
      "Sec. 2.3: (4/eps') ln(1/beta) log2(T)^{5/2}.");
  m.def(
      "best_arm_pulls_lower_bound",
      [](double privacy_epsilon, double suboptimality_gap, double failure_probability) {
        ThrowIfError(ValidateFinitePositive("privacy_epsilon", privacy_epsilon));
        ThrowIfError(ValidateFiniteInClosedRange("suboptimality_gap", suboptimality_gap,
                                                 std::nextafter(0.0, 1.0), 1.0));
        ThrowIfError(ValidateFiniteInClosedRange(
            "failure_probability", failure_probability, std::nextafter(0.0, 1.0),
            std::nextafter(kBestArmLowerBoundMaxFailureProbability, 0.0)));
        return FiniteOrThrow(
            "best_arm_pulls_lower_bound",
            BestArmPullsLowerBound(privacy_epsilon, suboptimality_gap, failure_probability),
            absl::StrCat("privacy_epsilon = ", privacy_epsilon, ", suboptimality_gap = ",
                         suboptimality_gap, ", failure_probability = ", failure_probability));
      },
      py::arg("privacy_epsilon"), py::arg("suboptimality_gap"), py::arg("failure_probability"),
      "Lemma 8: (1/(24 eps alpha)) ln(1/(4 beta)).");
}

}  // namespace

void BindAccounting(py::module_& m) {
  BindConversions(m);
  BindRlsviPrivacy(m);
  BindFunctionalNoise(m);
  BindPrivateOfu(m);
  BindVietriBounds(m);
}

}  // namespace dprl::python
