// Noise calibration and confidence constants of Private-OFU-RL.
//
// Specification
// -------------
// S. R. Chowdhury, X. Zhou, N. Shroff, "Adaptive Control of Differentially Private Linear
// Quadratic Systems", ISIT 2021, Sec. III (Lemma 1, eq. (8)) and Sec. IV (Thm. 2 proof, Thm. 3
// proof). Two private counters over the K episodes (algorithms/mechanisms/matrix_tree_counter.h):
//   B_1 releases T_{1,k} ~ Z_k'Z_k     = sum_{j<k} sum_h z_{j,h} z_{j,h}'   (symmetric, n+d square)
//   B_2 releases T_{2,k} ~ Z_k'X_k^next = sum_{j<k} sum_h z_{j,h} x_{j,h+1}' ((n+d) x n)
// Inputs are clipped so that ||x|| <= 1 and ||u|| <= gamma (clipping makes the bounds hold for ANY
// data, which the privacy proof needs), hence ||sum_h z z'||_F <= H (1+gamma)^2 and
// ||sum_h z x'||_F <= H (1+gamma). Clipping of u is NOT the identity in general: for
// ||Theta||_F <= 1 the gains reach ||K_h|| ~ 0.64 > gamma = 0.44 (chain_n2). The private agents
// therefore apply the clipped control (LqAgent::Control, ofu_agent.h), so the counted u is the
// applied one; with ||u|| <= gamma, Assumption 1 gives ||x_h|| <= 1 on every trajectory by
// induction, so the clipping of x is then the identity and the counted transitions are the
// generated ones, as Lemma 1 requires.
//
// Neighbour relation and sensitivities (l2, Frobenius norm over the released entries):
//   kReplaceEpisode (default; the paper's Definitions 1-2: sequences differing in one user's
//     episode): Delta_1 = sqrt(2) H (1+gamma)^2 (for PSD S, S' with Frobenius norms <= b,
//     ||S - S'||_F^2 = ||S||^2 + ||S'||^2 - 2 <S, S'> <= 2 b^2), Delta_2 = 2 H (1+gamma).
//   kZeroOutEpisode (one episode's input replaced by zero): Delta_1 = H (1+gamma)^2,
//     Delta_2 = H (1+gamma) -- the values the paper's Sec. IV-A uses. Under the paper's own
//     replacement relation they undercount by sqrt(2) and 2.
//
// Budget. The overall target is (privacy_epsilon, target_delta)-JDP. rho = DpToZcdpRho(conversion,
// privacy_epsilon, target_delta) (algorithms/accounting/conversions.h; kBasic is BS16 Prop. 1.3,
// the paper's Lemma 3.5 route) is split equally, rho_1 = rho_2 = rho / 2 (times 1 - 1e-9 against
// floating-point rounding); zCDP composes, so both
// counters together are rho-zCDP, hence (privacy_epsilon, target_delta)-DP, and the controls are
// (privacy_epsilon, target_delta)-JDP by the billboard lemma (Hsu et al. 2016, Lemma 9): episode
// k's controls are a function of the released statistics and user k's own states. (The paper's
// sigma_i^2 = 8 m Delta_i^2 ln(2/delta) / eps^2 gives each counter eps/2 + eps^2/(16 ln(2/delta)),
// slightly more than eps/2; paper_sigma1/2 report it for comparison.) target_delta = 1 is
// accepted (rho = privacy_epsilon, the BS16 bound with ln(1/delta) = 0).
//
// m = levels = ceil(log2 K) (K >= 2): releases happen at the start of episodes 1..K and cover
// [1, k - 1], so the tree runs over T = K - 1 steps and an episode enters at most
// floor(log2(K - 1)) + 1 = ceil(log2 K) released nodes (dyadic_tree.h). sigma_1, sigma_2 are the
// node noise standard deviations of the counters actually built (grid-rounded sensitivity, variance
// rounded up), not a formula copy.
//
// Regret constants (Thm. 3 proof), with alpha = confidence_alpha:
//   Lambda     = sigma_1 sqrt(m) (4 sqrt(n+d) + sqrt(8 ln(4K/alpha)))   (||N_k|| <= Lambda w.p.
//                1 - alpha/(2K) for each k)
//   eta        = 2 Lambda  (H_k = N_k + eta I is then positive definite, lambda_min(H_k) >= Lambda)
//   lambda_min = Lambda, lambda_max = 3 Lambda
//   nu         = sigma_2 sqrt(m / Lambda) (sqrt(2 n (n+d)) + sqrt(4 ln(2K/alpha)))
// Lemma 1, confidence radius of (8) at episode k:
//   beta_k = C_w sqrt(2 ln(2/alpha) + n log det(I + Z_k'Z_k / lambda_min)) + sqrt(lambda_max) + nu.
// log det depends on the private data; ConfidenceRadius uses its data-independent upper bound
// (Thm. 1 proof) with the k - 1 finished episodes:
//   log det(I + Z_k'Z_k / lambda_min) <= (n+d) ln(1 + (k-1) H (1+gamma)^2 / ((n+d) lambda_min)).
// Non-private OFU-RL (H_k = lambda I, L_k = 0): lambda_min = lambda_max = lambda, nu = 0.
//
// Beyond the paper: the tight calibration (TightCalibration(), agent "private_ofu_rl_tight")
// ---------------------------------------------------------------------------------------------
// The same guarantee -- (privacy_epsilon, target_delta)-JDP w.r.t. replacing one user's episode
// (or the zero-out relation, whichever `neighbour` says), via rho-zCDP of B_1, B_2 and the
// billboard lemma as above -- and the same confidence statement (||N_k|| <= Lambda w.p.
// >= 1 - alpha/(2K) for each k, the event Thm. 3's proof uses), with four independent knobs:
//  (a) input_norm_bound = kClipLevel. z = (x; u) stacked, so ||z||^2 = ||x||^2 + ||u||^2 <=
//      1 + gamma^2 after clipping, where Sec. IV-A uses ||z|| <= ||x|| + ||u|| <= 1 + gamma. Hence
//      ||sum_h z z'||_F <= sum_h ||z||^2 <= H (1 + gamma^2) and
//      ||sum_h z x'||_F <= sum_h ||z|| ||x|| <= H sqrt(1 + gamma^2); the replacement sensitivities
//      follow as above (sqrt(2) b and 2 b).
//      (The log-det bound of beta_k keeps (1 + gamma)^2: still an upper bound, only looser.)
//  (b) spectral_bound = kMatrixSubGaussianSeries. N_k is symmetric (D = n + d) with independent
//      entries p <= q, each a sum of independent discrete Gaussians, hence s-sub-Gaussian with
//      s = release_noise_scale() (private_matrix_counter.h; CKS 2020, Cor. 9). Write N_k =
//      sum_{p<=q} g_pq A_pq with A_pp = s e_p e_p', A_pq = s (e_p e_q' + e_q e_p') and g_pq
//      1-sub-Gaussian. For a fixed symmetric A and such g, E exp(theta g A) <= exp(theta^2 A^2 / 2)
//      in the psd order (diagonalise A, apply the scalar bound per eigenvalue). The master tail
//      bound for independent sums (Tropp, "User-friendly tail bounds for sums of random
//      matrices", FoCM 2012, Sec. 3, via Lieb's theorem), with the operator monotonicity of log
//      used as in its Sec. 4 for Gaussian and Rademacher series, then gives
//          P(lambda_max(N_k) >= t) <= D exp(-t^2 / (2 sigma^2)),  sigma^2 = ||sum A_pq^2|| = D s^2
//      (sum A^2 = s^2 (1 + (D - 1)) I), and the same for -N_k, so ||N_k|| <= Lambda w.p.
//      >= 1 - alpha/(2K) with
//          Lambda = s sqrt(2 D ln(4 D K / alpha)) + D e,
//      e = release_error_bound() the deterministic rounding error per entry (spectral norm <=
//      Frobenius norm <= D max entry). The paper's constant (4 sqrt(D) + sqrt(8 ln(4K/alpha))),
//      Thm. 3 proof sketch, adapts Vershynin's HDP Cor. 4.4.8, an epsilon-net bound. The
//      "expectation bound plus Gaussian concentration of the sqrt(2)-Lipschitz norm" route (E||N||
//      <= 2 s sqrt(D) by Sudakov-Fernique, tail 2 exp(-t^2/(4 s^2))) needs continuous Gaussian
//      entries; our noise is discrete Gaussian, for which only sub-Gaussianity is proven, so it is
//      NOT used (at D = 3 it would be ~16% larger anyway: 2 sqrt(D) + 2 sqrt(ln(4K/alpha)) vs
//      sqrt(2 D ln(4DK/alpha))). nu keeps the paper's form (Thm. 3 proof sketch: the chi-square
//      tail of ||L_k||_F^2, its ref. [27] Lemma 1, the same step the paper calibration takes for
//      discrete Gaussian noise) with s2 = release_noise_scale() of B_2 in place of sigma_2 sqrt(m),
//      plus sqrt(n (n+d)) e_2 / sqrt(Lambda) for B_2's rounding error.
//  (c) conversion = kImproved: rho from Canonne-Kamath-Steinke 2020, Prop. 12 (conversions.h);
//      rho-zCDP implies (eps, delta)-DP for the eps it states, so the guarantee is unchanged.
//  (d) counter_mechanism = kSquareRootFactorization: B_1, B_2 are the square-root factorisation
//      counters (matrix_factorization_counter.h), each rho/2-zCDP under adaptively chosen inputs
//      (Denisov et al. 2022, Thm. 2.1); release_noise_scale() = sigma ||c||, ||c||^2 =
//      sum_{j < K-1} c_j^2 ~ 1 + ln(K)/pi, vs sigma_node sqrt(m) with m = ceil(log2 K) for the
//      tree (at equal rho, sigma^2 ~ ||c||^2 and sigma_node^2 ~ m: scale ratio ||c||^2 / m).
//
// Parameters: PrivateOfuOptions below (each field documents its default and range).
#ifndef DPRL_ALGORITHMS_LQR_PRIVATE_OFU_PARAMS_H_
#define DPRL_ALGORITHMS_LQR_PRIVATE_OFU_PARAMS_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/accounting/conversions.h"
#include "algorithms/mechanisms/matrix_tree_counter.h"
#include "algorithms/mechanisms/private_matrix_counter.h"

