#include "analysis/claims/registry.h"

#include <glog/logging.h>

#include <set>
#include <string>

namespace dprl {

std::vector<Claim> AllClaims() {
  std::vector<Claim> claims;
  for (std::vector<Claim> (*paper)() : {VietriClaims, LuClaims, WangHegdeClaims, ChowdhuryClaims}) {
    for (Claim& claim : paper()) claims.push_back(std::move(claim));
  }
  std::set<std::string> ids;
  for (const Claim& claim : claims)
    CHECK(ids.insert(claim.id).second) << "duplicate claim id " << claim.id;
  return claims;
}

}  // namespace dprl
