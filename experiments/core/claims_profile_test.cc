#include "experiments/core/claims_profile.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace dprl {
namespace {

TEST(MatchClaimsProfileTest, NamesTheProfileWhoseFlagsTheCommandLineCarries) {
  // claims_reduced's vietri_fig step, with runner flags that are not part of a profile.
  EXPECT_EQ(MatchClaimsProfile("vietri_fig",
                               "bazel run //experiments:vietri_fig -- --scale=default --seeds=20 "
                               "--master_seed=20201 --set=privacy_epsilons=1000,3000,10000,30000 "
                               "--set=exact_tail_privacy_epsilons=1000 --threads=1 --out=/tmp/x"),
            "claims_reduced");
  // The full profile's step, flags in another order.
  EXPECT_EQ(MatchClaimsProfile("vietri_fig",
                               "vietri_fig --set=exact_tail_privacy_epsilons=1000 --seeds=20 "
                               "--set=privacy_epsilons=10,30,100,300,1000,3000,10000,30000 "
                               "--set=num_episodes=10000000 --scale=default"),
            "claims");
  // The lower-bound steps differ in T and in alpha' (two values each, for the 1/alpha order);
  // the full one adds n4_m1_H2 (the S order).
  EXPECT_EQ(MatchClaimsProfile("vietri_lower_bound_fig",
                               "vietri_lower_bound_fig --scale=default --seeds=20 "
                               "--set=instances=n2_m1_H2,n3_m2_H2,n3_m1_H2,n4_m1_H2 "
                               "--set=alpha_primes=0.5,0.375,0.25 --threads=2 --out=/tmp/x"),
            "claims");
  EXPECT_EQ(MatchClaimsProfile("vietri_lower_bound_fig",
                               "vietri_lower_bound_fig --scale=default --seeds=20 "
                               "--set=alpha_primes=0.5,0.25"),
            "");
  EXPECT_EQ(MatchClaimsProfile("vietri_lower_bound_fig",
                               "vietri_lower_bound_fig --set=alpha_primes=0.5,0.35 --scale=default "
                               "--seeds=20 --set=num_episodes=50000"),
            "claims_reduced");
  // Both profiles give wang_hegde_fig1 the same flags.
  EXPECT_EQ(MatchClaimsProfile("wang_hegde_fig1", "wang_hegde_fig1 --scale=default --seeds=20"),
            "claims or claims_reduced");
}

TEST(ProfileFlagsOfTest, KeepsScaleSeedsAndSetInOrder) {
  EXPECT_EQ(ProfileFlagsOf("bazel run //experiments:x --  --seeds=20 --threads=2 --set=a=1 "
                           "--out=/d --scale=smoke"),
            (std::vector<std::string>{"--seeds=20", "--set=a=1", "--scale=smoke"}));
  EXPECT_TRUE(ProfileFlagsOf("make_fixtures.py").empty());
}

TEST(MatchClaimsProfileTest, OtherFlagsMatchNoProfile) {
  // An extra --set, a missing --seeds, another seed count, an unknown experiment.
  EXPECT_EQ(MatchClaimsProfile("private_ofu_fig",
                               "private_ofu_fig --scale=default --seeds=20 "
                               "--set=agents=ofu_rl,private_ofu_rl"),
            "");
  EXPECT_EQ(MatchClaimsProfile("vietri_lower_bound_fig", "x --scale=default"), "");
  // The profile's T without its alpha' values (a file of the time before alpha_primes).
  EXPECT_EQ(MatchClaimsProfile("vietri_lower_bound_fig",
                               "x --scale=default --seeds=20 --set=num_episodes=50000"),
            "");
  EXPECT_EQ(MatchClaimsProfile("wang_hegde_fig2", "x --scale=default --seeds=4"), "");
  EXPECT_EQ(MatchClaimsProfile("no_such_experiment", "x --scale=default --seeds=20"), "");
}

}  // namespace
}  // namespace dprl
