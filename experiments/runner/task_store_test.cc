#include "experiments/runner/task_store.h"

#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/hdf5_file_checksum.h"
#include "common/list_directory.h"
#include "experiments/runner/file_util.h"
#include "experiments/runner/hdf5_io.h"
#include "experiments/runner/merge.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

std::string FreshDir(const std::string& name) {
  const std::string dir = std::string(std::getenv("TEST_TMPDIR")) + "/" + name;
  EXPECT_THAT(MakeDirectories(dir), IsOk());
  return dir;
}

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TaskMetadata Metadata(int seed) {
  TaskMetadata metadata;
  metadata.experiment = "toy";
  metadata.group_name = "g";
  metadata.seed_index = seed;
  metadata.scale = "smoke";
  metadata.master_seed = 18446744073709551615ull;
  metadata.config_attributes = {
      {"env", std::string("chain")}, {"privacy_epsilon", 0.5}, {"episodes", int64_t{3}}};
  return metadata;
}

TaskResult Result(double offset, int length = 3) {
  TaskResult result;
  std::vector<double> regret;
  for (int i = 0; i < length; ++i) regret.push_back(offset + i);
  result.series = {{"per_episode_regret", regret}, {"aux", {offset, -offset}}};
  result.scalars = {{"bonus", offset * 10}};
  return result;
}

TEST(TaskStoreTest, RoundTripIsExactAndLeavesNoTempFile) {
  const std::string dir = FreshDir("roundtrip");
  const std::string path = dir + "/seed_0.h5";
  ASSERT_THAT(WriteTaskFile(path, Metadata(0), Result(0.1)), IsOk());
  absl::StatusOr<TaskMetadata> metadata = ReadTaskMetadata(path);
  ASSERT_THAT(metadata, IsOk());
  EXPECT_THAT(CheckTaskMetadataMatches(path, *metadata, Metadata(0)), IsOk());
  absl::StatusOr<TaskResult> result = ReadTaskResult(path);
  ASSERT_THAT(result, IsOk());
  const TaskResult expected = Result(0.1);
  EXPECT_EQ(result->series, expected.series);
  EXPECT_EQ(result->scalars, expected.scalars);
  EXPECT_EQ(*ListDirectory(dir), std::vector<std::string>{"seed_0.h5"});
}

// A file that cannot be created says why (strerror), also as root, where a read-only directory
// does not stop writes: a directory path that runs through a regular file (ENOTDIR).
TEST(TaskStoreTest, CreateFailureSaysWhy) {
  const std::string dir = FreshDir("create_failure");
  const std::string blocker = dir + "/a_file";
  ASSERT_THAT(WriteTaskFile(blocker, Metadata(0), Result(0.1)), IsOk());
  const std::string path = blocker + "/seed_0.h5";
  absl::Status status = WriteTaskFile(path, Metadata(0), Result(0.1));
  EXPECT_THAT(status, StatusIs(absl::StatusCode::kInternal,
                               AllOf(HasSubstr("task file '" + path + "': HDF5 error: cannot create "
                                               "file '" + blocker + "/.seed_0.h5.tmp."),
                                     HasSubstr("': Not a directory"))));
  EXPECT_EQ(*ListDirectory(dir), std::vector<std::string>{"a_file"});
}

// A task that computed a non-finite value is refused before any file holds it, so no merged
// results file is ever complete with one.
TEST(TaskStoreTest, RefusesNonFiniteValuesAndWritesNoFile) {
  const std::string dir = FreshDir("non_finite");
  TaskResult series = Result(0.1);
  series.series[0].second[2] = std::numeric_limits<double>::infinity();
  EXPECT_THAT(WriteTaskFile(dir + "/seed_0.h5", Metadata(0), series),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(HasSubstr("task g seed 0"), HasSubstr("'per_episode_regret'"),
                             HasSubstr("(inf at index 2)"))));
  TaskResult scalar = Result(0.1);
  scalar.scalars[0].second = std::nan("");
  EXPECT_THAT(WriteTaskFile(dir + "/seed_0.h5", Metadata(0), scalar),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("'bonus' is not finite")));
  EXPECT_TRUE(ListDirectory(dir)->empty());
}

TEST(TaskStoreTest, SameContentGivesIdenticalBytes) {
  const std::string dir = FreshDir("bytes");
  ASSERT_THAT(WriteTaskFile(dir + "/a.h5", Metadata(1), Result(2.5)), IsOk());
  ASSERT_THAT(WriteTaskFile(dir + "/b.h5", Metadata(1), Result(2.5)), IsOk());
  EXPECT_EQ(ReadBytes(dir + "/a.h5"), ReadBytes(dir + "/b.h5"));
}