namespace dprl {

enum class EpisodeNeighbour { kReplaceEpisode, kZeroOutEpisode };

// "replace" or "zero_out".
const char* EpisodeNeighbourName(EpisodeNeighbour neighbour);

// ||z||^2 bound of a clipped step: (1 + gamma)^2 (paper, Sec. IV-A) or 1 + gamma^2 (see (a)).
enum class InputNormBound { kTriangle, kClipLevel };
// ||N_k|| <= Lambda: the paper's constant (Thm. 3 proof) or the matrix sub-Gaussian series (b).
enum class NoiseSpectralBound { kPaperConstant, kMatrixSubGaussianSeries };

// "triangle" / "clip_level"; "paper_constant" / "matrix_subgaussian_series".
const char* InputNormBoundName(InputNormBound bound);
const char* NoiseSpectralBoundName(NoiseSpectralBound bound);

struct PrivateOfuOptions {
  // Overall eps of the (eps, delta)-JDP guarantee. Finite, > 0.
  double privacy_epsilon = 1.0;
  // Overall delta. In (0, 1].
  double target_delta = 1e-5;
  // K: episodes; the trees run over K - 1 steps. In [2, 2^40].
  int64_t episodes = 1000;
  // H: steps per episode (enters Delta_1, Delta_2 and beta_k). >= 1.
  int horizon = 10;
  // gamma: ||u|| <= gamma after clipping (enters Delta_1, Delta_2). Finite, >= 0, and small
  // enough that sqrt(2) H (1 + gamma)^2, the largest sensitivity, is finite.
  double control_bound = 1.0;
  // n: state dimension. >= 1.
  int state_dim = 2;
  // d: control dimension. >= 1.
  int control_dim = 1;
  // C_w: ||w|| <= C_w (enters beta_k). In [0, 1).
  double noise_bound = 0.1;
  // alpha of Lemma 1 / Thm. 3. In (0, 1], and large enough that 4 (n + d) K / alpha (inside
  // Lambda's logarithm) is finite.
  double confidence_alpha = 0.05;
  // The neighbour relation (see above); sets Delta_1, Delta_2.
  EpisodeNeighbour neighbour = EpisodeNeighbour::kReplaceEpisode;
  // The (eps, delta) -> rho conversion.
  DpConversion conversion = DpConversion::kBasic;
  // The bound on ||z||^2 that sets the input bounds and sensitivities (see (a)).
  InputNormBound input_norm_bound = InputNormBound::kTriangle;
  // The bound on ||N_k|| that sets Lambda (see (b)).
  NoiseSpectralBound spectral_bound = NoiseSpectralBound::kPaperConstant;
  // The mechanism of B_1, B_2 (see (d)). kSquareRootFactorization needs K <= 2^20 + 1.
  PrefixSumMechanism counter_mechanism = PrefixSumMechanism::kBinaryTree;

