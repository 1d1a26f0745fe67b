// Counter-based random streams for dprl (base layer: depends on nothing else in dprl).
//
// Specification
// -------------
// Every random bit in dprl comes from a RandomStream: Random123's Philox4x64-10 block cipher
// (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011) run in counter mode.
// A stream is named by a StreamKey = (master seed, config, replicate, purpose); it is never named
// by an MPI rank, so a (config, seed) task produces the same bits on 1 rank or 64
// (docs/conventions.md, "Randomness").
//
//   key     = {master_seed, purpose}
//   counter = {path, config, replicate, block}   (block = 0, 1, 2, ... as the stream is read)
//   root path = Philox(key, {config, replicate, 0, root tag})[0]
//
// Child(i) derives an independent sub-stream whose `path` word is Philox(parent identity, i);
// children of children are derived the same way. Child(a, b) derives the sub-stream named by the
// index pair (a, b) with a single Philox call (used for per-node noise of tree counters, where
// (a, b) = (counter, node)); it is a different family from Child(i) and from Child(i).Child(j).
// Distinct paths give distinct counters and therefore (Philox being a bijection for a fixed key)
// non-overlapping outputs, except with probability ~2^-64 per pair of paths (a collision of the
// 64-bit path hash).
//
// The stream itself is not a privacy mechanism: its outputs are pseudo-random. dprl relies on
// Philox as the cryptographically-motivated source for all noise; see docs/privacy_notes.md.
#ifndef DPRL_RANDOM_RANDOM_STREAM_H_
#define DPRL_RANDOM_RANDOM_STREAM_H_

#include <array>
#include <cstdint>

namespace dprl {

// The name of a stream. `purpose` separates the uses of randomness within one (configuration,
// replicate) so that they never share bits; its values are chosen by the caller (the experiments'
// StreamPurpose in experiments/core/stream_purpose.h, the tests' in testing/random_streams.h).
struct StreamKey {
  uint64_t master_seed = 0;  // experiment-wide seed (flag --master_seed)
  uint64_t config = 0;       // index of the experiment configuration
  uint64_t replicate = 0;    // seed index within the configuration
  uint64_t purpose = 0;      // what the stream is used for (see above)
};

class RandomStream {
 public:
  explicit RandomStream(const StreamKey& key);

  // Independent sub-stream number `index` (does not advance this stream).
  RandomStream Child(uint64_t index) const;

  // Independent sub-stream named by the pair (a, b) (does not advance this stream). One Philox
  // call h = Philox(key, {path, a, b, tag}); distinct pairs give distinct derivation inputs, so
  // distinct sub-streams up to a 2^-64 path-hash collision probability per pair. The child's path
  // word is h[0]; its first three output words are h[1], h[2], h[3] (fresh Philox outputs used
  // nowhere else), followed by its blocks 0, 1, 2, ... So a consumer of <= 3 words (one node's
  // noise in a tree counter) costs a single Philox call.
  RandomStream Child(uint64_t a, uint64_t b) const;

  // The three words h[1], h[2], h[3] that Child(a[i], b) returns first (its first three NextU64
  // calls), for i = 0 .. count - 1, into words[i]: the same bits as deriving each child, with the
  // count independent Philox evaluations issued back to back so that they overlap in the CPU
  // pipeline (tree counters derive one node's block for many counter groups at once).
  void PairChildFirstWords(const uint64_t* a, uint64_t b, int64_t count,
                           std::array<uint64_t, 3>* words) const;

  // Next 64 uniformly random bits.
  uint64_t NextU64() {
    if (buffered_ == 0) Refill();
    return buffer_[--buffered_];
  }

  // Uniform double in the open interval (0, 1), 53 random bits: (k + 0.5) / 2^53.
  double NextOpenUniform() { return (static_cast<double>(NextU64() >> 11) + 0.5) * 0x1.0p-53; }

  // Uniform integer in [0, bound), exactly (Lemire's multiply-and-reject). Requires bound > 0.
  uint64_t UniformInt(uint64_t bound);

  // Fair coin.
  bool NextBit() { return (NextU64() >> 63) != 0; }

 private:
  RandomStream(std::array<uint64_t, 2> key, std::array<uint64_t, 3> path);
  // Philox(key, {path, a, b, pair tag}): the derivation of Child(a, b).
  std::array<uint64_t, 4> PairDerivation(uint64_t a, uint64_t b) const;
  void Refill();

  std::array<uint64_t, 2> key_;   // {master_seed, purpose}
  std::array<uint64_t, 3> path_;  // {path hash, config, replicate}
  uint64_t block_ = 0;
  // Output words are returned from buffer_[buffered_ - 1] down to buffer_[0]. The first refill
  // computes one block; later refills compute two consecutive blocks at once (independent Philox
  // evaluations overlap in the CPU pipeline), stored so that the word order is unchanged: block b
  // words 3, 2, 1, 0, then block b + 1 words 3, 2, 1, 0.
  std::array<uint64_t, 8> buffer_{};
  int buffered_ = 0;
};

}  // namespace dprl

#endif  // DPRL_RANDOM_RANDOM_STREAM_H_
