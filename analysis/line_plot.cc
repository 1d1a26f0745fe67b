#include "analysis/line_plot.h"

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

// Data range of one axis; on a log axis only positive finite values count.
struct AxisRange {
  bool log = true;
  double min = std::numeric_limits<double>::infinity();
  double max = -std::numeric_limits<double>::infinity();
  bool Usable(double value) const { return std::isfinite(value) && (!log || value > 0); }
  void Add(double value) {
    if (!Usable(value)) return;
    min = std::min(min, value);
    max = std::max(max, value);
  }
  bool empty() const { return !(min <= max); }
  double Map(double value) const { return log ? std::log10(value) : value; }
  // World-coordinate limits: log axes span at least one decade, linear ones a nonzero width;
  // `pad` is the fraction of the span added on both sides.
  std::pair<double, double> Limits(double pad) const {
    double low = empty() ? (log ? 0.0 : 0.0) : Map(min);
    double high = empty() ? 1.0 : Map(max);
    if (high - low < (log ? 1.0 : 1e-12)) {
      const double mid = 0.5 * (low + high);
      const double half = log ? 0.5 : std::max(1e-12, std::fabs(mid) * 0.05 + 0.5);
      low = mid - half;
      high = mid + half;
    }
    const double margin = pad * (high - low);
    return {low - margin, high + margin};
  }
};

void DrawLegend(plstream& pls, const PlotPanel& panel) {
  std::vector<PLINT> line_colors, line_styles;
  std::vector<const char*> texts;
  for (const PlotCurve& curve : panel.curves) {
    if (curve.label.empty()) continue;
    line_colors.push_back(kFirstLineColor + curve.color % kPaletteSize);
    line_styles.push_back(curve.dashed ? 2 : 1);
    texts.push_back(curve.label.c_str());
  }
  const PLINT count = static_cast<PLINT>(texts.size());
  if (count == 0) return;
  std::vector<PLINT> options(count, PL_LEGEND_LINE), text_colors(count, 1);
  std::vector<PLFLT> line_widths(count, 2.0);
  PLFLT legend_width = 0, legend_height = 0;
  pls.width(1);
  const PLINT position = panel.legend_outside
                             ? PL_POSITION_RIGHT | PL_POSITION_OUTSIDE
                             : PL_POSITION_TOP | PL_POSITION_LEFT | PL_POSITION_INSIDE;
  pls.legend(&legend_width, &legend_height, PL_LEGEND_BACKGROUND | PL_LEGEND_BOUNDING_BOX, position,
             0.02, panel.legend_outside ? 0.0 : 0.02, 0.06, 0, 1, 1, 0, 0, count, options.data(),
             panel.legend_outside ? 0.65 : 0.8, 0.7, 2.0, 0.0, text_colors.data(), texts.data(),
             nullptr, nullptr, nullptr, nullptr, line_colors.data(), line_styles.data(),
             line_widths.data(), nullptr, nullptr, nullptr, nullptr);
}