TEST(TaskStoreTest, MismatchNamesFieldAndAsksForFreshOut) {
  const std::string path = "tasks/g/seed_0.h5";
  struct Case {
    const char* field;
    TaskMetadata expected;
  };
  std::vector<Case> cases;
  cases.push_back({"--scale=smoke", Metadata(0)});
  cases.back().expected.scale = "paper";
  cases.push_back({"--master_seed=18446744073709551615", Metadata(0)});
  cases.back().expected.master_seed = 1;
  cases.push_back({"experiment=toy", Metadata(0)});
  cases.back().expected.experiment = "other";
  cases.push_back({"config attribute privacy_epsilon=0.5", Metadata(0)});
  cases.back().expected.config_attributes[1].second = 0.25;
  cases.push_back({"config attribute episodes=3", Metadata(0)});
  cases.back().expected.config_attributes[2].second = 3.0;  // same number, other type
  cases.push_back({"config attribute", Metadata(0)});
  cases.back().expected.config_attributes.push_back({"extra", int64_t{1}});
  for (const Case& c : cases) {
    const absl::Status status = CheckTaskMetadataMatches(path, Metadata(0), c.expected);
    EXPECT_FALSE(status.ok());
    EXPECT_THAT(std::string(status.message()), HasSubstr(c.field));
    EXPECT_THAT(std::string(status.message()), HasSubstr("use a fresh --out directory"));
    EXPECT_THAT(std::string(status.message()), HasSubstr(path));
  }
  TaskMetadata reordered = Metadata(0);
  std::swap(reordered.config_attributes[0], reordered.config_attributes[2]);
  EXPECT_THAT(CheckTaskMetadataMatches(path, Metadata(0), reordered), IsOk());
}

TEST(TaskStoreTest, RecordsCodeVersionAndRefusesAnotherOne) {
  const std::string dir = FreshDir("code_version");
  const std::string path = dir + "/seed_0.h5";
  TaskMetadata written = Metadata(0);
  written.git_commit = std::string(40, 'a');
  written.git_dirty = true;
  ASSERT_THAT(WriteTaskFile(path, written, Result(0)), IsOk());
  absl::StatusOr<TaskMetadata> found = ReadTaskMetadata(path);
  ASSERT_THAT(found, IsOk());
  EXPECT_EQ(found->git_commit, written.git_commit);
  EXPECT_TRUE(found->git_dirty);
  EXPECT_THAT(CheckTaskCodeVersion(path, *found, written), IsOk());
  // The code version is not a setting: CheckTaskMetadataMatches ignores it.
  EXPECT_THAT(CheckTaskMetadataMatches(path, *found, Metadata(0)), IsOk());

  TaskMetadata other_commit = written;
  other_commit.git_commit = std::string(40, 'b');
  other_commit.git_dirty = false;
  const std::string message(CheckTaskCodeVersion(path, *found, other_commit).message());
  EXPECT_THAT(message, HasSubstr(absl::StrCat("existing task file '", path,
                                              "' was written by code "
                                              "at commit ",
                                              written.git_commit,
                                              " with uncommitted changes but this run is at "
                                              "commit ",
                                              other_commit.git_commit, ";")));
  EXPECT_THAT(message, HasSubstr("use a fresh --out directory, or pass --allow_code_change=true"));
  TaskMetadata clean = written;
  clean.git_dirty = false;
  EXPECT_THAT(std::string(CheckTaskCodeVersion(path, *found, clean).message()),
              HasSubstr("but this run is at commit " + written.git_commit + ";"));

  // A task file written before the code version was recorded.
  {
    const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    ASSERT_GE(file, 0);
    EXPECT_GE(H5Adelete(file, "git_commit"), 0);
    EXPECT_GE(H5Adelete(file, "git_dirty"), 0);
    H5Fclose(file);
    ASSERT_THAT(WriteFileChecksum(path), IsOk());  // sealed as the runner seals what it wrote
  }
  absl::StatusOr<TaskMetadata> old = ReadTaskMetadata(path);
  ASSERT_THAT(old, IsOk());
  EXPECT_EQ(old->git_commit, "(not recorded)");
  EXPECT_FALSE(old->git_dirty);
  EXPECT_THAT(std::string(CheckTaskCodeVersion(path, *old, Metadata(0)).message()),
              HasSubstr("at commit (not recorded) but this run is at commit unknown;"));
}

TEST(TaskStoreTest, RejectsNonHdf5AndForeignFiles) {
  const std::string dir = FreshDir("foreign");
  std::ofstream(dir + "/text.h5") << "not hdf5";
  EXPECT_THAT(ReadTaskMetadata(dir + "/text.h5"),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("is not an HDF5 file")));
  {
    absl::StatusOr<H5Handle> file = CreateReproducibleFile(dir + "/empty.h5");
    ASSERT_THAT(file, IsOk());
    ASSERT_THAT(CloseFile(*file, dir + "/empty.h5"), IsOk());
  }
  EXPECT_THAT(ReadTaskMetadata(dir + "/empty.h5"), StatusIs(absl::StatusCode::kFailedPrecondition,
                                                            HasSubstr("is not a dprl task file")));
  EXPECT_THAT(ReadTaskMetadata(dir + "/missing.h5"),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("does not exist")));
  EXPECT_FALSE(WriteTaskFile(dir + "/no/such/dir/seed_0.h5", Metadata(0), Result(1)).ok());
}

