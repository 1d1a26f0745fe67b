#include "analysis/chowdhury/lq_onset.h"

#include <gtest/gtest.h>

namespace dprl {
namespace {

TEST(LqOnsetTest, EverySeedWithinTheFirstDecade) {
  EXPECT_TRUE(EverySeedPastOnset({1, 100, 409}, 4096));
  EXPECT_TRUE(EverySeedPastOnset({409.6}, 4096));
  EXPECT_FALSE(EverySeedPastOnset({1, 100, 410}, 4096));  // one seed late
  EXPECT_FALSE(EverySeedPastOnset({0, 100}, 4096));       // one seed never left u = 0
  EXPECT_FALSE(EverySeedPastOnset({}, 4096));
}

}  // namespace
}  // namespace dprl
