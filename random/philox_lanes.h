// Philox4x64-10 on several counters at once, interleaved round by round (internal to
// //random: RandomStream's batched derivations and two-block refills use it).
//
// Specification
// -------------
// PhiloxLanes<kLanes>(key, counters) replaces each counters[i] by Philox4x64-10(key, counters[i])
// (Salmon et al., SC 2011: ten rounds; round r maps (x0, x1, x2, x3) under round key (k0, k1) to
// (hi(M1 x2) ^ x1 ^ k0, lo(M1 x2), hi(M0 x0) ^ x3 ^ k1, lo(M0 x0)), and the round key is bumped by
// (W0, W1) between rounds), with Random123's constants M0, M1, W0, W1 (Random123/philox.h) and
// the same 64 x 64 -> 128-bit products: the same words as r123::Philox4x64, bit for bit
// (random_stream_test checks it against Random123 on random keys and counters).
//
// Why: one Philox block is a chain of ten dependent rounds, each two 64 x 64 -> 128-bit
// multiplications and their xors. Here round r of every lane is issued before round r + 1 of
// any, so kLanes independent chains are in flight together, and the rounds are unrolled in full
// so that the lanes' words stay in registers. RandomStream uses two lanes: on the development
// machine four or eight spill registers and measured no faster than one (samplers_benchmark
// BM_PairChildFirstWordsBatch; docs/performance.md, "Agents against their ideal loops").
#ifndef DPRL_RANDOM_PHILOX_LANES_H_
#define DPRL_RANDOM_PHILOX_LANES_H_

#include <Random123/philox.h>

#include <array>
#include <cstdint>

namespace dprl {
namespace philox_internal {

using Block = std::array<uint64_t, 4>;
using Key = std::array<uint64_t, 2>;

inline constexpr int kPhiloxRounds = 10;  // Philox4x64-10, r123::Philox4x64's default

// One round of Philox4x64 on `x` with round key `key` (Random123's _philox4x64round).
[[gnu::always_inline]] inline Block PhiloxRound(const Block& x, const Key& key) {
  const unsigned __int128 product0 =
      static_cast<unsigned __int128>(PHILOX_M4x64_0) * static_cast<unsigned __int128>(x[0]);
  const unsigned __int128 product1 =
      static_cast<unsigned __int128>(PHILOX_M4x64_1) * static_cast<unsigned __int128>(x[2]);
  const uint64_t hi0 = static_cast<uint64_t>(product0 >> 64), lo0 = static_cast<uint64_t>(product0);
  const uint64_t hi1 = static_cast<uint64_t>(product1 >> 64), lo1 = static_cast<uint64_t>(product1);
  return {hi1 ^ x[1] ^ key[0], lo1, hi0 ^ x[3] ^ key[1], lo0};
}

template <int kLanes>
[[gnu::always_inline]] inline void PhiloxLanes(Key key, Block* counters) {
  // Unrolled in full (as Random123's macros are), so that every lane's words stay in registers.
  Block lanes[kLanes];
#pragma GCC unroll 8
  for (int lane = 0; lane < kLanes; ++lane) lanes[lane] = counters[lane];
#pragma GCC unroll 10
  for (int round = 0; round < kPhiloxRounds; ++round) {
    if (round > 0) {
      key[0] += PHILOX_W64_0;
      key[1] += PHILOX_W64_1;
    }
#pragma GCC unroll 8
    for (int lane = 0; lane < kLanes; ++lane) lanes[lane] = PhiloxRound(lanes[lane], key);
  }
#pragma GCC unroll 8
  for (int lane = 0; lane < kLanes; ++lane) counters[lane] = lanes[lane];
}

}  // namespace philox_internal
}  // namespace dprl

#endif  // DPRL_RANDOM_PHILOX_LANES_H_
