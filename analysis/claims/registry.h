// The claims registry: every paper claim the repository checks, one file per paper
// (analysis/claims/<paper>_claims.cc). Each claim names its paper and location, the experiment
// whose results file it reads, the statistic (statistics.h), the expected value or inequality
// with its tolerance, and whether it is a shape check (claim.h; docs/claims.md lists them all).
#ifndef DPRL_ANALYSIS_CLAIMS_REGISTRY_H_
#define DPRL_ANALYSIS_CLAIMS_REGISTRY_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/tabular/vietri_bounds.h"
#include "analysis/claims/claim.h"
#include "analysis/hdf5_reader.h"

namespace dprl {

// Vietri, Balle, Krishnamurthy, Wu 2020 (PUCB): vietri_fig, vietri_lower_bound_fig.
std::vector<Claim> VietriClaims();
// Its bound-order, vacuity and calibration claims (vietri_bound_claims.cc); part of VietriClaims.
std::vector<Claim> VietriBoundClaims();
// Its lower-bound claims, Thms. 5 and 6 (vietri_lower_bound_claims.cc); part of VietriClaims.
std::vector<Claim> VietriLowerBoundClaims();
// The bound parameters (S, A, H, T, eps, beta) of a vietri_fig PUCB group, from its attributes
// (shared by vietri_claims.cc and vietri_bound_claims.cc). Error: a missing or invalid attribute.
absl::StatusOr<VietriBoundsParameters> ReadPucbBoundParameters(const Hdf5Reader& reader,
                                                               const std::string& group);
// Lu, Gajane, Bai, Talebi 2026 (RLSVI is JDP): rlsvi_privacy_fig.
std::vector<Claim> LuClaims();
// Wang & Hegde 2019 (functional noise Q-learning): wang_hegde_fig1, wang_hegde_fig2.
std::vector<Claim> WangHegdeClaims();
// Chowdhury, Zhou, Shroff 2021 (Private-OFU-RL): private_ofu_fig.
std::vector<Claim> ChowdhuryClaims();

// All of the above, in this order; ids are unique (CHECKed).
std::vector<Claim> AllClaims();

}  // namespace dprl

#endif  // DPRL_ANALYSIS_CLAIMS_REGISTRY_H_
