"""Writes a hand-made dp_nash_vi_fig results file whose Qiao & Wang claim values are known
(qiao_wang_claims_test.sh).

make_qiao_wang_fixtures.py DIR KIND, KIND in {shapes, undefined, refuted}:
DIR/dp_nash_vi_fig/dp_nash_vi_fig.h5 in the layout of docs/hdf5_schema.md (make_fixtures.py's
file attributes, 20 seeds). Instances as the experiment's: riverswim (S, A, H) = (4, 2, 5),
random_mdp (4, 2, 4); beta = 0.05, K = 10^5, eps in {10, 100, 1000}. Per environment:
  nash_vi (gap_constant 3) and dp_nash_vi_{jdp,ldp} (gap_constant 3, stated_epsilon, E = 100 / eps)
      at the cap: cumulative regret 0.4 H t (1 + 0.01 z_s) (the implied-constant rows);
  nash_vi_scaled (gap_constant 0.03): base(t) = c_s sqrt(t);
  dp_nash_vi_jdp_scaled: base + 1e5 / eps ln(1 + t) / ln(1 + K): cost slope -1 in eps;
  the groups with the proof's constants record Lemma B.7's bracket (total_value_gap H K,
      bracket_violation_episodes 0, except dp_nash_vi_ldp on riverswim at eps = 100: 3 on 4 of
      20 seeds, so that row is refuted), nash_vi_scaled violations on every seed (no row reads
      it);
  dp_nash_vi_ldp_scaled: base + 1e2 / eps^2 sqrt(t K): cost slope -2 in eps, exponent 1/2 in k;
  both scaled forms also at eps = 1 at the cap (late exponent 1) and at eps = 10^4 with a cost
      50 z_s sqrt(t / K) of mean 0: outside the shape rows' window, which must leave them out;
  a dp_nash_vi_jdp_as_printed group (noise_calibration as_printed) at the cap, twice as high,
      which no row may read.
  undefined   as shapes without nash_vi_scaled: every cost row is undefined, naming it.
and, for shapes and refuted, DIR/dp_nash_vi_game_fig/dp_nash_vi_game_fig.h5 (refuted: that file
alone): matching_pennies (S, A, B, H) = (1, 2, 2, 3) and random_game (3, 2, 2, 3), K = 2 10^4,
eps in {10, 1000}; nash_vi and dp_nash_vi_{jdp,ldp} (gap_constant 3, stated_epsilon, E = 100 /
eps) at 0.4 H t (1 + 0.01 z_s), total_value_gap H K, bracket_violation_episodes 0, and the scaled
variants (gap_constant 0.03) with violations on every seed, which no row may read;
  refuted     dp_nash_vi_jdp on matching_pennies at eps = 10 has violations on 4 of 20 seeds
              (P(Bin(20, 2 beta / 3) >= 4) = 0.0035 < 0.05 / 2): that row is refuted, every other
              bracket row not refuted.
"""
import math
import sys

import numpy

import make_fixtures
import regret_grid

SEEDS = make_fixtures.SEEDS
NUM_EPISODES = 10 ** 5
EPSILONS = [10.0, 100.0, 1000.0]
FAILURE_PROBABILITY = 0.05
INSTANCES = {"riverswim": (4, 2, 5), "random_mdp": (4, 2, 4)}
Z = numpy.array([(s % 4) - 1.5 for s in range(SEEDS)])[:, None]


GAME_EPISODES = 2 * 10 ** 4
GAME_EPSILONS = [10.0, 1000.0]
GAMES = {"matching_pennies": (1, 2, 2, 3), "random_game": (3, 2, 2, 3)}


def group(f, name, env, agent, grid, cumulative, gap_constant, eps=None, calibration=None,
          error_bound=True):
    g = f.create_group(name)
    g.attrs["env"] = env
    g.attrs["agent"] = agent
    if env in GAMES:
        s, a, b, h = GAMES[env]
        shape = [("num_states", s), ("num_max_actions", a), ("num_min_actions", b),
                 ("horizon", h), ("num_episodes", GAME_EPISODES)]
    else:
        s, a, h = INSTANCES[env]
        shape = [("num_states", s), ("num_actions", a), ("horizon", h),
                 ("num_episodes", NUM_EPISODES)]
    for key, value in shape:
        g.attrs[key] = numpy.int64(value)
    g.attrs["failure_probability"] = FAILURE_PROBABILITY
    g.attrs["gap_constant"] = gap_constant
    g.attrs["bonus_constant"] = gap_constant * 10 / 3
    if error_bound:
        g.attrs["error_bound"] = 0.0 if eps is None else 100.0 / eps
    if eps is not None:
        g.attrs["privacy_epsilon"] = eps
        g.attrs["noise_calibration"] = calibration
    regret_grid.write_cumulative(g, grid, cumulative)
    return g


