#include "analysis/chowdhury/lq_onset.h"

namespace dprl {

bool EverySeedPastOnset(const std::vector<double>& onset_episodes, double num_episodes) {
  if (onset_episodes.empty()) return false;
  const double window = kOnsetWindowFraction * num_episodes;
  for (double onset : onset_episodes) {
    if (!(onset >= 1.0 && onset <= window)) return false;
  }
  return true;
}

}  // namespace dprl
