// attribute_reference: prints, checks or rewrites the attribute reference of
// docs/hdf5_schema.md (tools/attribute_reference.h).
//   attribute_reference                    prints the generated block
//   attribute_reference --check=PAGE       exit 1 with one stderr line per problem of PAGE
//   attribute_reference --write=PAGE       rewrites PAGE's block from schema/attribute_fields.h
// Exit codes: 0 ok, 1 problems found (--check) or PAGE unreadable, 2 bad command line.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "absl/status/statusor.h"
#include "common/command_line.h"
#include "tools/attribute_reference.h"

namespace {

constexpr char kUsage[] =
    "usage: attribute_reference [--check=PAGE | --write=PAGE]\n"
    "  (no flag)     print docs/hdf5_schema.md's attribute reference from "
    "schema/attribute_fields.h\n"
    "  --check=PAGE  exit 1 when PAGE's reference or a hand-written table differs from the "
    "fields\n"
    "  --write=PAGE  rewrite PAGE's reference\n";

int Fail(const std::string& message, int code) {
  std::fprintf(stderr, "attribute_reference: %s\n", message.c_str());
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  absl::StatusOr<dprl::CommandLine> flags =
      dprl::SplitCommandLine(argc, argv, {"--check", "--write"});
  if (!flags.ok()) return Fail(std::string(flags.status().message()), 2);
  if (flags->help) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  const std::optional<std::string> check = flags->Get("--check");
  const std::optional<std::string> write = flags->Get("--write");
  if (check && write) return Fail("give --check or --write, not both", 2);
  if (!check && !write) {
    std::fputs(dprl::AttributeReferenceBlock().c_str(), stdout);
    return 0;
  }
  absl::StatusOr<std::string> path = dprl::ResolveUserPath(check ? *check : *write);
  if (!path.ok()) return Fail(std::string(path.status().message()), 2);
  std::ifstream in(*path);
  if (!in) return Fail("cannot read '" + *path + "'", 1);
  std::stringstream text;
  text << in.rdbuf();
  if (check) {
    const std::vector<std::string> problems = dprl::AttributeReferenceProblems(text.str());
    for (const std::string& problem : problems) {
      std::fprintf(stderr, "%s: %s\n", path->c_str(), problem.c_str());
    }
    return problems.empty() ? 0 : 1;
  }
  absl::StatusOr<std::string> rewritten = dprl::WithAttributeReference(text.str());
  if (!rewritten.ok()) return Fail(*path + ": " + std::string(rewritten.status().message()), 1);
  std::ofstream out(*path, std::ios::trunc);
  out << *rewritten;
  if (!out) return Fail("cannot write '" + *path + "'", 1);
  return 0;
}
