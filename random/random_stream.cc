#include "random/random_stream.h"

#include <Random123/philox.h>
#include <glog/logging.h>

#include "random/philox_lanes.h"

namespace dprl {
namespace {

// Domain tag separating child derivation from ordinary output blocks: output blocks use
// counter word 0 = path hash, child derivation uses the complement with this tag in word 3.
constexpr uint64_t kChildTag = 0xC41D'0000'0000'0001ULL;
// Domain tag of the pair derivation Child(a, b). Its lowest bit is 0 while every word 3 of a
// Child(i) derivation (kChildTag ^ (i << 1)) has lowest bit 1, so the two never share an input;
// output blocks would need block number ~2^63 to reach it.
constexpr uint64_t kPairChildTag = 0xC42D'0000'0000'0000ULL;
// Domain tag of the root path word (see the StreamKey constructor). Word 3 of an output block
// would need block number ~2^63 to reach it; it differs from both child tags.
constexpr uint64_t kRootTag = 0xC40D'0000'0000'0002ULL;

std::array<uint64_t, 4> Philox(const std::array<uint64_t, 2>& key,
                               const std::array<uint64_t, 4>& counter) {
  r123::Philox4x64 generator;
  r123::Philox4x64::ctr_type c = {{counter[0], counter[1], counter[2], counter[3]}};
  r123::Philox4x64::key_type k = {{key[0], key[1]}};
  r123::Philox4x64::ctr_type out = generator(c, k);
  return {out[0], out[1], out[2], out[3]};
}

}  // namespace

RandomStream::RandomStream(const StreamKey& key)
    : key_({key.master_seed, key.purpose}), path_({0, key.config, key.replicate}) {
  // The root path word hashes (config, replicate) so that every path word, hence every Child(a, b)
  // derivation input, depends on the whole StreamKey (config and replicate also stay in the
  // counter words, so roots that differ in them never share an output block).
  path_[0] = Philox(key_, {key.config, key.replicate, 0, kRootTag})[0];
}

RandomStream::RandomStream(std::array<uint64_t, 2> key, std::array<uint64_t, 3> path)
    : key_(key), path_(path) {}

RandomStream RandomStream::Child(uint64_t index) const {
  // Hash (path, index) under the same key into a new path word; config and replicate stay.
  std::array<uint64_t, 4> h =
      Philox(key_, {~path_[0], path_[1] ^ index, path_[2], kChildTag ^ (index << 1)});
  // Mix in index once more so that distinct indices always give distinct inputs.
  return RandomStream(key_, {h[0] ^ (h[1] + index), path_[1], path_[2]});
}

std::array<uint64_t, 4> RandomStream::PairDerivation(uint64_t a, uint64_t b) const {
  // The input (path, a, b, tag) is injective in (a, b).
  return Philox(key_, {path_[0], a, b, kPairChildTag});
}

RandomStream RandomStream::Child(uint64_t a, uint64_t b) const {
  // Config and replicate are kept in the child's counter words, so parents that differ only in
  // them still give disjoint outputs.
  const std::array<uint64_t, 4> h = PairDerivation(a, b);
  RandomStream child(key_, {h[0], path_[1], path_[2]});
  // Words come out from buffer_[buffered_ - 1] down: h[1], h[2], h[3].
  child.buffer_[2] = h[1];
  child.buffer_[1] = h[2];
  child.buffer_[0] = h[3];
  child.buffered_ = 3;
  return child;
}

void RandomStream::PairChildFirstWords(const uint64_t* a, uint64_t b, int64_t count,
                                       std::array<uint64_t, 3>* words) const {
  // PairDerivation's counters, kLanes at a time through the interleaved rounds (same words).
  constexpr int kLanes = 2;
  philox_internal::Block counters[kLanes];
  int64_t i = 0;
  for (; i + kLanes <= count; i += kLanes) {
    for (int lane = 0; lane < kLanes; ++lane) {
      counters[lane] = {path_[0], a[i + lane], b, kPairChildTag};
    }
    philox_internal::PhiloxLanes<kLanes>(key_, counters);
    for (int lane = 0; lane < kLanes; ++lane) {
      words[i + lane] = {counters[lane][1], counters[lane][2], counters[lane][3]};
    }
  }
  for (; i < count; ++i) {
    const std::array<uint64_t, 4> h = PairDerivation(a[i], b);
    words[i] = {h[1], h[2], h[3]};
  }
}

void RandomStream::Refill() {
  if (block_ == 0) {
    // Streams that are read only briefly (per-node child streams) pay for one block.
    const std::array<uint64_t, 4> first = Philox(key_, {path_[0], path_[1], path_[2], block_});
    for (int i = 0; i < 4; ++i) buffer_[i] = first[i];
    block_ = 1;
    buffered_ = 4;
    return;
  }
  // Blocks block_ and block_ + 1 through the interleaved rounds (the same words as two calls).
  philox_internal::Block blocks[2] = {{path_[0], path_[1], path_[2], block_},
                                      {path_[0], path_[1], path_[2], block_ + 1}};
  philox_internal::PhiloxLanes<2>(key_, blocks);
  for (int i = 0; i < 4; ++i) {
    buffer_[i] = blocks[1][i];
    buffer_[4 + i] = blocks[0][i];
  }
  block_ += 2;
  buffered_ = 8;
}

uint64_t RandomStream::UniformInt(uint64_t bound) {
  CHECK_GT(bound, 0u);
  // Lemire, "Fast random integer generation in an interval", TOMACS 2019.
  unsigned __int128 m = static_cast<unsigned __int128>(NextU64()) * bound;
  uint64_t low = static_cast<uint64_t>(m);
  if (low < bound) {
    const uint64_t threshold = (0 - bound) % bound;
    while (low < threshold) {
      m = static_cast<unsigned __int128>(NextU64()) * bound;
      low = static_cast<uint64_t>(m);
    }
  }
  return static_cast<uint64_t>(m >> 64);
}

}  // namespace dprl
