// The runner's cost model (ConfigSpec::estimated_core_seconds): one table of measured constants,
// one row per agent kind. A task's estimate is
//
//   estimated_core_seconds = core_seconds_per_unit(kind) * units(task)
//
// (plus, for the OFU agents, a certainty-equivalence term) where the unit of work is the kind's
// (e.g. one episode of one (s, a, h) cell for the tabular agents, one training sample for the
// continuous walk), computed by the experiment's grid from its shape and length. The estimates
// order the scheduler (largest first), partition shards, weight the progress ETA and give
// --dry_run's and reproduce_all's cost.
//
// Recalibrating (after a speed change of an agent): `bazel run
// //experiments:cost_model_calibration` times each row's probe task (below) in-process, one
// thread, and prints each kind's measured constant as a row of the table in task_cost_model.cc
// to paste there (with the date and machine in its comment).
#ifndef DPRL_EXPERIMENTS_CORE_TASK_COST_MODEL_H_
#define DPRL_EXPERIMENTS_CORE_TASK_COST_MODEL_H_

#include <string>
#include <vector>

namespace dprl {

// Agents whose cost per unit of work differs (each its own row of the table).
enum class CostKind {
  // Tabular agents; unit: one episode x S A H (the planner's (s, a, h) cells).
  kUbev,           // ubev and ubev_as_run (exact counts, Hoeffding-style bonus)
  kPucbNoiseless,  // pucb_noiseless (PUCB's planner on exact counts)
  kPucb,           // pucb (paper's or exact-tail E): private tree counters of 2SAH + S^2AH counts
  kPucbBurnIn,     // pucb during its burn-in (values at the cap H; tabular_task.h)
  kRlsvi,          // rlsvi (perturbed value iteration)
  kPsrl,           // psrl and psrl_per_step (posterior samples of the MDP)
  kUcbvi,          // ucbvi (UCB-VI's planner on exact counts)
  kPrivateUcbvi,   // private_ucbvi; unit: one episode x S^2 A H (it reads every tree counter of
                   // its 2SAH + S^2AH counts every episode, so its cost grows with S^2 A H)
  // Linear-quadratic agents; unit: one episode x H/5 for certainty equivalence (which every
  // episode is charged), plus for the OFU agents each episode past the predicted onset of
  // learning (experiments/chowdhury/private_ofu_task.cc) x H/5 x n^2/4.
  kOfuRl,                 // ofu_rl (the OFU step (9) on exact statistics)
  kPrivateOfuRl,          // private_ofu_rl (paper's calibration)
  kPrivateOfuRlTight,     // private_ofu_rl_tight
  kCertaintyEquivalence,  // the private_ce* agents: one Riccati recursion per episode
  // Continuous walk (Wang & Hegde); unit: one training sample.
  kWalkAlgorithm1,  // Algorithm 1 and its baselines
  kWalkReference,   // the reference policies (scripted, uniform, frozen): no learning
  kWalkAsRun,       // the authors' replay-based DQN loop as run
  // RLSVI's privacy curves (closed form); unit: one point of the curve.
  kPrivacyCurve,
};

// A task that //experiments:cost_model_calibration times for a row: the experiment, its --scale,
// --set overrides (FIELD=VALUE) and the group name of the configuration to run.
struct CostProbe {
  std::string experiment;
  std::string scale;
  std::vector<std::string> sets;
  std::string group_name;
};

// One row of the table.
struct CostCalibration {
  CostKind kind;
  std::string name;  // e.g. "pucb"
  std::string unit;  // what one unit of work is
  double core_seconds_per_unit;
  // Its probes (>= 1), on the shapes the experiments use; the measured constant is the geometric
  // mean of theirs.
  std::vector<CostProbe> probes;
};

// Every row, one per CostKind, in enum order.
const std::vector<CostCalibration>& CostCalibrations();

// The row's core_seconds_per_unit.
double CoreSecondsPerUnit(CostKind kind);

// What a tabular task pays once, before its first episode, beside its row's per-episode cost:
// building its MDP's S^2 A H transition table (TabularMdp's probabilities and alias tables; the
// random MDP's Dirichlet draws), in core seconds per entry of the table. Negligible at the
// papers' S = 4 to 20 (under 1e-4 core-s), it is the whole cost of a short task at large S: a
// task of one episode on the random MDP of S = 3 000 (A = 2, H = 4) takes 6.4 core-s, where the
// per-episode rows alone say 5.5e-4. Measured by hand on 2026-12-02 on the 2-core development
// machine (user + system CPU time of a one-episode ubev run less that of its --dry_run, which
// builds the MDP once too): 3.9e-8 and 3.3e-8 per entry on RiverSwim at S = 1 000 and 3 000
// (H = 5), 9.9e-8 and 8.9e-8 on the random MDP (H = 4); the constant is their geometric mean,
// within 1.8x of each.
inline constexpr double kTabularModelCoreSecondsPerEntry = 5.8e-8;

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_CORE_TASK_COST_MODEL_H_
