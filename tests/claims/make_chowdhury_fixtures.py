"""Writes a hand-made private_ofu_fig results file whose Chowdhury et al. 2021 claim verdicts are
known (chowdhury_claims_test.sh).

make_chowdhury_fixtures.py DIR KIND, KIND in {holds, fails, regime}:
DIR/private_ofu_fig/private_ofu_fig.h5 in the layout of docs/hdf5_schema.md (make_fixtures.py's
file attributes, 20 seeds, common random numbers: seed s has the same factor c_s in every group).
Systems chain_n2 and rotation_n2 (n = 2, d = 1, H = 5, alpha = 0.05, K = 65 536); relay_n2 is
absent (its claims are undefined, naming it). Per system: ofu_rl (lambda = 1) and, at eps in
{10, 100, 1000, 10^4, 10^6}, private_ofu_rl (Lambda = 600 (100/eps)^(1/2), nu = 15 (100/eps)^(1/4))
and private_ofu_rl_tight (Lambda / 10, nu / 1.5), every seed past the onset (onset <= K/10) at
eps >= 100 and not at eps = 10 (onset 20 000 > K/10):
  holds   ofu_rl's regret c_s sqrt(t) and each private agent's c_s sqrt(t) (1 + 40 (100/eps)^0.1):
          every late exponent 0.5, below Thm. 1's largest term's local exponent (0.59 ... 0.74 with
          these Lambda, nu); the cost 40 c sqrt(K) (100/eps)^0.1 dominates OFU-RL's regret at
          every eps, with slope -0.1 in eps, shallower than the eps-terms' steepest (about -0.23);
  fails   regret c_s t^0.9 (1 + 40 (100/eps)^0.6): every late exponent 0.9, above the terms'; the
          cost's slope -0.6 is steeper than the eps-terms', fitted over eps 100, 1000, 10^4 (the
          cost at 10^6, 0.16 of OFU-RL's regret, does not dominate);
  regime  as holds with every onset 20 000 (> K/10): the smallest-eps exponents and the cost slopes
          are out of regime (no eps past the onset), the largest-eps exponents still hold.
Coverage (cumulative_coverage_failures): none, except in the fails kind, where 8 of the 20 seeds
of every group have Theta* outside C_k once (Lemma 1 refuted at alpha and at 2 alpha).
"""
import math
import sys

import numpy

import make_fixtures
import regret_grid

SEEDS = make_fixtures.SEEDS
NUM_EPISODES = 65536
HORIZON = 5
EPSILONS = [10.0, 100.0, 1000.0, 1e4, 1e6]
SYSTEMS = ["chain_n2", "rotation_n2"]
# private agent: (label, calibration, Lambda factor, nu factor)
PRIVATE_AGENTS = {
    "private_ofu_rl": ("Private-OFU-RL", "paper", 1.0, 1.0),
    "private_ofu_rl_tight": ("Private-OFU-RL tight", "tight", 0.1, 1.0 / 1.5),
}
LATE_ONSET = 20000.0
COVERAGE_FAILING_SEEDS = 8
C = numpy.array([1.0 + 0.02 * (s % 5) for s in range(SEEDS)])[:, None]


def lq_group(f, name, env, agent, label, calibration, grid, cumulative, kind):
    g = f.create_group(name)
    for key, value in [("env", env), ("agent", agent), ("label", label), ("planner", "ofu_step"),
                       ("calibration", calibration), ("model", "shrunk")]:
        g.attrs[key] = value
    for key, value in [("horizon", HORIZON), ("num_episodes", NUM_EPISODES), ("state_dim", 2),
                       ("control_dim", 1), ("predicted_onset_episode", 5)]:
        g.attrs[key] = numpy.int64(value)
    g.attrs["confidence_alpha"] = 0.05
    g.attrs["control_bound_gamma"] = 0.44
    g.attrs["noise_bound_C_w"] = 0.1
    regret_grid.write_cumulative(g, grid, cumulative)
    failures = numpy.zeros_like(cumulative)
    if kind == "fails":  # 8 of 20 seeds leave C_k once, half-way: Lemma 1 refuted at alpha, 2 alpha
        failures[:COVERAGE_FAILING_SEEDS, grid.size // 2:] = 1.0
    g.create_dataset("cumulative_coverage_failures", data=failures)
    return g


def regret(kind, t, eps=None):
    """Cumulative regret [seeds, grid] of OFU-RL (eps None) or a private agent at eps."""
    exponent, cost_slope = (0.9, 0.6) if kind == "fails" else (0.5, 0.1)
    base = C * t ** exponent
    return base if eps is None else base * (1.0 + 40.0 * (100.0 / eps) ** cost_slope)


def write_private_ofu(directory, kind):
    grid = regret_grid.episode_grid(NUM_EPISODES)
    t = grid.astype(numpy.float64)[None, :]
    with make_fixtures.open_results(directory, "private_ofu_fig") as f:
        for env in SYSTEMS:
            g = lq_group(f, env + "-ofu_rl", env, "ofu_rl", "OFU-RL", "none", grid,
                         regret(kind, t), kind)
            g.attrs["regularizer_lambda"] = 1.0
            for agent, (label, calibration, lambda_factor, nu_factor) in PRIVATE_AGENTS.items():
                for eps in EPSILONS:
                    g = lq_group(f, "%s-%s-eps=%g" % (env, agent, eps), env, agent, label,
                                 calibration, grid, regret(kind, t, eps), kind)
                    big_lambda = lambda_factor * 600.0 * math.sqrt(100.0 / eps)
                    g.attrs["privacy_epsilon"] = eps
                    g.attrs["target_delta"] = 1e-5
                    g.attrs["neighbour"] = "replace"
                    g.attrs["tree_levels_m"] = numpy.int64(16)
                    g.attrs["sigma_1"] = 1.0
                    g.attrs["sigma_2"] = 1.0
                    g.attrs["Lambda"] = big_lambda
                    g.attrs["eta"] = 2.0 * big_lambda
                    g.attrs["nu"] = nu_factor * 15.0 * (100.0 / eps) ** 0.25
                    past = eps > EPSILONS[0] and kind != "regime"
                    onset = 10.0 * big_lambda if past else LATE_ONSET
                    g.create_dataset("onset_episode", data=numpy.full(SEEDS, onset))


def main():
    directory, kind = sys.argv[1], sys.argv[2]
    assert kind in ("holds", "fails", "regime"), kind
    write_private_ofu(directory, kind)


if __name__ == "__main__":
    main()
