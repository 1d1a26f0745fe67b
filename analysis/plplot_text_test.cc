#include "analysis/plplot_text.h"

#include <string>

#include "analysis/csv_cells.h"
#include "gtest/gtest.h"

namespace dprl {
namespace {

TEST(PlplotTextTest, GreekLettersBecomeEscapes) {
  EXPECT_EQ(PlplotText("PUCB (ε=10, exact-tail E)"), "PUCB (#ge=10, exact-tail E)");
  EXPECT_EQ(PlplotText("rlsvi (reward-JDP, ε=131, δ=1e-05)"),
            "rlsvi (reward-JDP, #ge=131, #gd=1e-05)");
  EXPECT_EQ(PlplotText("functional noise, Thm. 5 σ = 31.6 (App. E.3's α, B, T)"),
            "functional noise, Thm. 5 #gs = 31.6 (App. E.3's #ga, B, T)");
  EXPECT_EQ(PlplotText("ΔΩω"), "#gD#gW#gw");
}

TEST(PlplotTextTest, PlainAsciiIsUnchanged) {
  EXPECT_EQ(PlplotText("UBEV (paper's Alg. 1)"), "UBEV (paper's Alg. 1)");
  EXPECT_EQ(PlplotText(""), "");
}

// A label that already holds PLplot escapes (a results file may store one) is kept as it is.
TEST(PlplotTextTest, ExistingEscapesAreKept) {
  for (const char* escaped :
       {"PUCB (#ge=10)", "rlsvi (reward-JDP, #ge=131, #gd=1e-05)", "#ge#u-1/2#d", "a##b",
        "functional noise, paper's #gs = 0.32", "trailing #"}) {
    EXPECT_EQ(PlplotText(escaped), escaped);
  }
}

// Every letter round-trips: plain text -> escapes -> plain text (the CSV cells' conversion).
TEST(PlplotTextTest, InverseOfCsvPlainText) {
  for (const PlplotGreekLetter& letter : PlplotGreekLetters()) {
    const std::string plain = std::string("x ") + letter.utf8 + "=1";
    EXPECT_EQ(PlplotText(plain), std::string("x #g") + letter.key + "=1") << letter.utf8;
    EXPECT_EQ(CsvPlainText(PlplotText(plain)), plain) << letter.utf8;
  }
  EXPECT_EQ(PlplotGreekLetters().size(), 48u);
}

}  // namespace
}  // namespace dprl
