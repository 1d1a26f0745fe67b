// The onset of learning of an OFU-step LQ agent (Chowdhury et al. 2021's Alg. 1 and OFU-RL), and
// the regime in which its privacy cost can be fitted against eps.
//
// onset_episode (docs/hdf5_schema.md) is the first episode k whose confidence set C_k cap S holds
// no model with A = 0. Before it the OFU step (9) returns the zero gains exactly (A = 0 is the
// global minimiser of J*), so the cost does not depend on eps; just after it optimism can cost
// MORE than u = 0 while B is still unidentified. A power law in eps fitted across that boundary
// is therefore meaningless: the privacy-cost fit (Thm. 3, cost ~ eps^(-1/2)) admits an eps only
// when every seed left u = 0 within the first decade of the run, 1 <= onset_episode <= K / 10.
#ifndef DPRL_ANALYSIS_CHOWDHURY_LQ_ONSET_H_
#define DPRL_ANALYSIS_CHOWDHURY_LQ_ONSET_H_

#include <vector>

namespace dprl {

// The share of the run within which every seed must have left u = 0.
inline constexpr double kOnsetWindowFraction = 0.1;

// Whether every seed's onset is in [1, kOnsetWindowFraction * num_episodes]; `onset_episodes` as
// stored, one per seed (0 = never left u = 0). False for no seeds.
bool EverySeedPastOnset(const std::vector<double>& onset_episodes, double num_episodes);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_CHOWDHURY_LQ_ONSET_H_
