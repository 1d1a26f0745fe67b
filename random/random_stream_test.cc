#include "random/random_stream.h"

#include <Random123/philox.h>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <set>
#include <vector>

#include "random/philox_lanes.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

StreamKey Key(uint64_t seed, uint64_t config, uint64_t replicate, uint64_t purpose) {
  StreamKey key;
  key.master_seed = seed;
  key.config = config;
  key.replicate = replicate;
  key.purpose = purpose;
  return key;
}

TEST(RandomStreamTest, SameKeyGivesSameBits) {
  RandomStream a(Key(7, 1, 2, TestPurpose::kPolicy));
  RandomStream b(Key(7, 1, 2, TestPurpose::kPolicy));
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.NextU64(), b.NextU64());
}

// The stream's words are Philox4x64-10 blocks 0, 1, 2, ... of counter {path, config, replicate,
// block}, each block read from word 3 down to word 0, with the root path word
// Philox(key, {config, replicate, 0, root tag})[0] (golden check against Random123 directly).
TEST(RandomStreamTest, WordOrderIsPhiloxBlocksInSequence) {
  RandomStream stream(Key(7, 1, 2, TestPurpose::kPolicy));
  r123::Philox4x64 philox;
  const r123::Philox4x64::key_type key = {{7, static_cast<uint64_t>(TestPurpose::kPolicy)}};
  const uint64_t root_path = philox({{1, 2, 0, 0xC40D'0000'0000'0002ULL}}, key)[0];
  for (uint64_t block = 0; block < 7; ++block) {
    const r123::Philox4x64::ctr_type counter = {{root_path, 1, 2, block}};
    const r123::Philox4x64::ctr_type out = philox(counter, key);
    for (int word = 3; word >= 0; --word) EXPECT_EQ(stream.NextU64(), out[word]);
  }
}

TEST(RandomStreamTest, EveryKeyFieldChangesTheStream) {
  const uint64_t base = RandomStream(Key(7, 1, 2, TestPurpose::kPolicy)).NextU64();
  EXPECT_NE(base, RandomStream(Key(8, 1, 2, TestPurpose::kPolicy)).NextU64());
  EXPECT_NE(base, RandomStream(Key(7, 2, 2, TestPurpose::kPolicy)).NextU64());
  EXPECT_NE(base, RandomStream(Key(7, 1, 3, TestPurpose::kPolicy)).NextU64());
  EXPECT_NE(base, RandomStream(Key(7, 1, 2, TestPurpose::kEnvironment)).NextU64());
}

TEST(RandomStreamTest, ChildrenAreDistinctAndDeterministic) {
  RandomStream parent(Key(1, 0, 0, TestPurpose::kTest));
  std::set<uint64_t> firsts;
  for (uint64_t i = 0; i < 1000; ++i) firsts.insert(parent.Child(i).NextU64());
  EXPECT_EQ(firsts.size(), 1000u);
  EXPECT_EQ(parent.Child(5).Child(3).NextU64(), parent.Child(5).Child(3).NextU64());
  EXPECT_NE(parent.Child(5).Child(3).NextU64(), parent.Child(3).Child(5).NextU64());
  // Reading the parent does not change its children.
  const uint64_t before = parent.Child(9).NextU64();
  parent.NextU64();
  EXPECT_EQ(before, parent.Child(9).NextU64());
}

TEST(RandomStreamTest, PairChildrenAreDistinctAndDeterministic) {
  RandomStream parent(Key(1, 0, 0, TestPurpose::kTest));
  std::set<uint64_t> firsts;
  for (uint64_t a = 0; a < 40; ++a) {
    for (uint64_t b = 0; b < 40; ++b) firsts.insert(parent.Child(a, b).NextU64());
  }
  // Single-index children are a separate family.
  for (uint64_t i = 0; i < 40; ++i) firsts.insert(parent.Child(i).NextU64());
  EXPECT_EQ(firsts.size(), 40u * 40u + 40u);
  EXPECT_EQ(parent.Child(3, 5).NextU64(), parent.Child(3, 5).NextU64());
  EXPECT_NE(parent.Child(3, 5).NextU64(), parent.Child(5, 3).NextU64());
  // Parents differing only in config or replicate give different pair children.
  RandomStream other_config(Key(1, 1, 0, TestPurpose::kTest));
  RandomStream other_replicate(Key(1, 0, 1, TestPurpose::kTest));
  EXPECT_NE(parent.Child(3, 5).NextU64(), other_config.Child(3, 5).NextU64());
  EXPECT_NE(parent.Child(3, 5).NextU64(), other_replicate.Child(3, 5).NextU64());
  // The first three words are the spare words of the derivation block; the fourth starts the
  // child's own blocks, which differ from the parent's and from a sibling's.
  RandomStream child = parent.Child(3, 5);
  RandomStream sibling = parent.Child(3, 6);
  std::set<uint64_t> words;
  for (int i = 0; i < 12; ++i) {
    words.insert(child.NextU64());
    words.insert(sibling.NextU64());
    words.insert(parent.NextU64());
  }
  EXPECT_EQ(words.size(), 36u);
  // Reading the parent does not change its children.
  const uint64_t before = parent.Child(2, 9).NextU64();
  parent.NextU64();
  EXPECT_EQ(before, parent.Child(2, 9).NextU64());
}

// The batch gives the words that each Child(a[i], b) would return first, in order.
TEST(RandomStreamTest, PairChildFirstWordsAreTheChildrensFirstWords) {
  RandomStream parent(Key(8, 2, 4, 6));
  parent.NextU64();  // the parent's position does not matter
  const std::vector<uint64_t> a = {0, 1, 7, 7, 123456789, ~uint64_t{0}};
  for (const uint64_t b : {uint64_t{0}, uint64_t{5}, (uint64_t{99} << 6) | 3}) {
    std::vector<std::array<uint64_t, 3>> words(a.size());
    parent.PairChildFirstWords(a.data(), b, static_cast<int64_t>(a.size()), words.data());
    for (size_t i = 0; i < a.size(); ++i) {
      RandomStream child = parent.Child(a[i], b);
      for (int w = 0; w < 3; ++w) {
        EXPECT_EQ(words[i][w], child.NextU64()) << "a = " << a[i] << ", b = " << b << ", word " << w;
      }
    }
  }
}

// The interleaved rounds give Random123's Philox4x64-10 words on every lane, for keys and
// counters drawn from a stream (and the all-ones words, whose products carry the most).
TEST(RandomStreamTest, PhiloxLanesAreRandom123Philox) {
  RandomStream inputs(Key(3, 1, 4, TestPurpose::kTest));
  r123::Philox4x64 philox;
  for (int trial = 0; trial < 200; ++trial) {
    philox_internal::Key key = {inputs.NextU64(), inputs.NextU64()};
    philox_internal::Block lanes[4];
    for (auto& lane : lanes) {
      for (uint64_t& word : lane) word = trial == 0 ? ~uint64_t{0} : inputs.NextU64();
    }
    if (trial == 0) key = {~uint64_t{0}, ~uint64_t{0}};
    philox_internal::Block expected[4];
    for (int lane = 0; lane < 4; ++lane) {
      const r123::Philox4x64::ctr_type out = philox(
          {{lanes[lane][0], lanes[lane][1], lanes[lane][2], lanes[lane][3]}}, {{key[0], key[1]}});
      expected[lane] = {out[0], out[1], out[2], out[3]};
    }
    philox_internal::Block one = lanes[0];
    philox_internal::PhiloxLanes<1>(key, &one);
    EXPECT_EQ(one, expected[0]);
    philox_internal::Block two[2] = {lanes[0], lanes[1]};
    philox_internal::PhiloxLanes<2>(key, two);
    EXPECT_EQ(two[0], expected[0]);
    EXPECT_EQ(two[1], expected[1]);
    philox_internal::PhiloxLanes<4>(key, lanes);
    for (int lane = 0; lane < 4; ++lane) EXPECT_EQ(lanes[lane], expected[lane]) << "lane " << lane;
  }
}

// Every batch length (whole groups of lanes and every remainder) gives the children's words.
TEST(RandomStreamTest, PairChildFirstWordsOfEveryBatchLength) {
  const RandomStream parent(Key(5, 0, 1, TestPurpose::kTest));
  std::vector<uint64_t> a;
  for (uint64_t i = 0; i < 11; ++i) a.push_back(i * 977 + 3);
  for (size_t count = 0; count <= a.size(); ++count) {
    std::vector<std::array<uint64_t, 3>> words(count);
    parent.PairChildFirstWords(a.data(), 42, static_cast<int64_t>(count), words.data());
    for (size_t i = 0; i < count; ++i) {
      RandomStream child = parent.Child(a[i], 42);
      for (int w = 0; w < 3; ++w) EXPECT_EQ(words[i][w], child.NextU64()) << count << " " << i;
    }
  }
}

// Chi-square goodness of fit of UniformInt(10) on 100000 draws, 9 degrees of freedom.
// Threshold 27.877 is the 0.999 quantile of chi2(9): false-failure probability 1e-3 for a
// correct generator (fixed seed, so the test is deterministic).
TEST(RandomStreamTest, UniformIntIsUniform) {
  RandomStream stream(Key(11, 0, 0, TestPurpose::kTest));
  constexpr int kBins = 10;
  constexpr int kDraws = 100000;
  std::vector<int> counts(kBins, 0);
  for (int i = 0; i < kDraws; ++i) ++counts[stream.UniformInt(kBins)];
  double chi2 = 0.0;
  const double expected = static_cast<double>(kDraws) / kBins;
  for (int c : counts) chi2 += (c - expected) * (c - expected) / expected;
  EXPECT_LT(chi2, 27.877);
}

// Mean of NextOpenUniform over 1e6 draws: standard error sqrt(1/12/1e6) = 2.89e-4; a 5-sigma
// band fails a correct generator with probability < 6e-7.
TEST(RandomStreamTest, OpenUniformMeanAndRange) {
  RandomStream stream(Key(12, 0, 0, TestPurpose::kTest));
  double sum = 0.0;
  for (int i = 0; i < 1000000; ++i) {
    const double u = stream.NextOpenUniform();
    ASSERT_GT(u, 0.0);
    ASSERT_LT(u, 1.0);
    sum += u;
  }
  EXPECT_NEAR(sum / 1e6, 0.5, 5 * 2.89e-4);
}

}  // namespace
}  // namespace dprl
