// Multi-panel line figures drawn with PLplot (C++ API, cairo devices): the one plotting module of
// //analysis (regret curves, bound shapes, privacy curves).
//
// Each panel has a title, axis labels and per-axis log10 or linear scale; in each, one line per
// curve and, when given, a translucent band (e.g. the 95% confidence band over seeds). On a log
// axis, points with a non-positive value are dropped and band edges below the axis minimum are
// clipped to it. Colours come from a 10-colour palette by PlotCurve::color, so a caller can keep
// one colour per series across panels; dashed curves are for reference shapes (e.g. bounds).
// A curve may carry a marker x: a filled dot is drawn on the curve at its plotted point nearest
// to it (e.g. the episode at which an optimistic agent's bonus first leaves the cap H); the
// panel's `note` (e.g. explaining the dots) is printed inside the box, bottom right. Panels are
// laid out row by row, in 2 columns when there is more than one unless `columns` (> 0) says
// otherwise (e.g. one row per environment, one column per quantity).
#ifndef DPRL_ANALYSIS_LINE_PLOT_H_
#define DPRL_ANALYSIS_LINE_PLOT_H_

#include <string>
#include <vector>

#include "absl/status/status.h"

namespace dprl {

struct PlotCurve {
  std::string label;          // legend text; PLplot escapes allowed (e.g. "#ge" = epsilon);
                              // "" = no legend entry (e.g. a variant explained by the note)
  int color = 0;              // palette index (taken modulo 10)
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
  std::string note;  // small text inside the box, bottom right; "" = none
  // Fraction in [0, 0.9] of the y axis kept free above the data, so that the legend (top left)
  // does not hide curves; 0 = the axis just spans the data.
  double legend_headroom = 0.0;
  // Legend to the right of the axes (the plot box narrows to make room) instead of inside, top
  // left; for panels with many curves.
  bool legend_outside = false;
  std::vector<PlotCurve> curves;
};

// Checks that PLplot knows the device (e.g. "pngcairo"); the error names the Debian package.
absl::Status CheckPlplotDevice(const std::string& device);

// Draws `panels` (`columns` per row; 0 = 2 when more than one) on one page with `device` into
// `path` (which must be writable; PLplot aborts the process on an unwritable file).
// width/height are in device units (pixels for pngcairo, points for pdfcairo).
absl::Status RenderPanels(const std::vector<PlotPanel>& panels, const std::string& device,
                          const std::string& path, int width, int height, int columns = 0);

// Renders `panels` as `<prefix>.png` (700 x 520 px per panel) and `<prefix>.pdf` (420 x 312 pt
// per panel) into the given paths (e.g. OutputFiles temporary paths); `columns` as RenderPanels.
absl::Status RenderPngAndPdf(const std::vector<PlotPanel>& panels, const std::string& png_path,
                             const std::string& pdf_path, int columns = 0);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_LINE_PLOT_H_
