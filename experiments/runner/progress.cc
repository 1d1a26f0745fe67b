#include "experiments/runner/progress.h"

#include <glog/logging.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace dprl {

std::string FormatDuration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  const int64_t total = static_cast<int64_t>(std::llround(seconds));
  const int64_t hours = total / 3600, minutes = (total / 60) % 60, secs = total % 60;
  if (hours > 0) return absl::StrFormat("%dh%02dm%02ds", hours, minutes, secs);
  if (minutes > 0) return absl::StrFormat("%dm%02ds", minutes, secs);
  return absl::StrFormat("%ds", secs);
}

std::string FormatProgressOutput(const std::string& line, ProgressStyle style, bool final) {
  CHECK(style != ProgressStyle::kAuto) << "FormatProgressOutput needs a resolved style";
  if (style == ProgressStyle::kLines) return line + "\n";
  return absl::StrCat("\r", line, "\x1b[K", final ? "\n" : "");
}

ProgressMonitor::ProgressMonitor(Options options)
    : options_(std::move(options)),
      style_(options_.style != ProgressStyle::kAuto ? options_.style
             : isatty(fileno(options_.out))         ? ProgressStyle::kTerminal
                                                    : ProgressStyle::kLines) {}

ProgressMonitor::~ProgressMonitor() {
  if (thread_.joinable()) Stop();
}

void ProgressMonitor::Start() {
  std::lock_guard<std::mutex> lock(mutex_);
  start_ = std::chrono::steady_clock::now();
  stopping_ = false;
  thread_ = std::thread([this] { Loop(); });
}

void ProgressMonitor::TaskStarted(int task_id, double weight) {
  std::lock_guard<std::mutex> lock(mutex_);
  running_[task_id] = {weight, 0.0};
}

void ProgressMonitor::TaskProgress(int task_id, double fraction) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = running_.find(task_id);
  if (it == running_.end() || !(fraction >= 0)) return;  // also drops NaN
  it->second.second = std::min(1.0, fraction);
}

void ProgressMonitor::TaskFinished(int task_id) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = running_.find(task_id);
  if (it == running_.end()) return;
  ++finished_;
  finished_weight_ += it->second.first;
  running_.erase(it);
}

void ProgressMonitor::Stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  Print(std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(), true);
}

void ProgressMonitor::Print(double elapsed_seconds, bool final) {
  const std::string text = FormatProgressOutput(StatusLine(elapsed_seconds), style_, final);
  std::fputs(text.c_str(), options_.out);
  std::fflush(options_.out);
}

std::string ProgressMonitor::StatusLine(double elapsed_seconds) const {
  std::lock_guard<std::mutex> lock(mutex_);
  double done = finished_weight_;
  for (const auto& [task, weight_fraction] : running_) {
    done += weight_fraction.first * weight_fraction.second;
  }
  const double whole = options_.resumed_weight + options_.total_weight;
  const double fraction = whole > 0 ? (options_.resumed_weight + done) / whole : 1.0;
  std::string eta = "?";
  if (finished_ == options_.tasks_to_run) {
    eta = "0s";
  } else if (done > 0) {
    eta = FormatDuration(elapsed_seconds * (options_.total_weight - done) / done);
  }
  return absl::StrFormat(
      "%s: %d/%d tasks done (%d resumed, %d running), %.0f%% of work, elapsed %s, ETA %s",
      options_.label, finished_ + options_.tasks_resumed,
      options_.tasks_to_run + options_.tasks_resumed, options_.tasks_resumed,
      static_cast<int>(running_.size()), 100.0 * std::min(1.0, fraction),
      FormatDuration(elapsed_seconds), eta);
}

void ProgressMonitor::Loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  const auto interval = std::chrono::duration<double>(options_.interval_seconds);
  while (!wake_.wait_for(lock, interval, [this] { return stopping_; })) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    lock.unlock();
    Print(elapsed, false);
    lock.lock();
  }
}

}  // namespace dprl
