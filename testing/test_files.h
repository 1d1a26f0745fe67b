// Files for tests: a path under the test's temporary directory, a file's bytes read whole and
// written back (e.g. to damage a copy of a results file).
#ifndef DPRL_TESTING_TEST_FILES_H_
#define DPRL_TESTING_TEST_FILES_H_

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace dprl {

// `name` under $TEST_TMPDIR (/tmp outside Bazel).
inline std::string TestTempPath(const std::string& name) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  return std::string(tmp != nullptr ? tmp : "/tmp") + "/" + name;
}

// The bytes of the file `path` (empty when it cannot be read).
inline std::vector<char> ReadFileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<char>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Replaces the file `path` by `bytes`.
inline void WriteFileBytes(const std::string& path, const std::vector<char>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace dprl

#endif  // DPRL_TESTING_TEST_FILES_H_
