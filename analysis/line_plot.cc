#include "analysis/line_plot.h"

#include <plplot/plstream.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/plplot_text.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

constexpr int kFirstLineColor = 2;                                   // cmap0 indices 2..13: lines
constexpr int kFirstBandColor = kFirstLineColor + kPlotPaletteSize;  // 14..25: translucent bands

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

// Geometry in millimetres, in units of the character height `h` (kCharMm at scale 1).
constexpr double kCharMm = 3.0;
constexpr double kBoxWidth = 37.0;      // plot box, in h (111 mm)
constexpr double kBoxHeight = 25.0;     // 75 mm
constexpr double kLeft = 7.6;           // y tick labels and y label (pllab writes it at 5 h)
constexpr double kBottom = 4.4;         // x tick labels and x label (at 3.2 h)
constexpr double kNoteLine = 1.5;       // each line of the note below the x label
constexpr double kTop = 3.4;            // title (at 2 h) and the superscript of the top tick label
constexpr double kRight = 2.2;          // half of the last x tick label
constexpr double kLegendText = 0.85;    // legend and note text, relative to h
constexpr double kLegendSpacing = 1.9;  // legend row pitch, in h (PLplot's text_spacing unit)
constexpr double kLegendSample = 3.5;   // line sample, in h
constexpr double kCharWidth = 0.62;     // width of an average character, in text heights

