// Progress and ETA of a run, printed on stderr by rank 0 (docs/conventions.md: long runs show
// progress).
//
// Each task carries a weight (its config's estimated_core_seconds). Work done = sum of the weights
// of finished tasks + weight x reported fraction of running tasks; ETA = elapsed x (total - done)
// / done over this process's tasks; "% of work" also counts the resumed tasks as done. A background thread prints the status every `interval` (default 2 s) while running:
//   vietri_fig: 12/40 tasks done (8 resumed, 2 running), 31% of work, elapsed 1m02s, ETA 2m18s
// On a terminal the status is one line rewritten in place ("\r", the line, then "erase to end of
// line"), ended by a newline at Stop(); in a log (stderr not a terminal) each status is a plain
// line of its own, as above.
#ifndef DPRL_EXPERIMENTS_RUNNER_PROGRESS_H_
#define DPRL_EXPERIMENTS_RUNNER_PROGRESS_H_

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace dprl {

// "12s", "3m10s", "2h05m07s"; negative or non-finite -> "?".
std::string FormatDuration(double seconds);

enum class ProgressStyle {
  kAuto,      // kTerminal if the output stream is a terminal (isatty), else kLines
  kLines,     // one plain line per status: line + "\n"
  kTerminal,  // one updating line: "\r" + line + "\x1b[K", plus "\n" after the final status
};

// The bytes written for one status `line` in `style` (kLines or kTerminal; kAuto is a bug).
// `final` is the status printed by Stop().
std::string FormatProgressOutput(const std::string& line, ProgressStyle style, bool final);

class ProgressMonitor {
 public:
  struct Options {
    std::string label;        // printed first, e.g. the experiment name
    int tasks_to_run = 0;     // tasks this run computes
    int tasks_resumed = 0;    // tasks found already done
    double total_weight = 0;  // sum of the weights of the tasks to run
    // Sum of the weights of the resumed tasks: counted as done in "% of work" (the whole run's
    // work, so 44 of 88 equal tasks resumed start at 50%), never in the ETA, which extrapolates
    // from what this process computed.
    double resumed_weight = 0;
    double interval_seconds = 2.0;
    FILE* out = stderr;
    ProgressStyle style = ProgressStyle::kAuto;  // resolved against `out` at construction
  };
  explicit ProgressMonitor(Options options);
  ~ProgressMonitor();  // stops the thread if still running
  ProgressMonitor(const ProgressMonitor&) = delete;
  ProgressMonitor& operator=(const ProgressMonitor&) = delete;

  // Starts the printing thread (and the clock).
  void Start();
  // Thread-safe updates.
  void TaskStarted(int task_id, double weight);
  void TaskProgress(int task_id, double fraction);
  void TaskFinished(int task_id);
  // Stops the thread and prints a final line.
  void Stop();

  // The status line for a given elapsed time (exposed for tests).
  std::string StatusLine(double elapsed_seconds) const;
  // kLines or kTerminal: options.style with kAuto resolved.
  ProgressStyle style() const { return style_; }

 private:
  void Loop();
  void Print(double elapsed_seconds, bool final);

  const Options options_;
  const ProgressStyle style_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
  std::chrono::steady_clock::time_point start_;
  int finished_ = 0;
  double finished_weight_ = 0;
  std::map<int, std::pair<double, double>> running_;  // task -> (weight, fraction)
};

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_RUNNER_PROGRESS_H_
