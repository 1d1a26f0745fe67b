#include "experiments/runner/progress.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

TEST(FormatDurationTest, Formats) {
  EXPECT_EQ(FormatDuration(0), "0s");
  EXPECT_EQ(FormatDuration(59.4), "59s");
  EXPECT_EQ(FormatDuration(190), "3m10s");
  EXPECT_EQ(FormatDuration(7507), "2h05m07s");
  EXPECT_EQ(FormatDuration(-1), "?");
  EXPECT_EQ(FormatDuration(std::nan("")), "?");
}

TEST(ProgressMonitorTest, EtaFromWeightedWorkDone) {
  ProgressMonitor::Options options;
  options.label = "exp";
  options.tasks_to_run = 4;
  options.tasks_resumed = 2;
  options.total_weight = 8;  // weights 1, 1, 3, 3
  ProgressMonitor monitor(options);
  EXPECT_THAT(monitor.StatusLine(10), HasSubstr("exp: 2/6 tasks done (2 resumed, 0 running)"));
  EXPECT_THAT(monitor.StatusLine(10), HasSubstr("ETA ?"));
  monitor.TaskStarted(0, 3);
  monitor.TaskStarted(1, 1);
  monitor.TaskProgress(0, 0.5);  // 1.5 of 8 done
  monitor.TaskFinished(1);       // 2.5 of 8 done
  // ETA = elapsed * (8 - 2.5) / 2.5 = 25 * 2.2 = 55 s.
  const std::string line = monitor.StatusLine(25);
  EXPECT_THAT(line, HasSubstr("3/6 tasks done (2 resumed, 1 running)"));
  EXPECT_THAT(line, HasSubstr("31% of work"));
  EXPECT_THAT(line, HasSubstr("elapsed 25s, ETA 55s"));
  monitor.TaskProgress(0, 7.0);  // clamped to 1
  EXPECT_THAT(monitor.StatusLine(25), HasSubstr("50% of work"));
}

TEST(ProgressMonitorTest, ResumedTasksCountAsDoneWorkButNotInTheEta) {
  ProgressMonitor::Options options;
  options.label = "exp";
  options.tasks_to_run = 44;
  options.tasks_resumed = 44;
  options.total_weight = 44;  // equal weights
  options.resumed_weight = 44;
  ProgressMonitor monitor(options);
  EXPECT_THAT(monitor.StatusLine(10), HasSubstr("44/88 tasks done (44 resumed, 0 running), 50%"));
  monitor.TaskStarted(0, 1);
  monitor.TaskFinished(0);  // 1 of this run's 44 in 10 s: 43 more take 430 s
  EXPECT_THAT(monitor.StatusLine(10), HasSubstr("ETA 7m10s"));
}

// Runs a one-task monitor for 300 ms at a 50 ms interval in `style`; returns what it printed.
std::string RunMonitor(ProgressStyle style) {
  char* buffer = nullptr;
  size_t size = 0;
  FILE* out = open_memstream(&buffer, &size);
  ProgressMonitor::Options options;
  options.label = "exp";
  options.tasks_to_run = 1;
  options.total_weight = 1;
  options.interval_seconds = 0.05;
  options.out = out;
  options.style = style;
  {
    ProgressMonitor monitor(options);
    monitor.Start();
    monitor.TaskStarted(0, 1);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    monitor.TaskFinished(0);
    monitor.Stop();
  }
  std::fclose(out);
  const std::string text(buffer, size);
  free(buffer);
  return text;
}

TEST(ProgressMonitorTest, PrintsPeriodicallyAndFinalLine) {
  const std::string text = RunMonitor(ProgressStyle::kLines);
  // >= 2 periodic lines in 300 ms at a 50 ms interval, plus the final one.
  EXPECT_GE(std::count(text.begin(), text.end(), '\n'), 3) << text;
  EXPECT_EQ(text.find('\r'), std::string::npos) << text;
  EXPECT_EQ(text.find('\x1b'), std::string::npos) << text;
  EXPECT_THAT(text, HasSubstr("\nexp: 1/1 tasks done (0 resumed, 0 running), 100% of work"));
  EXPECT_THAT(text, ::testing::EndsWith(", ETA 0s\n"));
}

TEST(ProgressMonitorTest, OnATerminalRewritesOneLineAndEndsWithANewline) {
  const std::string text = RunMonitor(ProgressStyle::kTerminal);
  // >= 2 periodic rewrites plus the final one, each "\r" + line + erase-to-end-of-line; the only
  // newline is the last byte.
  EXPECT_GE(std::count(text.begin(), text.end(), '\r'), 3) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;
  EXPECT_EQ(text.rfind("\r"), text.rfind("\rexp: 1/1 tasks done (0 resumed, 0 running)"));
  EXPECT_THAT(text, HasSubstr("100% of work, elapsed "));
  EXPECT_THAT(text, ::testing::EndsWith(", ETA 0s\x1b[K\n"));
  EXPECT_EQ(text.front(), '\r') << text;
}

TEST(ProgressMonitorTest, AutoStyleFollowsIsatty) {
  char* buffer = nullptr;
  size_t size = 0;
  FILE* memory = open_memstream(&buffer, &size);
  ProgressMonitor::Options options;
  options.out = memory;
  EXPECT_EQ(ProgressMonitor(options).style(), ProgressStyle::kLines);  // not a terminal
  options.style = ProgressStyle::kTerminal;
  EXPECT_EQ(ProgressMonitor(options).style(), ProgressStyle::kTerminal);  // injected
  std::fclose(memory);
  free(buffer);
}

TEST(FormatProgressOutputTest, LinesAndTerminal) {
  EXPECT_EQ(FormatProgressOutput("a: 1/2", ProgressStyle::kLines, false), "a: 1/2\n");
  EXPECT_EQ(FormatProgressOutput("a: 2/2", ProgressStyle::kLines, true), "a: 2/2\n");
  EXPECT_EQ(FormatProgressOutput("a: 1/2", ProgressStyle::kTerminal, false), "\ra: 1/2\x1b[K");
  EXPECT_EQ(FormatProgressOutput("a: 2/2", ProgressStyle::kTerminal, true), "\ra: 2/2\x1b[K\n");
}

}  // namespace
}  // namespace dprl
