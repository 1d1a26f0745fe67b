// Log-log cumulative-regret panels drawn with PLplot (C++ API, cairo devices).
//
// One panel per environment; in each, one line per curve (mean cumulative regret vs episode)
// and, when given, a translucent band (e.g. the 95% confidence band over seeds). Axes are
// log10 on both sides; points with a non-positive mean are dropped and band edges below the
// axis minimum are clipped to it. Colours come from a 10-colour palette by RegretCurve::color,
// so the same (agent, privacy_epsilon) keeps its colour across panels. A curve may carry a marker
// episode: a filled dot is drawn on the curve there (e.g. the episode at which an optimistic
// agent's bonus first leaves the cap H), and the panel explains the dots in a footnote.
#ifndef DPRL_ANALYSIS_REGRET_PLOT_H_
#define DPRL_ANALYSIS_REGRET_PLOT_H_

#include <string>
#include <vector>

#include "absl/status/status.h"

namespace dprl {

struct RegretCurve {
  std::string label;             // legend text; PLplot escapes allowed (e.g. "#ge" = epsilon)
  int color = 0;                 // palette index (taken modulo 10)
  std::vector<double> episodes;  // x values, >= 1, ascending
  std::vector<double> mean;      // y values
  std::vector<double> lower;     // band; empty = no band
  std::vector<double> upper;
  double marker_episode = -1;  // > 0: dot on the curve at the plot point nearest this episode
};

struct RegretPanel {
  std::string title;
  std::string marker_note;  // footnote explaining the dots (shown when some curve has one)
  std::vector<RegretCurve> curves;
};

// Checks that PLplot knows the device (e.g. "pngcairo"); the error names the Debian package.
absl::Status CheckPlplotDevice(const std::string& device);

// Draws `panels` (2 columns when more than one) on one page with `device` into `path`
// (which must be writable; PLplot aborts the process on an unwritable file).
// width/height are in device units (pixels for pngcairo, points for pdfcairo).
absl::Status RenderRegretPanels(const std::vector<RegretPanel>& panels, const std::string& device,
                                const std::string& path, int width, int height);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_REGRET_PLOT_H_
