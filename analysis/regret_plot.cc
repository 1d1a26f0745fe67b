#include "analysis/regret_plot.h"

#include <plplot/plstream.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace dprl {
namespace {

constexpr int kPaletteSize = 10;
constexpr int kFirstLineColor = 2;                               // cmap0 indices 2..11: lines
constexpr int kFirstBandColor = kFirstLineColor + kPaletteSize;  // 12..21: translucent bands
// Matplotlib's "tab10" palette.
constexpr int kPalette[kPaletteSize][3] = {
    {31, 119, 180}, {255, 127, 14},  {44, 160, 44},   {214, 39, 40},  {148, 103, 189},
    {140, 86, 75},  {227, 119, 194}, {127, 127, 127}, {188, 189, 34}, {23, 190, 207}};

struct AxisRange {
  double min = std::numeric_limits<double>::infinity();
  double max = -std::numeric_limits<double>::infinity();
  void Add(double value) {
    if (value > 0 && std::isfinite(value)) {
      min = std::min(min, value);
      max = std::max(max, value);
    }
  }
  bool empty() const { return !(min <= max); }
};

void DrawPanel(plstream& pls, const RegretPanel& panel) {
  AxisRange x_range, y_range;
  for (const RegretCurve& curve : panel.curves) {
    for (size_t i = 0; i < curve.episodes.size(); ++i) {
      if (!(curve.mean[i] > 0)) continue;
      x_range.Add(curve.episodes[i]);
      y_range.Add(curve.mean[i]);
      if (!curve.upper.empty()) y_range.Add(curve.upper[i]);
    }
  }
  // The lower band edge does not extend the axis (with few seeds it can reach far below the
  // means, or below zero); it is clipped to the axis minimum instead.
  if (x_range.empty()) x_range = {1, 10};
  if (y_range.empty()) y_range = {0.1, 1};
  const double x_low = std::log10(x_range.min);
  const double x_high = std::max(std::log10(x_range.max), x_low + 1);
  double y_low = std::log10(y_range.min), y_high = std::log10(y_range.max);
  const double y_pad = std::max(0.05 * (y_high - y_low), 0.2);
  y_low -= y_pad;
  y_high += y_pad;

  pls.adv(0);
  pls.vpor(0.15, 0.95, 0.14, 0.90);
  pls.wind(x_low, x_high, y_low, y_high);
  pls.col0(1);
  pls.width(1);
  pls.box("bcnstl", 0, 0, "bcnstvl", 0, 0);
  pls.lab("episode", "cumulative regret", panel.title.c_str());

  const double floor = std::pow(10.0, y_low);
  bool any_marker = false;
  for (const RegretCurve& curve : panel.curves) {
    const int color = curve.color % kPaletteSize;
    std::vector<PLFLT> x, y, band_x, band_low, band_high;
    for (size_t i = 0; i < curve.episodes.size(); ++i) {
      if (!(curve.mean[i] > 0) || !(curve.episodes[i] > 0)) continue;
      x.push_back(std::log10(curve.episodes[i]));
      y.push_back(std::log10(curve.mean[i]));
      if (!curve.lower.empty()) {
        band_x.push_back(x.back());
        band_low.push_back(std::log10(std::max(curve.lower[i], floor)));
        band_high.push_back(std::log10(std::max(curve.upper[i], floor)));
      }
    }
    if (band_x.size() >= 2) {
      std::vector<PLFLT> polygon_x(band_x), polygon_y(band_high);
      polygon_x.insert(polygon_x.end(), band_x.rbegin(), band_x.rend());
      polygon_y.insert(polygon_y.end(), band_low.rbegin(), band_low.rend());
      pls.col0(kFirstBandColor + color);
      pls.fill(static_cast<PLINT>(polygon_x.size()), polygon_x.data(), polygon_y.data());
    }
    if (!x.empty()) {
      pls.col0(kFirstLineColor + color);
      pls.width(2);
      pls.line(static_cast<PLINT>(x.size()), x.data(), y.data());
      if (curve.marker_episode > 0) {
        // The plotted point nearest (in log episode) to the marker episode.
        const double target = std::log10(curve.marker_episode);
        size_t nearest = 0;
        for (size_t i = 1; i < x.size(); ++i) {
          if (std::abs(x[i] - target) < std::abs(x[nearest] - target)) nearest = i;
        }
        PLFLT marker_x = x[nearest], marker_y = y[nearest];
        pls.schr(0, 0.55);
        pls.string(1, &marker_x, &marker_y, "\u25CF");  // filled circle (UTF-8)
        pls.schr(0, 0.9);
        any_marker = true;
      }
    }
  }
  if (any_marker && !panel.marker_note.empty()) {
    pls.col0(1);
    pls.schr(0, 0.65);
    pls.mtex("b", -1.2, 0.98, 1.0, panel.marker_note.c_str());  // inside, bottom right
    pls.schr(0, 0.9);
  }

  const PLINT count = static_cast<PLINT>(panel.curves.size());
  if (count == 0) return;
  std::vector<PLINT> options(count, PL_LEGEND_LINE), text_colors(count, 1), line_colors,
      line_styles(count, 1);
  std::vector<PLFLT> line_widths(count, 2.0);
  std::vector<const char*> texts;
  for (const RegretCurve& curve : panel.curves) {
    line_colors.push_back(kFirstLineColor + curve.color % kPaletteSize);
    texts.push_back(curve.label.c_str());
  }
  PLFLT legend_width = 0, legend_height = 0;
  pls.width(1);
  pls.legend(&legend_width, &legend_height, PL_LEGEND_BACKGROUND | PL_LEGEND_BOUNDING_BOX,
             PL_POSITION_TOP | PL_POSITION_LEFT | PL_POSITION_INSIDE, 0.02, 0.02, 0.06, 0, 1, 1, 0,
             0, count, options.data(), 0.8, 0.7, 2.0, 0.0, text_colors.data(), texts.data(),
             nullptr, nullptr, nullptr, nullptr, line_colors.data(), line_styles.data(),
             line_widths.data(), nullptr, nullptr, nullptr, nullptr);
}

}  // namespace

