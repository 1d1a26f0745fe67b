#include "analysis/csv_cells.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace dprl {
namespace {

TEST(CsvPlainTextTest, PlplotEscapesBecomePlainText) {
  EXPECT_EQ(CsvPlainText("functional noise, paper's #gs = 0.5"),
            "functional noise, paper's σ = 0.5");
  EXPECT_EQ(CsvPlainText("#ge = 1, #gd = 1e-05"), "ε = 1, δ = 1e-05");
  EXPECT_EQ(CsvPlainText("T#u-1/2#d"), "T-1/2");
  EXPECT_EQ(CsvPlainText("a##b"), "a#b");
  EXPECT_EQ(CsvPlainText("plain, no escapes #"), "plain, no escapes #");
}

TEST(CsvFieldTest, QuotesOnlyWhenNeeded) {
  EXPECT_EQ(CsvField("abc"), "abc");
  EXPECT_EQ(CsvField("a,b"), "\"a,b\"");
  EXPECT_EQ(CsvField("say \"x\""), "\"say \"\"x\"\"\"");
}

}  // namespace
}  // namespace dprl
