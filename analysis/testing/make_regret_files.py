"""Writes small dprl results files (docs/hdf5_schema.md) for the regret_figure test with h5py.

usage: make_regret_files.py DIR

DIR/good.h5      2 envs; the regret of episode t of seed s is (s + 1) * (sqrt(t) - sqrt(t - 1)),
                 so the cumulative regret of seed s is (s + 1) * sqrt(t): mean 2 sqrt(T) over 3
                 seeds, log-log slope 1/2; stored on the episode grid (regret_grid.py). Group
                 'chain_pucb' has a bonus dataset [5, -1, 7] (median 7), neighbour_relation
                 'replacement' and a fixed-length string attribute; 'grid_single' has one seed.
DIR/foreign.h5   HDF5 without dprl_schema_version.
DIR/version1.h5  good.h5's first group in the layout of schema version 1 (per_episode_regret).
DIR/empty.h5     a dprl results file without config groups.
DIR/no_regret.h5 a group without cumulative_regret.
DIR/legacy.h5    a group with per_episode_regret instead of the grid datasets, marked version 2.
DIR/no_env.h5    a group without the env attribute.
DIR/one_d.h5     cumulative_regret stored 1-D.
DIR/bad_grid.h5  episode_grid not increasing; DIR/grid_rows.h5: rows of episode_grid differ.
DIR/bad_total.h5 total_regret differs from the last column of cumulative_regret.
DIR/nan.h5       'chain_ucb' as in good.h5, 'chain_pucb' with NaN at cumulative_regret[2, 99].
DIR/nan_bonus.h5 'chain_ucb' with first_episode_bonus_below_horizon [5, NaN, 7].
DIR/nan_eps.h5   'chain_pucb' with privacy_epsilon NaN; DIR/neg_eps.h5: privacy_epsilon -1.
DIR/seeds.h5     root attribute seeds = 5 but 3 seeds in the datasets.
DIR/not_hdf5.h5  a text file.
"""
import os
import sys

import h5py
import numpy as np

import regret_grid

T = 1000


def regret(seeds):
    t = np.arange(1, T + 1, dtype=np.float64)
    step = np.sqrt(t) - np.sqrt(t - 1)
    return np.stack([(s + 1) * step for s in range(seeds)])


def dprl_file(path, version=regret_grid.SCHEMA_VERSION):
    f = h5py.File(path, "w", track_order=True)
    f.attrs["dprl_schema_version"] = np.int64(version)
    f.attrs["experiment"] = "test"
    return f


def group(f, name, env, agent, seeds=3, privacy_epsilon=None):
    g = f.create_group(name)
    g.attrs["env"] = env
    g.attrs["agent"] = agent
    if privacy_epsilon is not None:
        g.attrs["privacy_epsilon"] = privacy_epsilon
        g.attrs["error_bound"] = 10.0 / privacy_epsilon
        g.attrs["error_bound_method"] = "exact_tail"
        g.attrs["neighbour_relation"] = "replacement"
    regret_grid.write_regret(g, regret(seeds))
    return g


def main():
    out = sys.argv[1]
    with dprl_file(os.path.join(out, "good.h5")) as f:
        group(f, "chain_ucb", "chain", "ucb")
        g = group(f, "chain_pucb", "chain", "pucb", privacy_epsilon=0.5)
        g.create_dataset("first_episode_bonus_below_horizon", data=np.array([5.0, -1.0, 7.0]))
        g.attrs["agent"] = np.bytes_(b"pucb")  # fixed-length string
        group(f, "grid_single", "grid", "ucb", seeds=1)
    with h5py.File(os.path.join(out, "foreign.h5"), "w") as f:
        f.create_dataset("x", data=np.zeros(3))
    with dprl_file(os.path.join(out, "empty.h5")):
        pass
    with dprl_file(os.path.join(out, "version1.h5"), version=1) as f:
        g = f.create_group("chain_ucb")
        g.attrs["env"] = "chain"
        g.attrs["agent"] = "ucb"
        g.create_dataset("per_episode_regret", data=regret(3))
    with dprl_file(os.path.join(out, "no_regret.h5")) as f:
        group(f, "chain_ucb", "chain", "ucb")
        f.create_group("empty_config").attrs["env"] = "chain"
    with dprl_file(os.path.join(out, "legacy.h5")) as f:
        g = f.create_group("chain_ucb")
        g.attrs["env"] = "chain"
        g.attrs["agent"] = "ucb"
        g.create_dataset("per_episode_regret", data=regret(3))
    with dprl_file(os.path.join(out, "bad_grid.h5")) as f:
        g = group(f, "chain_ucb", "chain", "ucb")
        grid = g["episode_grid"][()]
        grid[:, 5] = grid[:, 4]
        g["episode_grid"][...] = grid
    with dprl_file(os.path.join(out, "grid_rows.h5")) as f:
        g = group(f, "chain_ucb", "chain", "ucb")
        grid = g["episode_grid"][()]
        grid[1, 60] += 0.5 * (grid[1, 61] - grid[1, 60])
        g["episode_grid"][...] = grid
    with dprl_file(os.path.join(out, "bad_total.h5")) as f:
        g = group(f, "chain_ucb", "chain", "ucb")
        g["total_regret"][1] += 1.0
    with dprl_file(os.path.join(out, "no_env.h5")) as f:
        del group(f, "chain_ucb", "chain", "ucb").attrs["env"]
    with dprl_file(os.path.join(out, "one_d.h5")) as f:
        g = f.create_group("chain_ucb")
        g.attrs["env"] = "chain"
        g.attrs["agent"] = "ucb"
        grid = regret_grid.episode_grid(T)
        g.create_dataset("episode_grid", data=grid.astype(np.float64))
        g.create_dataset("cumulative_regret", data=np.sqrt(grid.astype(np.float64)))
        g.create_dataset("total_regret", data=np.array([np.sqrt(T)]))
    with dprl_file(os.path.join(out, "nan.h5")) as f:
        group(f, "chain_ucb", "chain", "ucb")
        g = group(f, "chain_pucb", "chain", "pucb", privacy_epsilon=0.5)
        values = g["cumulative_regret"][()]
        values[2, 99] = np.nan
        g["cumulative_regret"][...] = values
    with dprl_file(os.path.join(out, "nan_bonus.h5")) as f:
        g = group(f, "chain_ucb", "chain", "ucb")
        g.create_dataset("first_episode_bonus_below_horizon", data=np.array([5.0, np.nan, 7.0]))
    for name, value in (("nan_eps.h5", np.nan), ("neg_eps.h5", -1.0)):
        with dprl_file(os.path.join(out, name)) as f:
            group(f, "chain_pucb", "chain", "pucb", privacy_epsilon=0.5)
            f["chain_pucb"].attrs["privacy_epsilon"] = value
    with dprl_file(os.path.join(out, "seeds.h5")) as f:
        f.attrs["seeds"] = np.int64(5)
        group(f, "chain_ucb", "chain", "ucb")
    with open(os.path.join(out, "not_hdf5.h5"), "w") as f:
        f.write("not an HDF5 file\n")


if __name__ == "__main__":
    main()
