#include "analysis/claims/registry.h"

#include <glog/logging.h>

#include <map>
#include <set>
#include <string>
#include <utility>

namespace dprl {
namespace {

// A function-local static: registration runs during static initialisation of other files.
std::map<int, RegisteredClaims>& Registered() {
  static auto* registered = new std::map<int, RegisteredClaims>();
  return *registered;
}

}  // namespace

bool RegisterClaims(RegisteredClaims claims) {
  CHECK(claims.claims) << "claims at order " << claims.order;
  const int order = claims.order;
  CHECK(Registered().emplace(order, std::move(claims)).second)
      << "two claims registrations with the same order " << order;
  return true;
}

std::vector<Claim> AllClaims() {
  std::vector<Claim> claims;
  for (const auto& [order, paper] : Registered()) {
    for (Claim& claim : paper.claims()) claims.push_back(std::move(claim));
  }
  std::set<std::string> ids;
  for (const Claim& claim : claims)
    CHECK(ids.insert(claim.id).second) << "duplicate claim id " << claim.id;
  return claims;
}

}  // namespace dprl