TEST(FileUtilTest, StaleTempFilesAreRecognisedAndRemoved) {
  EXPECT_TRUE(IsTempFileName(".seed_0.h5.tmp.1234"));
  EXPECT_FALSE(IsTempFileName("seed_0.h5"));
  EXPECT_FALSE(IsTempFileName(".seed_0.h5.tmp."));
  EXPECT_FALSE(IsTempFileName(".seed_0.h5.tmp.12a"));
  EXPECT_EQ(TempPathFor("/a/b/seed_3.h5").rfind("/a/b/.seed_3.h5.tmp.", 0), 0u);
  const std::string dir = FreshDir("stale");
  std::ofstream(dir + "/.seed_0.h5.tmp.99") << "partial";
  std::ofstream(dir + "/seed_1.h5") << "kept";
  EXPECT_EQ(*RemoveStaleTempFiles(dir), 1);
  EXPECT_EQ(*ListDirectory(dir), std::vector<std::string>{"seed_1.h5"});
}

TEST(FileUtilTest, MakeDirectoriesReportsFileInTheWay) {
  const std::string dir = FreshDir("mkdir");
  std::ofstream(dir + "/file") << "x";
  const absl::Status status = MakeDirectories(dir + "/file/sub");
  EXPECT_THAT(std::string(status.message()), HasSubstr("is not a directory"));
  EXPECT_THAT(MakeDirectories(dir + "/a/b/c"), IsOk());
  EXPECT_THAT(CheckDirectoryWritable(dir + "/a/b/c"), IsOk());
}

class MergeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    out_ = FreshDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
    ASSERT_THAT(MakeDirectories(TaskDirectory(out_, "g")), IsOk());
    config_.group_name = "g";
    config_.attributes = Metadata(0).config_attributes;
    info_.experiment = "toy";
    info_.git_commit = "unknown";
    info_.command_line = "toy --seeds=2";
    info_.scale = Scale::kSmoke;
    info_.seeds = 2;
    info_.master_seed = 7;
  }
  std::string out_;
  ConfigSpec config_;
  MergeInfo info_;
};

TEST_F(MergeTest, WritesSeedRowsInOrderReproducibly) {
  ASSERT_THAT(WriteTaskFile(TaskFilePath(out_, "g", 1), Metadata(1), Result(10)), IsOk());
  ASSERT_THAT(WriteTaskFile(TaskFilePath(out_, "g", 0), Metadata(0), Result(0)), IsOk());
  ASSERT_THAT(MergeTaskFiles(out_, {config_}, info_, out_ + "/a.h5"), IsOk());
  ASSERT_THAT(MergeTaskFiles(out_, {config_}, info_, out_ + "/b.h5"), IsOk());
  EXPECT_EQ(ReadBytes(out_ + "/a.h5"), ReadBytes(out_ + "/b.h5"));

  absl::StatusOr<H5Handle> file = OpenFileReadOnly(out_ + "/a.h5");
  ASSERT_THAT(file, IsOk());
  EXPECT_TRUE(SameAttributeValue(*ReadAttribute(file->get(), "dprl_schema_version"),
                                 AttributeValue(kResultsSchemaVersion)));
  EXPECT_EQ(*ReadUint64Attribute(file->get(), "master_seed"), 7u);
  absl::StatusOr<H5Handle> group = OpenGroup(file->get(), "g");
  ASSERT_THAT(group, IsOk());
  EXPECT_EQ(ReadAllAttributes(group->get())->size(), 3u);
  EXPECT_EQ(*ListLinks(group->get()),
            (std::vector<std::string>{"per_episode_regret", "aux", "bonus"}));
  absl::StatusOr<H5Handle> regret = OpenDataset(group->get(), "per_episode_regret");
  ASSERT_THAT(regret, IsOk());
  double values[2][3];
  ASSERT_GE(H5Dread(regret->get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values), 0);
  EXPECT_EQ(values[0][2], 2.0);
  EXPECT_EQ(values[1][0], 10.0);
  EXPECT_EQ(*ReadVectorDataset(group->get(), "bonus"), (std::vector<double>{0.0, 100.0}));
}

TEST_F(MergeTest, RejectsRaggedSeriesAndMissingTasks) {
  ASSERT_THAT(WriteTaskFile(TaskFilePath(out_, "g", 0), Metadata(0), Result(0, 3)), IsOk());
  absl::Status missing = MergeTaskFiles(out_, {config_}, info_, out_ + "/m.h5");
  EXPECT_THAT(std::string(missing.message()), HasSubstr("seed_1.h5"));
  ASSERT_THAT(WriteTaskFile(TaskFilePath(out_, "g", 1), Metadata(1), Result(0, 4)), IsOk());
  absl::Status ragged = MergeTaskFiles(out_, {config_}, info_, out_ + "/m.h5");
  EXPECT_THAT(std::string(ragged.message()), HasSubstr("config 'g' seed 1"));
  EXPECT_THAT(std::string(ragged.message()), HasSubstr("length 4"));
  EXPECT_FALSE(PathExists(out_ + "/m.h5"));
  EXPECT_EQ(*RemoveStaleTempFiles(out_), 0);
}

}  // namespace
}  // namespace dprl
