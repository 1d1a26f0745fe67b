#include "analysis/claims/registry.h"

#include <glog/logging.h>

#include <set>
#include <string>
#include <utility>

#include "common/registry.h"

namespace dprl {
namespace {

// A function-local static: registration runs during static initialisation of other files.
Registry<RegisteredClaims, int>& Registered() {
  static auto* registered = new Registry<RegisteredClaims, int>("claims registration at order");
  return *registered;
}

}  // namespace

bool RegisterClaims(RegisteredClaims claims) {
  CHECK(claims.claims) << "claims at order " << claims.order;
  const int order = claims.order;
  Registered().Register(order, std::move(claims));
  return true;
}

std::vector<Claim> AllClaims() {
  std::vector<Claim> claims;
  for (const auto& [order, paper] : Registered().entries()) {
    for (Claim& claim : paper.claims()) claims.push_back(std::move(claim));
  }
  std::set<std::string> ids;
  for (const Claim& claim : claims)
    CHECK(ids.insert(claim.id).second) << "duplicate claim id " << claim.id;
  return claims;
}

}  // namespace dprl
