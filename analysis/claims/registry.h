// The claims registry: every paper claim the repository checks. Each paper's claims file
// (analysis/<paper>/<paper>_claims.cc) registers its own claims once, at static initialisation,
// the way an experiment registers itself (experiments/core/experiment_registry.h); the
// dprl_paper_claims macro (analysis/claims.bzl) links the file with alwayslink = 1:
//
//   const bool kRegistered = RegisterClaims(RegisteredClaims{/*order=*/20, LuClaims});
//
// The report (report.h) and //analysis:claims read every registered paper's claims in ascending
// `order`, which is the row order of the report's tables and of claims.csv. A new paper's claims
// are therefore one file, analysis/<paper>/<paper>_claims.cc, which analysis/BUILD picks up by a
// glob (dprl_paper_claims); neither this registry, the report nor a BUILD file changes. Each claim names its paper and location, the experiment whose results
// file it reads, the statistic (statistics.h), the expected value or inequality with its
// tolerance, and its kind (claim.h; docs/claims.md lists them all).
#ifndef DPRL_ANALYSIS_CLAIMS_REGISTRY_H_
#define DPRL_ANALYSIS_CLAIMS_REGISTRY_H_

#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/tabular/vietri_bounds.h"
#include "analysis/claims/claim.h"
#include "analysis/hdf5_reader.h"

namespace dprl {

struct RegisteredClaims {
  // Position of these claims in the report: ascending, unique. The registered papers use
  // multiples of 10 (Vietri et al. 10-14, Lu et al. 20, Wang & Hegde 30, Chowdhury et al. 40),
  // so a new paper's claims can go between two.
  int order = 0;
  // The claims, in the order of their rows.
  std::function<std::vector<Claim>()> claims;
};

// Adds a paper's claims (a second registration at the same order is a bug: CHECK). Returns
// true, for use as the initialiser of a namespace-scope constant.
bool RegisterClaims(RegisteredClaims claims);

// Every registered paper's claims, in ascending `order`; ids are unique (CHECKed).
std::vector<Claim> AllClaims();

// The bound parameters (S, A, H, T, eps, beta) of a vietri_fig PUCB group, from its attributes
// (shared by vietri_claims.cc and vietri_bound_claims.cc). Error: a missing or invalid attribute.
absl::StatusOr<VietriBoundsParameters> ReadPucbBoundParameters(const Hdf5Reader& reader,
                                                               const std::string& group);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_CLAIMS_REGISTRY_H_
