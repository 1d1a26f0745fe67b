#include "common/command_line.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <climits>
#include <cstdlib>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace dprl {

std::optional<std::string> CommandLine::Get(const std::string& name) const {
  auto it = values.find(name);
  if (it == values.end()) return std::nullopt;
  return it->second;
}

std::vector<std::string> CommandLine::GetAll(const std::string& name) const {
  auto it = repeated.find(name);
  if (it == repeated.end()) return {};
  return it->second;
}

absl::StatusOr<CommandLine> SplitCommandLine(int argc, const char* const* argv,
                                             const std::vector<std::string>& known_names,
                                             const std::vector<std::string>& repeatable_names,
                                             const std::vector<std::string>& switch_names) {
  auto contains = [](const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  CommandLine command_line;
  for (int i = 1; i < argc; ++i) {
    const absl::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      command_line.help = true;
      continue;
    }
    if (arg.substr(0, 2) != "--") {
      return absl::InvalidArgumentError(absl::StrCat(
          "unexpected argument '", arg, "' (flags have the form --flag=value; see --help)"));
    }
    const size_t eq = arg.find('=');
    const std::string name(arg.substr(0, eq));
    if (!contains(known_names, name)) {
      return absl::InvalidArgumentError(absl::StrCat("unknown flag '", arg, "' (see --help)"));
    }
    const bool bare_switch = eq == absl::string_view::npos && contains(switch_names, name);
    if (eq == absl::string_view::npos && !bare_switch) {
      return absl::InvalidArgumentError(
          absl::StrCat("flag ", name, " needs a value: ", name, "=VALUE"));
    }
    std::string value = bare_switch ? "true" : std::string(arg.substr(eq + 1));
    if (contains(repeatable_names, name)) {
      command_line.repeated[name].push_back(std::move(value));
      continue;
    }
    if (!command_line.values.emplace(name, std::move(value)).second) {
      return absl::InvalidArgumentError(absl::StrCat("flag ", name, " is given more than once"));
    }
  }
  return command_line;
}

absl::Status CheckRequiredFlags(const CommandLine& command_line,
                                const std::vector<std::string>& required) {
  std::vector<std::string> missing;
  for (const std::string& name : required) {
    if (command_line.values.count(name) == 0) missing.push_back(absl::StrCat(name, "=VALUE"));
  }
  if (missing.empty()) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat("missing required flag",
                                                 missing.size() > 1 ? "s " : " ",
                                                 absl::StrJoin(missing, " "), " (see --help)"));
}

bool ParseUnsignedText(absl::string_view text, uint64_t* value) {
  if (text.empty()) return false;
  const char* end = text.data() + text.size();
  auto [ptr, error] = std::from_chars(text.data(), end, *value);
  return error == std::errc() && ptr == end;
}

bool ParseNumberText(absl::string_view text, double* value) {
  if (text.empty() || std::isspace(static_cast<unsigned char>(text[0]))) return false;
  const absl::string_view unsigned_text =
      text[0] == '+' || text[0] == '-' ? text.substr(1) : text;
  if (absl::StartsWithIgnoreCase(unsigned_text, "0x")) return false;
  const std::string copy(text);  // strtod needs a terminated string
  char* end = nullptr;
  *value = std::strtod(copy.c_str(), &end);
  return end == copy.c_str() + copy.size();
}

absl::StatusOr<std::string> ResolveUserPath(const std::string& path) {
  if (path == "~" || absl::StartsWith(path, "~/")) {
    const char* home = std::getenv("HOME");
    if (home == nullptr || home[0] == '\0') {
      return absl::FailedPreconditionError(
          absl::StrCat("'", path, "': cannot expand '~', $HOME is not set"));
    }
    return absl::StrCat(home, path.substr(1));
  }
  if (!path.empty() && path[0] == '/') return path;
  const char* working = std::getenv("BUILD_WORKING_DIRECTORY");
  if (working != nullptr && working[0] != '\0') {
    const char* caller = std::getenv("DPRL_CALLER_DIRECTORY");  // ./bazelw from outside
    if (caller != nullptr && caller[0] != '\0') working = caller;
    return absl::StrCat(working, "/", path);
  }
  char buffer[PATH_MAX];
  if (getcwd(buffer, sizeof(buffer)) == nullptr) {
    return absl::FailedPreconditionError("cannot determine the current directory");
  }
  return absl::StrCat(buffer, "/", path);
}

}  // namespace dprl
