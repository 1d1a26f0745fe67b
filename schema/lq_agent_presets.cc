// Registers the LQ agents (lq_agents.h): named presets of LqAgentOptions
// (algorithms/lqr/lq_agent_options.h), each with its display label and the paper it reproduces.
#include "algorithms/lqr/lq_agent_options.h"
#include "schema/lq_agents.h"

namespace dprl {
namespace {

const bool kOfuRegistered = RegisterLqAgent(LqAgentType{
    "ofu_rl", "OFU-RL",
    "Chowdhury, Zhou, Shroff 2021, Sec. III-A: OFU-RL ((9), (10), Thm. 1) with the exact sums and "
    "H_k = lambda I, L_k = 0 (non-private)",
    LqPreset(LqCalibration::kNone, LqPlanner::kOfuStep)});

const bool kPrivateOfuRegistered = RegisterLqAgent(
    LqAgentType{"private_ofu_rl", "Private-OFU-RL",
                "Chowdhury, Zhou, Shroff 2021, Alg. 1 (tree counters, the paper's calibration)",
                LqPreset(LqCalibration::kPaper, LqPlanner::kOfuStep)});

const bool kPrivateOfuTightRegistered = RegisterLqAgent(LqAgentType{
    "private_ofu_rl_tight", "Private-OFU-RL tight",
    "not in the paper: Alg. 1 of Chowdhury, Zhou, Shroff 2021 with the tight calibration "
    "(square-root factorisation counters, the same (eps, delta)-JDP; docs/private_ofu_rl.md)",
    LqPreset(LqCalibration::kTight, LqPlanner::kOfuStep)});

const bool kPrivateCeRegistered = RegisterLqAgent(LqAgentType{
    "private_ce", "private CE",
    "not in the paper: certainty equivalence on the private statistics of Chowdhury, Zhou, "
    "Shroff 2021, Alg. 1 (Theta^_k of (7) projected onto ||Theta||_F <= 1)",
    LqPreset(LqCalibration::kPaper, LqPlanner::kCertaintyEquivalence)});

const bool kPrivateCeRidgeRegistered = RegisterLqAgent(LqAgentType{
    "private_ce_ridge", "private CE, ridge",
    "not in the paper: ridge certainty equivalence (V = (T_1)_+ + lambda_ce I) on the private "
    "counters of Chowdhury, Zhou, Shroff 2021, Alg. 1 "
    "(algorithms/lqr/private_certainty_equivalence.h)",
    LqPreset(LqCalibration::kPaper, LqPlanner::kCertaintyEquivalence, LqModel::kRidge)});

// dither_scale 0.1: the best of {0.1, 0.25, 0.5} on relay_n2 at K = 4096 (H = 5, eps in
// {100, 1e4, 1e6}; docs/private_ofu_rl.md).
const bool kPrivateCeDitherRegistered = RegisterLqAgent(LqAgentType{
    "private_ce_dither", "private CE, ridge + dither",
    "not in the paper: ridge certainty equivalence with Gaussian input dithering (Mania, Tu, "
    "Recht 2019; Simchowitz, Foster 2020) on the private counters of Chowdhury, Zhou, Shroff "
    "2021, Alg. 1 (algorithms/lqr/private_certainty_equivalence.h)",
    LqPreset(LqCalibration::kPaper, LqPlanner::kCertaintyEquivalence, LqModel::kRidge, 0.1)});

}  // namespace
}  // namespace dprl
