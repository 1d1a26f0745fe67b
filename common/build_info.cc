#include "common/build_info.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include "absl/strings/str_cat.h"
#include "common/build_info_stamp.h"

namespace dprl {

const BuildInfo& GetBuildInfo() {
  static const BuildInfo* const info = [] {
    auto* result = new BuildInfo;
    result->stamped = std::string(kStampGitCheckout) != "unknown";
    result->git_checkout = std::string(kStampGitCheckout) == "1";
    result->git_commit = kStampGitCommit;
    result->git_dirty = std::string(kStampGitDirty) == "1";
    result->version = kStampVersion;
    result->build_host = kStampBuildHost;
    // BUILD_TIMESTAMP is seconds since the epoch.
    char* end = nullptr;
    const long long seconds = std::strtoll(kStampBuildTimestamp, &end, 10);
    result->build_time = "unknown";
    if (end != kStampBuildTimestamp && *end == '\0' && seconds > 0) {
      const std::time_t time = static_cast<std::time_t>(seconds);
      std::tm utc;
      char text[32];
      if (gmtime_r(&time, &utc) != nullptr &&
          std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", &utc) > 0) {
        result->build_time = text;
      }
    }
    return result;
  }();
  return *info;
}

std::string VersionText(const std::string& program) {
  const BuildInfo& info = GetBuildInfo();
  return absl::StrCat(program, " ", info.version, " (git ", info.git_commit,
                      info.git_dirty ? ", uncommitted changes" : "", "; built ", info.build_time,
                      " on ", info.build_host, ")\n");
}

bool HandleVersionFlag(int argc, const char* const* argv, const std::string& program) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--version") == 0) {
      std::fputs(VersionText(program).c_str(), stdout);
      return true;
    }
  }
  return false;
}

}  // namespace dprl