def bracket(g, horizon, episodes, violations):
    """The two scalars of Lemma B.7's bracket: total_value_gap H K and the violating episodes."""
    g.create_dataset("total_value_gap", data=numpy.full(SEEDS, float(horizon * episodes)))
    g.create_dataset("bracket_violation_episodes", data=violations)


def write_games(directory, kind):
    grid = regret_grid.episode_grid(GAME_EPISODES)
    t = grid.astype(numpy.float64)[None, :]
    with make_fixtures.open_results(directory, "dp_nash_vi_game_fig") as f:
        for game, (s, a, b, h) in GAMES.items():
            cap = 0.4 * h * t * (1.0 + 0.01 * Z)
            runs = [("nash_vi", "nash_vi", None, 3.0), ("nash_vi_scaled", "nash_vi", None, 0.03)]
            for eps in GAME_EPSILONS:
                for agent in ("dp_nash_vi_jdp", "dp_nash_vi_ldp"):
                    runs.append(("%s-eps=%g" % (agent, eps), agent, eps, 3.0))
                    runs.append(("%s_scaled-eps=%g" % (agent, eps), agent, eps, 0.03))
            for name, agent, eps, gap_constant in runs:
                g = group(f, "%s-%s" % (game, name), game, agent, grid, cap, gap_constant, eps,
                          None if eps is None else "stated_epsilon")
                violations = numpy.zeros(SEEDS)
                if gap_constant != 3.0:
                    violations[:] = 7
                if (kind == "refuted" and game == "matching_pennies" and
                        name == "dp_nash_vi_jdp-eps=10"):
                    violations[:4] = 2
                bracket(g, h, GAME_EPISODES, violations)


def main():
    directory, kind = sys.argv[1], sys.argv[2]
    assert kind in ("shapes", "undefined", "refuted"), kind
    if kind != "undefined":
        write_games(directory, kind)
    if kind == "refuted":
        return
    grid = regret_grid.episode_grid(NUM_EPISODES)
    t = grid.astype(numpy.float64)[None, :]
    scale = numpy.array([10.0 + (s % 5) for s in range(SEEDS)])[:, None]
    jitter = 1.0 + 0.01 * Z
    with make_fixtures.open_results(directory, "dp_nash_vi_fig") as f:
        for env, (s, a, h) in INSTANCES.items():
            cap = 0.4 * h * t * jitter
            base = scale * numpy.sqrt(t)
            none = numpy.zeros(SEEDS)
            # As the experiment writes it: the registered reference records no error_bound.
            bracket(group(f, env + "-nash_vi", env, "nash_vi", grid, cap, 3.0,
                          error_bound=False), h, NUM_EPISODES, none)
            if kind != "undefined":
                bracket(group(f, env + "-nash_vi_scaled", env, "nash_vi", grid, base, 0.03), h,
                        NUM_EPISODES, none + 7)
            for eps in EPSILONS:
                for agent in ("dp_nash_vi_jdp", "dp_nash_vi_ldp"):
                    violations = numpy.zeros(SEEDS)
                    if env == "riverswim" and agent == "dp_nash_vi_ldp" and eps == 100:
                        violations[:4] = 3
                    bracket(group(f, "%s-%s-eps=%g" % (env, agent, eps), env, agent, grid, cap,
                                  3.0, eps, "stated_epsilon"), h, NUM_EPISODES, violations)
                group(f, "%s-dp_nash_vi_jdp_as_printed-eps=%g" % (env, eps), env,
                      "dp_nash_vi_jdp", grid, 2 * cap, 3.0, eps, "as_printed")
                jdp = base + 1e5 / eps * numpy.log1p(t) / math.log1p(NUM_EPISODES)
                group(f, "%s-dp_nash_vi_jdp_scaled-eps=%g" % (env, eps), env, "dp_nash_vi_jdp",
                      grid, jdp, 0.03, eps, "stated_epsilon")
                ldp = base + 1e2 / eps ** 2 * numpy.sqrt(t * NUM_EPISODES)
                group(f, "%s-dp_nash_vi_ldp_scaled-eps=%g" % (env, eps), env, "dp_nash_vi_ldp",
                      grid, ldp, 0.03, eps, "stated_epsilon")
            # Outside the shape rows' window: at the cap (late exponent 1) and a cost of mean 0.
            for agent in ("dp_nash_vi_jdp", "dp_nash_vi_ldp"):
                group(f, "%s-%s_scaled-eps=1" % (env, agent), env, agent, grid, cap, 0.03, 1.0,
                      "stated_epsilon")
                noise = base + 50.0 * Z * numpy.sqrt(t / NUM_EPISODES)
                group(f, "%s-%s_scaled-eps=10000" % (env, agent), env, agent, grid, noise, 0.03,
                      1e4, "stated_epsilon")


if __name__ == "__main__":
    main()
