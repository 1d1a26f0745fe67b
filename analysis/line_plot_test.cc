#include "analysis/line_plot.h"

#include <array>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

TEST(VisibleLengthTest, CountsPrintedCharacters) {
  EXPECT_EQ(VisibleLength("pucb"), 4);
  EXPECT_EQ(VisibleLength("#ge=1"), 3);         // Greek epsilon, '=', '1'
  EXPECT_EQ(VisibleLength("#ge#u-1/2#d"), 5);   // superscript escapes print nothing
  EXPECT_EQ(VisibleLength("\u03c3 = 0.4"), 7);  // 2-byte UTF-8 sigma counts once
  EXPECT_EQ(VisibleLength("a##b"), 3);          // "##" prints '#'
}

TEST(PlotPaletteTest, TwelveDistinctColoursThenWraps) {
  for (int a = 0; a < kPlotPaletteSize; ++a) {
    for (int b = a + 1; b < kPlotPaletteSize; ++b) {
      EXPECT_NE(PlotPaletteRgb(a), PlotPaletteRgb(b)) << "indices " << a << " and " << b;
    }
  }
  EXPECT_EQ(kPlotPaletteSize, 12);
  EXPECT_EQ(PlotPaletteRgb(0), (std::array<int, 3>{31, 119, 180}));  // tab10's first
  EXPECT_EQ(PlotPaletteRgb(kPlotPaletteSize + 1), PlotPaletteRgb(1));
}

// `curves` curves with labels of `label_length` characters, each panel distinct when `distinct`.
std::vector<PlotPanel> Panels(int count, int curves, int label_length, bool distinct) {
  std::vector<PlotPanel> panels(count);
  for (int p = 0; p < count; ++p) {
    panels[p].title = "panel";
    panels[p].note = "a note";
    for (int c = 0; c < curves; ++c) {
      PlotCurve curve;
      curve.label =
          std::string(label_length, 'x') + std::to_string(c) + (distinct ? std::to_string(p) : "");
      curve.color = c;
      curve.x = {1, 10, 100};
      curve.y = {1, 5, 30};
      panels[p].curves.push_back(curve);
    }
  }
  return panels;
}

bool Overlap(const PlotRect& a, const PlotRect& b) {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

void ExpectNoOverlapAndInside(const PlotPageLayout& page) {
  std::vector<PlotRect> all = page.boxes;
  all.insert(all.end(), page.legends.begin(), page.legends.end());
  for (size_t i = 0; i < all.size(); ++i) {
    EXPECT_GE(all[i].x0, 0) << i;
    EXPECT_LE(all[i].x1, page.width) << i;
    EXPECT_GE(all[i].y0, 0) << i;
    EXPECT_LE(all[i].y1, page.height) << i;
    for (size_t j = i + 1; j < all.size(); ++j)
      EXPECT_FALSE(Overlap(all[i], all[j])) << i << "," << j;
  }
}

TEST(ComputePageLayoutTest, RightLegendsBesideEachBoxWithoutOverlap) {
  const PlotPageLayout page =
      ComputePageLayout(Panels(4, 9, 30, true), {2, LegendLayout::kRightOfEachPanel});
  ASSERT_EQ(page.boxes.size(), 4u);
  ASSERT_EQ(page.legends.size(), 4u);
  for (int i = 0; i < 4; ++i) EXPECT_GE(page.legends[i].x0, page.boxes[i].x1);
  ExpectNoOverlapAndInside(page);
}

TEST(ComputePageLayoutTest, TallRightLegendsMakeTheRowTaller) {
  const PlotPageLayout page =
      ComputePageLayout(Panels(4, 30, 10, true), {2, LegendLayout::kRightOfEachPanel});
  ASSERT_EQ(page.legends.size(), 4u);
  EXPECT_GT(page.legends[0].y1 - page.legends[0].y0, page.boxes[0].y1 - page.boxes[0].y0);
  ExpectNoOverlapAndInside(page);
}

TEST(ComputePageLayoutTest, SameEntriesGiveOneLegendBelowAllBoxes) {
  const PlotPageLayout page =
      ComputePageLayout(Panels(2, 7, 20, false), {2, LegendLayout::kBelowEachColumn});
  ASSERT_EQ(page.legends.size(), 1u);
  for (const PlotRect& box : page.boxes) EXPECT_LT(page.legends[0].y1, box.y0);
  ExpectNoOverlapAndInside(page);
}

TEST(ComputePageLayoutTest, DistinctEntriesGiveOneLegendPerColumn) {
  const PlotPageLayout page =
      ComputePageLayout(Panels(6, 8, 25, true), {3, LegendLayout::kBelowEachColumn});
  ASSERT_EQ(page.boxes.size(), 6u);
  ASSERT_EQ(page.legends.size(), 3u);
  ExpectNoOverlapAndInside(page);
}

TEST(RenderPanelsTest, WritesPngAndPdf) {
  const std::string dir = ::testing::TempDir();
  const std::string png = dir + "/fig.png", pdf = dir + "/fig.pdf";
  std::vector<PlotPanel> panels = Panels(2, 3, 10, false);
  panels[0].y_min = 2;  // explicit limit: points below are clipped at the box
  ASSERT_THAT(RenderPngAndPdf(panels, png, pdf, {0, LegendLayout::kBelowEachColumn}), IsOk());
  std::ifstream png_file(png, std::ios::binary), pdf_file(pdf, std::ios::binary);
  std::string png_head(4, '\0'), pdf_head(5, '\0');
  png_file.read(png_head.data(), 4);
  pdf_file.read(pdf_head.data(), 5);
  EXPECT_EQ(png_head, "\x89PNG");
  EXPECT_EQ(pdf_head, "%PDF-");
}

std::string FileBytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

// Plain UTF-8 text (as results files store labels) draws the same pixels as the PLplot escapes
// it stands for (as a results file may also store them), in every text of a panel.
TEST(RenderPanelsTest, PlainGreekDrawsAsItsEscape) {
  const std::string dir = ::testing::TempDir();
  std::vector<PlotPanel> plain = Panels(1, 2, 10, false), escaped = plain;
  plain[0].title = "ε = 0.9, δ = 1e-4";
  escaped[0].title = "#ge = 0.9, #gd = 1e-4";
  plain[0].x_label = escaped[0].x_label = "privacy #ge";  // already an escape: kept
  plain[0].note = "σ per α";
  escaped[0].note = "#gs per #ga";
  plain[0].curves[0].label = "PUCB (ε=10)";
  escaped[0].curves[0].label = "PUCB (#ge=10)";
  ASSERT_THAT(RenderPanels(plain, {}, "pngcairo", dir + "/plain.png", 1.0), IsOk());
  ASSERT_THAT(RenderPanels(escaped, {}, "pngcairo", dir + "/escaped.png", 1.0), IsOk());
  const std::string plain_png = FileBytes(dir + "/plain.png");
  EXPECT_GT(plain_png.size(), 1000u);
  EXPECT_TRUE(plain_png == FileBytes(dir + "/escaped.png"));
}

}  // namespace
}  // namespace dprl