  // OK, or InvalidArgument naming the field and its bad value.
  absl::Status Validate() const;
};

// `options` with the four tight knobs (a)-(d) set: the "private_ofu_rl_tight" calibration.
PrivateOfuOptions TightCalibration(PrivateOfuOptions options);

struct PrivateOfuParams {
  int levels = 0;                     // m = ceil(log2 K) (the tree's; unused by the factorisation)
  double sensitivity1 = 0.0;          // Delta_1
  double sensitivity2 = 0.0;          // Delta_2
  double input_bound1 = 0.0;          // H (1+gamma)^2, or H (1 + gamma^2) under (a)
  double input_bound2 = 0.0;          // H (1+gamma), or H sqrt(1 + gamma^2) under (a)
  double zcdp_rho = 0.0;              // rho of both counters together
  double achieved_epsilon = 0.0;      // ZcdpToDpEpsilon(conversion, spent rho, delta) <= eps
  double sigma1 = 0.0;                // node (tree) / step (factorisation) noise stddev of B_1
  double sigma2 = 0.0;                // node (tree) / step (factorisation) noise stddev of B_2
  double noise_scale1 = 0.0;          // s_1: per-entry sub-Gaussian scale of B_1's release noise
  double noise_scale2 = 0.0;          // s_2: the same for B_2
  double rounding_error1 = 0.0;       // e_1: per-entry rounding-error bound of B_1's release
  double rounding_error2 = 0.0;       // e_2: the same for B_2
  double paper_sigma1 = 0.0;          // sqrt(8 m Delta_1^2 ln(2/delta)) / eps, paper's Delta
  double paper_sigma2 = 0.0;          // sqrt(8 m Delta_2^2 ln(2/delta)) / eps, paper's Delta
  double big_lambda = 0.0;            // Lambda
  double eta = 0.0;                   // 2 Lambda
  double lambda_min = 0.0;            // Lambda
  double lambda_max = 0.0;            // 3 Lambda
  double nu = 0.0;                    // nu
  MatrixTreeCounterOptions counter1;  // options of B_1
  MatrixTreeCounterOptions counter2;  // options of B_2
};

absl::StatusOr<PrivateOfuParams> ComputePrivateOfuParams(const PrivateOfuOptions& options);

// Inputs of the Lemma 1 radius.
struct ConfidenceRadiusInputs {
  int state_dim = 1;               // n
  int control_dim = 1;             // d
  int horizon = 1;                 // H
  double control_bound = 0.0;      // gamma
  double noise_bound = 0.0;        // C_w
  double confidence_alpha = 0.05;  // alpha
  double lambda_min = 1.0;
  double lambda_max = 1.0;
  double nu = 0.0;
};

// beta_k for episode k >= 1 (k - 1 finished episodes), with the log-det upper bound above.
double ConfidenceRadius(const ConfidenceRadiusInputs& inputs, int64_t episode);

// The inputs for Private-OFU-RL from `options` and its computed `params`.
ConfidenceRadiusInputs PrivateRadiusInputs(const PrivateOfuOptions& options,
                                           const PrivateOfuParams& params);

// Multi-line "name = value" report of all constants (the calculator's output).
std::string FormatPrivateOfuParams(const PrivateOfuOptions& options,
                                   const PrivateOfuParams& params);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_LQR_PRIVATE_OFU_PARAMS_H_
