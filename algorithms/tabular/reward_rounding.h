// Unbiased randomised rounding of a reward in [0, 1] to a bit, for agents whose private counters
// take integer inputs (exact discrete noise, binary_counter.h).
//
// b = [u < r 2^53] with u a uniform integer in [0, 2^53) (the top 53 bits of one 64-bit word):
// both sides are exact doubles and E[b] = r up to 2^-53. The word is read from
// rounding_stream.Child(episode, step), so the bit depends on nothing else; the bit is never
// released. Since a counter that is eps'-DP for every pair of bit streams is eps'-DP for every
// pair of reward streams (its output law is a mixture over the bits of laws that are each
// eps'-close), the rounding leaves the privacy of the counters unchanged. A reward of exactly 0
// or 1 is its own bit (u < 0 never holds, u < 2^53 always does), so no word is derived for it.
#ifndef DPRL_ALGORITHMS_TABULAR_REWARD_ROUNDING_H_
#define DPRL_ALGORITHMS_TABULAR_REWARD_ROUNDING_H_

#include <cstdint>

#include "random/random_stream.h"

namespace dprl {

// The rounded reward bit (0.0 or 1.0) of step `step` of episode `episode`; reward in [0, 1].
inline double RoundRewardToBit(double reward, const RandomStream& rounding_stream, int64_t episode,
                               int step) {
  // A reward of exactly 0 or 1 (every Bernoulli reward) rounds to itself for every u: no word is
  // derived (the stream is not advanced by a derivation, so no other bit moves).
  if (reward == 0.0) return 0.0;
  if (reward == 1.0) return 1.0;
  RandomStream rounding =
      rounding_stream.Child(static_cast<uint64_t>(episode), static_cast<uint64_t>(step));
  const double uniform = static_cast<double>(rounding.NextU64() >> 11);
  return uniform < reward * 0x1p53 ? 1.0 : 0.0;
}

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_REWARD_ROUNDING_H_
