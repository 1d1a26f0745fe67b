// Noise calibration of the baselines of Wang & Hegde 2019 (Sec. 4, App. E.2) at a target
// (privacy_epsilon, target_delta), under the paper's neighbour relation: reward functions with
// sup_{s,a} |r(s, a) - r'(s, a)| <= 1, so EVERY observed reward (and every example of every batch)
// may differ between neighbours.
//
// Specification
// -------------
// Input perturbation (Venkitasubramaniam 2013, as App. E.2): each of the T observed rewards gets
// independent N(0, reward_noise_stddev^2) noise before the learner sees it; each is a Gaussian
// mechanism with sensitivity 1 and the learner is post-processing, so the run is the T-fold
// composition: rho = T / (2 reward_noise_stddev^2) zCDP (algorithms/accounting/rdp.h). App. E.2
// composes with Kairouz-Oh-Viswanath 2013; we use the project's RDP accountant: reward_noise_stddev
// = sqrt(T / (2 rho*)), rho* the largest rho whose (CKS 2020 improved) conversion meets the target.
// Also reported: the exact (GDP, Dong-Roth-Su 2022) privacy_epsilon of that noise, never larger.
//
// DP-SGD (Abadi et al. 2016, App. E.2): per-example gradients clipped to l2 norm C, summed, plus
// N(0, (z 2 B C)^2 I): the sum's l2-sensitivity is 2 B C when all B examples may change, so the
// noise multiplier z is relative to it and there is no amplification by sampling (the paper's
// remark: "the noise level scales B times back"). T/B updates. Two calibrations of z:
//   paper  Abadi et al. Theorem 1 with c2 = sqrt(2) (App. E.2) and sampling ratio q = 1:
//          z = sqrt(2) q sqrt((T/B) ln(1/delta)) / privacy_epsilon;
//   rdp    the T/B-fold Gaussian composition, rho = (T/B) / (2 z^2), inverted exactly with the
//          RDP accountant (CKS 2020 improved conversion): z = sqrt((T/B) / (2 rho*)).
// For each z the privacy_epsilon that the RDP accountant certifies at target_delta is reported.
//
// Output perturbation (BGP-style, algorithms/qlearning/linear_output_perturbation.h): K releases,
// each a Gaussian mechanism with noise multiplier c relative to its sensitivity under BGP's
// one-trajectory neighbour relation (NOT the reward-function relation): rho = K / (2 c^2), c from
// the RDP accountant. Not private under the paper's relation; for utility comparison only.
#ifndef DPRL_ALGORITHMS_ACCOUNTING_Q_LEARNING_BASELINES_PRIVACY_H_
#define DPRL_ALGORITHMS_ACCOUNTING_Q_LEARNING_BASELINES_PRIVACY_H_

#include <cstdint>

#include "absl/status/statusor.h"

namespace dprl {

struct InputPerturbationCalibration {
  double reward_noise_stddev;  // per-reward Gaussian noise
  double rdp_rho;              // zCDP parameter of the T-fold composition
  double gdp_privacy_epsilon;  // exact epsilon of that noise at target_delta (<= the target)
};

// Errors: privacy_epsilon not finite > 0, target_delta outside (0, 1), num_samples < 1.
absl::StatusOr<InputPerturbationCalibration> CalibrateInputPerturbation(double privacy_epsilon,
                                                                        double target_delta,
                                                                        int64_t num_samples);

struct DpSgdCalibration {
  double noise_multiplier_paper;       // z of Abadi et al. Thm. 1, c2 = sqrt(2), q = 1
  double rdp_epsilon_of_paper;         // epsilon the RDP accountant gives that z
  double noise_multiplier_rdp;         // z calibrated exactly by the RDP accountant
  double l2_sensitivity;               // 2 B C of the summed clipped gradients
  double gradient_noise_stddev_paper;  // z_paper * 2 B C, the noise on the summed gradient
  double gradient_noise_stddev_rdp;    // z_rdp * 2 B C
};

// Errors: as above, and batch_size < 1 or not dividing num_samples, l2_clip_norm not finite > 0.
absl::StatusOr<DpSgdCalibration> CalibrateDpSgd(double privacy_epsilon, double target_delta,
                                                int64_t num_samples, int64_t batch_size,
                                                double l2_clip_norm);

// c = sqrt(K / (2 rho*)) for K = num_releases. Errors: as above, num_releases < 1.
absl::StatusOr<double> CalibrateOutputPerturbation(double privacy_epsilon, double target_delta,
                                                   int64_t num_releases);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_ACCOUNTING_Q_LEARNING_BASELINES_PRIVACY_H_
