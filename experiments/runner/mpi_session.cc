#include "experiments/runner/mpi_session.h"

#include <mpi.h>
#include <stdlib.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

namespace dprl {
namespace {

constexpr char kOpenMpiSessionBase[] = "OMPI_MCA_orte_tmpdir_base";

// A fresh private directory "<TMPDIR or /tmp>/dprl-ompi-XXXXXX" for this singleton's Open MPI
// session files, exported as OMPI_MCA_orte_tmpdir_base (inherited by the daemon Open MPI forks
// for a singleton); empty, changing nothing, where the variable is set already or the directory
// cannot be made (Open MPI then uses its default, as before).
std::string CreateSingletonSessionBase() {
  if (std::getenv(kOpenMpiSessionBase) != nullptr) return "";
  const char* tmpdir = std::getenv("TMPDIR");
  std::string pattern = (tmpdir != nullptr && tmpdir[0] != '\0') ? tmpdir : "/tmp";
  pattern += "/dprl-ompi-XXXXXX";
  std::vector<char> path(pattern.begin(), pattern.end());
  path.push_back('\0');
  if (mkdtemp(path.data()) == nullptr) return "";
  if (setenv(kOpenMpiSessionBase, path.data(), /*overwrite=*/0) != 0) {
    std::error_code ignored;
    std::filesystem::remove(path.data(), ignored);
    return "";
  }
  return path.data();
}

}  // namespace

bool StartedByMpiLauncher() {
  for (const char* variable :
       {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE", "MPI_LOCALNRANKS"}) {
    if (std::getenv(variable) != nullptr) return true;
  }
  return false;
}

MpiSession::MpiSession(int* argc, char*** argv) {
  if (!StartedByMpiLauncher()) singleton_session_base_ = CreateSingletonSessionBase();
  MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &thread_level_);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  MPI_Comm node;  // the ranks that share this rank's memory
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  MPI_Comm_size(node, &ranks_on_node_);
  MPI_Comm_free(&node);
}

MpiSession::~MpiSession() {
  MPI_Finalize();
  if (!singleton_session_base_.empty()) {
    std::error_code ignored;  // best effort: a leftover empty directory harms nothing
    std::filesystem::remove_all(singleton_session_base_, ignored);
  }
}

bool MpiSession::serialized_threads() const { return thread_level_ >= MPI_THREAD_SERIALIZED; }

}  // namespace dprl
