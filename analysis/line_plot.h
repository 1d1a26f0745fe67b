// Multi-panel line figures drawn with PLplot (C++ API, cairo devices): the one plotting module of
// //analysis (regret curves, bound shapes, privacy curves).
//
// Each panel has a title, axis labels and per-axis log10 or linear scale; in each, one line per
// curve and, when given, a translucent band (e.g. the 95% confidence band over seeds). On a log
// axis, points with a non-positive value are dropped and band edges below the axis minimum are
// clipped to it. Colours come from a 12-colour palette by PlotCurve::color, so a caller can keep
// one colour per series across panels; dashed curves are for reference shapes (e.g. bounds).
// A curve may carry a marker x: a filled dot is drawn on the curve at its plotted point nearest
// to it (e.g. the episode at which an optimistic agent's bonus first leaves the cap H); the
// panel's `note` (e.g. explaining the dots) is printed below the box, under the x label. Panels
// are laid out row by row, in 2 columns when there is more than one unless `columns` (> 0) says
// otherwise (e.g. one row per environment, one column per quantity).
//
// Legends never cover data: either each panel's legend stands to the right of its axes, or the
// legends are collected below the panels, one per column (the deduplicated entries of the
// column's panels; a single legend across the page when every column has the same entries).
// All margins are measured in character heights, so titles, tick labels and axis labels are
// never clipped at any page size. Axes span the data (log axes: positive values) unless a panel
// sets explicit limits, e.g. to drop an uninformative stretch.
#ifndef DPRL_ANALYSIS_LINE_PLOT_H_
#define DPRL_ANALYSIS_LINE_PLOT_H_

#include <array>
#include <limits>
#include <string>
#include <vector>

#include "absl/status/status.h"

namespace dprl {

// The palette of PlotCurve::color: Matplotlib's "tab10", then black and gold, so that a figure
// with up to 12 series repeats no colour (e.g. two UBEV variants, PUCB on exact counts and PUCB
// at eight eps). PlotPaletteRgb(color) is the RGB of index `color` (>= 0) modulo the size.
inline constexpr int kPlotPaletteSize = 12;
std::array<int, 3> PlotPaletteRgb(int color);

struct PlotCurve {
  std::string label;          // legend text: plain UTF-8 or PLplot escapes (e.g. "ε" or "#ge"),
                              // as every text of a panel (plplot_text.h); "" = no legend entry
                              // (e.g. a variant explained by the note)
  int color = 0;              // palette index (taken modulo kPlotPaletteSize)
  bool dashed = false;        // dashed line (reference shapes), else solid
  std::vector<double> x;      // ascending
  std::vector<double> y;      // same size as x
  std::vector<double> lower;  // band, same size as x; empty = no band
  std::vector<double> upper;
  double marker_x = -1;  // > 0: dot at the plotted point nearest to it (nearest in log x on a
                         // log axis)
};

struct PlotPanel {
  std::string title;
  std::string x_label;
  std::string y_label;
  bool log_x = true;
  bool log_y = true;
  std::string note;  // small text below the box, under the x label, broken into lines as
                     // wide as the box; "" = none
  // Explicit axis limits in data units (NaN = from the data). On a log axis they must be > 0.
  // Points outside are still drawn, clipped at the box.
  double x_min = std::numeric_limits<double>::quiet_NaN();
  double x_max = std::numeric_limits<double>::quiet_NaN();
  double y_min = std::numeric_limits<double>::quiet_NaN();
  double y_max = std::numeric_limits<double>::quiet_NaN();
  double x_tick = 0;  // linear x axis: interval of the labelled ticks; 0 = PLplot's choice
  std::vector<PlotCurve> curves;
};

enum class LegendLayout {
  kRightOfEachPanel,  // each panel's own legend, right of its axes
  kBelowEachColumn,   // below the panels: per column, the deduplicated entries of its panels;
                      // one legend across the page when all columns have the same entries
};

struct FigureLayout {
  int columns = 0;  // panels per row; 0 = 2 when more than one panel
  LegendLayout legend = LegendLayout::kRightOfEachPanel;
};

// A rectangle on the page in character heights (the unit of all margins), origin bottom left.
struct PlotRect {
  double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
};

// Where RenderPanels puts things: the page size, each panel's plot box (axes without labels) and
// the estimated extent of each legend box, all in character heights.
struct PlotPageLayout {
  double width = 0, height = 0;
  std::vector<PlotRect> boxes;    // one per panel
  std::vector<PlotRect> legends;  // one per non-empty legend
};
PlotPageLayout ComputePageLayout(const std::vector<PlotPanel>& panels, const FigureLayout& layout);

// Number of characters PLplot prints for `text`: escapes "#u", "#d" count 0, "#g<letter>" and
// "##" count 1, a UTF-8 sequence counts 1. Used to reserve room for legends.
int VisibleLength(const std::string& text);

// Checks that PLplot knows the device (e.g. "pngcairo"); the error names the Debian package.
absl::Status CheckPlplotDevice(const std::string& device);

// Draws `panels` on one page with `device` into `path` (which must be writable; PLplot aborts the
// process on an unwritable file); each text goes through PlplotText (plplot_text.h) first. The
// page size follows from the layout: a plot box of about 110 x 75 mm per panel plus the margins
// and legends; `scale` multiplies it (device units: 1 mm = scale * 72 / 25.4 points for pdfcairo
// and pixels for pngcairo).
absl::Status RenderPanels(const std::vector<PlotPanel>& panels, const FigureLayout& layout,
                          const std::string& device, const std::string& path, double scale);

// Renders `panels` as a PNG (at 2x scale, for screens and the README) and a vector PDF (at 1x)
// into the given paths (e.g. OutputFiles temporary paths).
absl::Status RenderPngAndPdf(const std::vector<PlotPanel>& panels, const std::string& png_path,
                             const std::string& pdf_path, const FigureLayout& layout = {});

}  // namespace dprl

#endif  // DPRL_ANALYSIS_LINE_PLOT_H_