// The note broken at spaces into lines no wider than the plot box.
std::vector<std::string> NoteLines(const std::string& note) {
  const int max_chars = static_cast<int>(kBoxWidth / (kCharWidth * kLegendText));
  std::vector<std::string> lines;
  std::string line;
  size_t start = 0;
  while (start <= note.size() && !note.empty()) {
    size_t end = note.find(' ', start);
    if (end == std::string::npos) end = note.size();
    const std::string word = note.substr(start, end - start);
    if (!line.empty() && VisibleLength(line) + 1 + VisibleLength(word) > max_chars) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

struct LegendEntry {
  std::string label;
  int color = 0;
  bool dashed = false;
  bool operator==(const LegendEntry& other) const {
    return label == other.label && color == other.color && dashed == other.dashed;
  }
};

// Appends the labelled curves of `panel` that are not in `entries` yet.
void AddLegendEntries(const PlotPanel& panel, std::vector<LegendEntry>& entries) {
  for (const PlotCurve& curve : panel.curves) {
    if (curve.label.empty()) continue;
    LegendEntry entry{curve.label, curve.color % kPlotPaletteSize, curve.dashed};
    if (std::find(entries.begin(), entries.end(), entry) == entries.end()) {
      entries.push_back(std::move(entry));
    }
  }
}

// Width in h of one legend entry column: PLplot's line sample with its margins and the text offset
// (measured: about 9 h for kLegendSample), then the text.
double EntryWidth(const std::vector<LegendEntry>& entries) {
  int longest = 0;
  for (const LegendEntry& entry : entries) longest = std::max(longest, VisibleLength(entry.label));
  return kLegendSample + 6.0 + longest * kCharWidth * kLegendText;
}

// A legend block: entries in `rows` x `cols`, with its size in h.
struct LegendBlock {
  std::vector<LegendEntry> entries;
  int rows = 0;
  int cols = 0;
  double width = 0;
  double height = 0;
};

LegendBlock MakeBlock(std::vector<LegendEntry> entries, double max_width) {
  LegendBlock block;
  block.entries = std::move(entries);
  const int count = static_cast<int>(block.entries.size());
  if (count == 0) return block;
  const double entry_width = EntryWidth(block.entries);
  block.cols = std::clamp(static_cast<int>((max_width - 1.0) / entry_width), 1, count);
  block.rows = (count + block.cols - 1) / block.cols;
  block.cols = (count + block.rows - 1) / block.rows;  // balance the columns
  block.width = block.cols * entry_width + 1.0;
  block.height = (block.rows + 0.3) * kLegendSpacing;
  return block;
}

// The page layout in h: every panel's box and the legend blocks with their regions.
using Rect = PlotRect;
struct PageLayout {
  double width = 0, height = 0;
  std::vector<Rect> boxes;           // one per panel
  std::vector<LegendBlock> legends;  // right: one per panel; below: one per column or 1
  std::vector<Rect> legend_regions;  // where each legend is centred (below) or starts (right)
};

PageLayout ComputeLayout(const std::vector<PlotPanel>& panels, const FigureLayout& figure) {
  const int count = static_cast<int>(panels.size());
  const int columns = figure.columns > 0 ? figure.columns : (count > 1 ? 2 : 1);
  const int rows = std::max(1, (count + columns - 1) / columns);
  PageLayout page;
  const bool right = figure.legend == LegendLayout::kRightOfEachPanel;
  // Per column, the widest right legend; per row, the most note lines of its panels.
  std::vector<double> legend_width(columns, 0.0);
  std::vector<size_t> row_note(rows, 0);
  if (right) {
    for (int i = 0; i < count; ++i) {
      std::vector<LegendEntry> entries;
      AddLegendEntries(panels[i], entries);
      page.legends.push_back(MakeBlock(std::move(entries), 1.0));  // one entry per row
      if (!page.legends.back().entries.empty()) {
        legend_width[i % columns] =
            std::max(legend_width[i % columns], page.legends.back().width + 1.0);
      }
    }
  }
  for (int i = 0; i < count; ++i)
    row_note[i / columns] = std::max(row_note[i / columns], NoteLines(panels[i].note).size());
  std::vector<double> cell_width(columns), cell_height(rows);
  for (int c = 0; c < columns; ++c) cell_width[c] = kLeft + kBoxWidth + kRight + legend_width[c];
  for (int r = 0; r < rows; ++r) {
    cell_height[r] = kTop + kBoxHeight + kBottom + row_note[r] * kNoteLine;
  }
  if (right) {  // a legend taller than its box and the box's bottom margin makes the row taller
    for (int i = 0; i < count; ++i) {
      double& height = cell_height[i / columns];
      height = std::max(height, kTop + page.legends[i].height + 1.0);
    }
  }
  page.width = 0;
  for (double w : cell_width) page.width += w;
  // Legends below: one per column, or one for the page when all columns agree.
  double strip = 0;
  if (!right) {
    std::vector<std::vector<LegendEntry>> per_column(columns);
    for (int i = 0; i < count; ++i) AddLegendEntries(panels[i], per_column[i % columns]);
    const bool shared = std::all_of(per_column.begin(), per_column.end(),
                                    [&](const auto& e) { return e == per_column[0]; });
    double x = 0;
    for (int c = 0; c < (shared ? 1 : columns); ++c) {
      const double width = shared ? page.width : cell_width[c];
      page.legends.push_back(MakeBlock(per_column[c], width - kLeft));
      page.legend_regions.push_back({x + (shared ? 0.0 : kLeft), x + width, 0, 0});
      strip = std::max(strip, page.legends.back().height);
      x += width;
    }
    if (strip > 0) strip += 1.0;
    for (Rect& region : page.legend_regions) region.y1 = strip;
  }
  page.height = strip;
  for (double h : cell_height) page.height += h;
  double y_top = page.height;
  for (int r = 0; r < rows; ++r) {
    double x = 0;
    for (int c = 0; c < columns; ++c) {
      if (r * columns + c >= count) break;
      Rect box{x + kLeft, x + kLeft + kBoxWidth, y_top - kTop - kBoxHeight, y_top - kTop};
      page.boxes.push_back(box);
      if (right)
        page.legend_regions.push_back({box.x1 + kRight, x + cell_width[c], box.y0, box.y1});
      x += cell_width[c];
    }
    y_top -= cell_height[r];
  }
  return page;
}

// The box a legend block occupies in its region: top left (right of a panel) or centred at the top
// (below the panels), as DrawLegend places it.
PlotRect LegendExtent(const LegendBlock& block, const Rect& region, bool top_left) {
  const double x0 = top_left ? region.x0 : 0.5 * (region.x0 + region.x1 - block.width);
  const double y1 = top_left ? region.y1 : region.y1 - 0.5;
  return {x0, x0 + block.width, y1 - block.height, y1};
}

// Draws `block` in the current viewport (which is `region`): at its top left when `top_left`,
// else centred at the top.
void DrawLegend(plstream& pls, const LegendBlock& block, const Rect& region, bool top_left,
                double mm) {
  const PLINT count = static_cast<PLINT>(block.entries.size());
  if (count == 0) return;
  std::vector<PLINT> options(count, PL_LEGEND_LINE), text_colors(count, 1), line_colors,
      line_styles;
  std::vector<PLFLT> line_widths(count, 2.0);
  std::vector<const char*> texts;
  for (const LegendEntry& entry : block.entries) {
    line_colors.push_back(kFirstLineColor + entry.color);
    line_styles.push_back(entry.dashed ? 2 : 1);
    texts.push_back(entry.label.c_str());
  }
  pls.svpa(region.x0 * mm, region.x1 * mm, region.y0 * mm, region.y1 * mm);
  pls.wind(0, 1, 0, 1);
  const double region_width = region.x1 - region.x0;
  PLFLT legend_width = 0, legend_height = 0;
  pls.width(1);
  pls.col0(1);
  pls.legend(&legend_width, &legend_height, PL_LEGEND_BACKGROUND | PL_LEGEND_BOUNDING_BOX,
             top_left ? PL_POSITION_TOP | PL_POSITION_LEFT | PL_POSITION_INSIDE
                      : PL_POSITION_TOP | PL_POSITION_INSIDE,
             0.0, top_left ? 0.0 : 0.5 / (region.y1 - region.y0), kLegendSample / region_width, 0,
             1, 1, block.rows, block.cols, count, options.data(), 1.0, kLegendText, kLegendSpacing,
             0.0, text_colors.data(), texts.data(), nullptr, nullptr, nullptr, nullptr,
             line_colors.data(), line_styles.data(), line_widths.data(), nullptr, nullptr, nullptr,
             nullptr);
}

// Maps one axis: its world limits (log10 on a log axis).
std::pair<double, double> WorldLimits(const AxisRange& range, double pad, double explicit_min,
                                      double explicit_max) {
  auto [low, high] = range.Limits(pad);
  if (std::isfinite(explicit_min) && range.Usable(explicit_min)) low = range.Map(explicit_min);
  if (std::isfinite(explicit_max) && range.Usable(explicit_max)) high = range.Map(explicit_max);
  if (!(low < high)) std::tie(low, high) = range.Limits(pad);
  return {low, high};
}

void DrawPanel(plstream& pls, const PlotPanel& panel, const Rect& box, double mm) {
  AxisRange x_range{panel.log_x}, y_range{panel.log_y};
  const auto in_x = [&](double x) {
    return (!std::isfinite(panel.x_min) || x >= panel.x_min) &&
           (!std::isfinite(panel.x_max) || x <= panel.x_max);
  };
  for (const PlotCurve& curve : panel.curves) {
    for (size_t i = 0; i < curve.x.size(); ++i) {
      if (!x_range.Usable(curve.x[i]) || !y_range.Usable(curve.y[i])) continue;
      x_range.Add(curve.x[i]);
      if (!in_x(curve.x[i])) continue;  // the y axis spans what is visible
      y_range.Add(curve.y[i]);
      // The lower band edge does not extend the axis (with few seeds it can reach far below the
      // means, or below zero); it is clipped to the axis minimum instead.
      if (!curve.upper.empty()) y_range.Add(curve.upper[i]);
    }
  }
  const auto [x_low, x_high] = WorldLimits(x_range, 0.0, panel.x_min, panel.x_max);
  const auto [y_low, y_high] = WorldLimits(y_range, 0.04, panel.y_min, panel.y_max);

  pls.svpa(box.x0 * mm, box.x1 * mm, box.y0 * mm, box.y1 * mm);
  pls.wind(x_low, x_high, y_low, y_high);
  pls.col0(1);
  pls.width(1);
  pls.lsty(1);
  pls.box(panel.log_x ? "bcnstl" : "bcnst", panel.log_x ? 0 : panel.x_tick, 0,
          panel.log_y ? "bcnstvl" : "bcnstv", 0, 0);
  pls.lab(panel.x_label.c_str(), panel.y_label.c_str(), panel.title.c_str());

  // Translucent bands: the more of them overlap, the lighter each (alpha 0.25 for up to two,
  // 0.5 / bands for more, at least 0.12), so that the lines stay visible.
  int bands = 0;
  for (const PlotCurve& curve : panel.curves) bands += curve.lower.empty() ? 0 : 1;
  const double alpha = std::clamp(0.5 / std::max(bands, 1), 0.12, 0.25);
  for (int i = 0; i < kPlotPaletteSize; ++i) {
    const std::array<int, 3> rgb = PlotPaletteRgb(i);
    pls.scol0a(kFirstBandColor + i, rgb[0], rgb[1], rgb[2], alpha);
  }

  const double y_floor = y_low;  // in world (mapped) coordinates
  for (const PlotCurve& curve : panel.curves) {
    const int color = curve.color % kPlotPaletteSize;
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
      if (marker_x >= x_low && marker_x <= x_high && marker_y >= y_low && marker_y <= y_high) {
        pls.schr(0, 0.6);
        pls.string(1, &marker_x, &marker_y, "\u25CF");  // filled circle (UTF-8)
        pls.schr(0, 1.0);
      }
    }
  }
  if (!panel.note.empty()) {
    pls.col0(1);
    pls.schr(0, kLegendText);
    const std::vector<std::string> lines = NoteLines(panel.note);
    for (size_t i = 0; i < lines.size(); ++i) {
      pls.mtex("b", (kBottom + i * kNoteLine) / kLegendText + 0.6, 1.0, 1.0, lines[i].c_str());
    }
    pls.schr(0, 1.0);
  }
}

// `panels` with every text (title, axis labels, note, curve labels) in PLplot's syntax.
std::vector<PlotPanel> InPlplotText(std::vector<PlotPanel> panels) {
  for (PlotPanel& panel : panels) {
    for (std::string* text : {&panel.title, &panel.x_label, &panel.y_label, &panel.note}) {
      *text = PlplotText(*text);
    }
    for (PlotCurve& curve : panel.curves) curve.label = PlplotText(curve.label);
  }
  return panels;
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

PlotPageLayout ComputePageLayout(const std::vector<PlotPanel>& panels, const FigureLayout& layout) {
  const PageLayout page = ComputeLayout(panels, layout);
  PlotPageLayout result;
  result.width = page.width;
  result.height = page.height;
  for (const Rect& box : page.boxes) result.boxes.push_back({box.x0, box.x1, box.y0, box.y1});
  const bool right = layout.legend == LegendLayout::kRightOfEachPanel;
  for (size_t i = 0; i < page.legends.size(); ++i) {
    if (page.legends[i].entries.empty()) continue;
    result.legends.push_back(LegendExtent(page.legends[i], page.legend_regions[i], right));
  }
  return result;
}

std::array<int, 3> PlotPaletteRgb(int color) {
  // Matplotlib's "tab10", then black and gold.
  static constexpr int kPalette[kPlotPaletteSize][3] = {
      {31, 119, 180},  {255, 127, 14}, {44, 160, 44},   {214, 39, 40},
      {148, 103, 189}, {140, 86, 75},  {227, 119, 194}, {127, 127, 127},
      {188, 189, 34},  {23, 190, 207}, {0, 0, 0},       {255, 215, 0}};
  const int* rgb = kPalette[color % kPlotPaletteSize];
  return {rgb[0], rgb[1], rgb[2]};
}

int VisibleLength(const std::string& text) {
  int length = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if ((c & 0xC0) == 0x80) continue;  // UTF-8 continuation byte
    if (c == '#' && i + 1 < text.size()) {
      const char next = text[i + 1];
      if (next == 'u' || next == 'd') {
        ++i;
        continue;
      }
      if (next == 'g' && i + 2 < text.size()) {
        i += 2;
      } else if (next == '#') {
        ++i;
      }
    }
    ++length;
  }
  return length;
}

absl::Status RenderPanels(const std::vector<PlotPanel>& display_panels, const FigureLayout& layout,
                          const std::string& device, const std::string& path, double scale) {
  RETURN_IF_ERROR(CheckPlplotDevice(device));
  const std::vector<PlotPanel> panels = InPlplotText(display_panels);
  const PageLayout page = ComputeLayout(panels, layout);
  // Device units per mm: cairo devices work at 72 units per inch.
  const double units_per_h = kCharMm * scale * 72.0 / 25.4;
  const int width = static_cast<int>(std::ceil(page.width * units_per_h));
  const int height = static_cast<int>(std::ceil(page.height * units_per_h));
  {
    auto pls = std::make_unique<plstream>();
    pls->sdev(device.c_str());
    pls->sfnam(path.c_str());
    pls->setopt("geometry", absl::StrFormat("%dx%d", width, height).c_str());
    pls->scolbg(255, 255, 255);
    pls->scmap0n(kFirstBandColor + kPlotPaletteSize);
    pls->scol0(0, 255, 255, 255);
    pls->scol0(1, 0, 0, 0);
    for (int i = 0; i < kPlotPaletteSize; ++i) {
      const std::array<int, 3> rgb = PlotPaletteRgb(i);
      pls->scol0(kFirstLineColor + i, rgb[0], rgb[1], rgb[2]);
    }
    pls->init();
    pls->adv(0);
    // PLplot's idea of the page in mm fixes the scale: one h is this many of its mm.
    PLFLT x_min_mm, x_max_mm, y_min_mm, y_max_mm;
    pls->gspa(x_min_mm, x_max_mm, y_min_mm, y_max_mm);
    const double mm = (x_max_mm - x_min_mm) / page.width;
    pls->schr(mm, 1.0);
    for (size_t i = 0; i < panels.size(); ++i) DrawPanel(*pls, panels[i], page.boxes[i], mm);
    const bool right = layout.legend == LegendLayout::kRightOfEachPanel;
    for (size_t i = 0; i < page.legends.size(); ++i) {
      DrawLegend(*pls, page.legends[i], page.legend_regions[i], right, mm);
    }
    // Destroying the stream finishes the page and writes the file.
  }
  return absl::OkStatus();
}

absl::Status RenderPngAndPdf(const std::vector<PlotPanel>& panels, const std::string& png_path,
                             const std::string& pdf_path, const FigureLayout& layout) {
  RETURN_IF_ERROR(RenderPanels(panels, layout, "pngcairo", png_path, 2.0));
  return RenderPanels(panels, layout, "pdfcairo", pdf_path, 1.0);
}

}  // namespace dprl