void DrawPanel(plstream& pls, const PlotPanel& panel) {
  AxisRange x_range{panel.log_x}, y_range{panel.log_y};
  for (const PlotCurve& curve : panel.curves) {
    for (size_t i = 0; i < curve.x.size(); ++i) {
      if (!x_range.Usable(curve.x[i]) || !y_range.Usable(curve.y[i])) continue;
      x_range.Add(curve.x[i]);
      y_range.Add(curve.y[i]);
      // The lower band edge does not extend the axis (with few seeds it can reach far below the
      // means, or below zero); it is clipped to the axis minimum instead.
      if (!curve.upper.empty()) y_range.Add(curve.upper[i]);
    }
  }
  const auto [x_low, x_high] = x_range.Limits(0.0);
  const auto [y_low, y_data_high] = y_range.Limits(0.05);
  const double headroom = std::clamp(panel.legend_headroom, 0.0, 0.9);
  const double y_high = y_low + (y_data_high - y_low) / (1.0 - headroom);

  pls.adv(0);
  pls.vpor(0.15, panel.legend_outside ? 0.60 : 0.95, 0.14, 0.90);
  pls.wind(x_low, x_high, y_low, y_high);
  pls.col0(1);
  pls.width(1);
  pls.lsty(1);
  pls.box(panel.log_x ? "bcnstl" : "bcnst", 0, 0, panel.log_y ? "bcnstvl" : "bcnstv", 0, 0);
  pls.lab(panel.x_label.c_str(), panel.y_label.c_str(), panel.title.c_str());

  const double y_floor = y_low;  // in world (mapped) coordinates
  for (const PlotCurve& curve : panel.curves) {
    const int color = curve.color % kPaletteSize;
    std::vector<PLFLT> x, y, band_x, band_low, band_high;
    for (size_t i = 0; i < curve.x.size(); ++i) {
      if (!x_range.Usable(curve.x[i]) || !y_range.Usable(curve.y[i])) continue;
      x.push_back(x_range.Map(curve.x[i]));
      y.push_back(y_range.Map(curve.y[i]));
      if (!curve.lower.empty()) {
        band_x.push_back(x.back());
        auto clipped = [&](double v) {
          return y_range.Usable(v) ? std::max(y_range.Map(v), y_floor) : y_floor;
        };
        band_low.push_back(clipped(curve.lower[i]));
        band_high.push_back(clipped(curve.upper[i]));
      }
    }
    if (band_x.size() >= 2) {
      std::vector<PLFLT> polygon_x(band_x), polygon_y(band_high);
      polygon_x.insert(polygon_x.end(), band_x.rbegin(), band_x.rend());
      polygon_y.insert(polygon_y.end(), band_low.rbegin(), band_low.rend());
      pls.col0(kFirstBandColor + color);
      pls.fill(static_cast<PLINT>(polygon_x.size()), polygon_x.data(), polygon_y.data());
    }
    if (x.empty()) continue;
    pls.col0(kFirstLineColor + color);
    pls.width(2);
    pls.lsty(curve.dashed ? 2 : 1);
    pls.line(static_cast<PLINT>(x.size()), x.data(), y.data());
    pls.lsty(1);
    if (curve.marker_x > 0 && x_range.Usable(curve.marker_x)) {
      const double target = x_range.Map(curve.marker_x);
      size_t nearest = 0;
      for (size_t i = 1; i < x.size(); ++i) {
        if (std::abs(x[i] - target) < std::abs(x[nearest] - target)) nearest = i;
      }
      PLFLT marker_x = x[nearest], marker_y = y[nearest];
      pls.schr(0, 0.55);
      pls.string(1, &marker_x, &marker_y, "\u25CF");  // filled circle (UTF-8)
      pls.schr(0, 0.9);
    }
  }
  if (!panel.note.empty()) {
    pls.col0(1);
    pls.schr(0, 0.65);
    pls.mtex("b", -1.2, 0.98, 1.0, panel.note.c_str());  // inside the box, bottom right
    pls.schr(0, 0.9);
  }
  DrawLegend(pls, panel);
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

namespace {
int ColumnCount(const std::vector<PlotPanel>& panels, int columns) {
  if (columns > 0) return columns;
  return panels.size() > 1 ? 2 : 1;
}
}  // namespace

absl::Status RenderPanels(const std::vector<PlotPanel>& panels, const std::string& device,
                          const std::string& path, int width, int height, int columns_wanted) {
  if (absl::Status status = CheckPlplotDevice(device); !status.ok()) return status;
  const int columns = ColumnCount(panels, columns_wanted);
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
    for (const PlotPanel& panel : panels) DrawPanel(*pls, panel);
    // Destroying the stream finishes the page and writes the file.
  }
  return absl::OkStatus();
}

absl::Status RenderPngAndPdf(const std::vector<PlotPanel>& panels, const std::string& png_path,
                             const std::string& pdf_path, int columns_wanted) {
  const int columns = ColumnCount(panels, columns_wanted);
  const int rows = std::max<int>(1, (static_cast<int>(panels.size()) + columns - 1) / columns);
  if (absl::Status status =
          RenderPanels(panels, "pngcairo", png_path, 700 * columns, 520 * rows, columns);
      !status.ok()) {
    return status;
  }
  return RenderPanels(panels, "pdfcairo", pdf_path, 420 * columns, 312 * rows, columns);
}

}  // namespace dprl