absl::Status CheckPlplotDevice(const std::string& device) {
  constexpr int kMaxDevices = 128;
  const char* menus[kMaxDevices];
  const char* names[kMaxDevices];
  const char** menu_pointer = menus;
  const char** name_pointer = names;
  int count = kMaxDevices;
  plgDevs(&menu_pointer, &name_pointer, &count);
  for (int i = 0; i < count; ++i) {
    if (device == names[i]) return absl::OkStatus();
  }
  return absl::FailedPreconditionError(
      absl::StrCat("PLplot device '", device,
                   "' is not available; install the Debian package "
                   "plplot-driver-cairo (listed in deps/debian_packages.txt)"));
}

absl::Status RenderRegretPanels(const std::vector<RegretPanel>& panels, const std::string& device,
                                const std::string& path, int width, int height) {
  if (absl::Status status = CheckPlplotDevice(device); !status.ok()) return status;
  const int columns = panels.size() > 1 ? 2 : 1;
  const int rows = std::max<int>(1, (static_cast<int>(panels.size()) + columns - 1) / columns);
  {
    auto pls = std::make_unique<plstream>();
    pls->sdev(device.c_str());
    pls->sfnam(path.c_str());
    pls->setopt("geometry", absl::StrFormat("%dx%d", width, height).c_str());
    pls->scolbg(255, 255, 255);
    pls->scmap0n(kFirstBandColor + kPaletteSize);
    pls->scol0(0, 255, 255, 255);
    pls->scol0(1, 0, 0, 0);
    for (int i = 0; i < kPaletteSize; ++i) {
      pls->scol0(kFirstLineColor + i, kPalette[i][0], kPalette[i][1], kPalette[i][2]);
      pls->scol0a(kFirstBandColor + i, kPalette[i][0], kPalette[i][1], kPalette[i][2], 0.25);
    }
    pls->ssub(columns, rows);
    pls->init();
    pls->schr(0, 0.9);
    for (const RegretPanel& panel : panels) DrawPanel(*pls, panel);
    // Destroying the stream finishes the page and writes the file.
  }
  return absl::OkStatus();
}

}  // namespace dprl
