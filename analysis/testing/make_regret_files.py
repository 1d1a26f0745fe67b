"""Writes small dprl results files (docs/hdf5_schema.md) for the regret_figure test with h5py.

usage: make_regret_files.py DIR

DIR/good.h5      2 envs; per_episode_regret[s, t-1] = (s + 1) * (sqrt(t) - sqrt(t - 1)), so the
                 cumulative regret of seed s is (s + 1) * sqrt(t) exactly: mean 2 sqrt(T) over 3
                 seeds, log-log slope 1/2. Group 'chain_pucb' has a bonus dataset [5, -1, 7]
                 (median 7), neighbour_relation 'replacement' and a fixed-length string
                 attribute; 'grid_single' has one seed.
DIR/foreign.h5   HDF5 without dprl_schema_version.
DIR/empty.h5     a dprl results file without config groups.
DIR/no_regret.h5 a group without per_episode_regret.
DIR/no_env.h5    a group without the env attribute.
DIR/one_d.h5     per_episode_regret stored 1-D.
DIR/nan.h5       'chain_ucb' as in good.h5, 'chain_pucb' with NaN at per_episode_regret[2, 499].
DIR/nan_bonus.h5 'chain_ucb' with first_episode_bonus_below_horizon [5, NaN, 7].
DIR/not_hdf5.h5  a text file.
"""
import os
import sys

import h5py
import numpy as np

T = 1000


def regret(seeds):
    t = np.arange(1, T + 1, dtype=np.float64)
    step = np.sqrt(t) - np.sqrt(t - 1)
    return np.stack([(s + 1) * step for s in range(seeds)])


def dprl_file(path):
    f = h5py.File(path, "w", track_order=True)
    f.attrs["dprl_schema_version"] = np.int64(1)
    f.attrs["experiment"] = "test"
    return f


def group(f, name, env, agent, seeds=3, privacy_epsilon=None):
    g = f.create_group(name)
    g.attrs["env"] = env
    g.attrs["agent"] = agent
    if privacy_epsilon is not None:
        g.attrs["privacy_epsilon"] = privacy_epsilon
        g.attrs["error_bound_E"] = 10.0 / privacy_epsilon
        g.attrs["e_eps_bound"] = "exact_tail"
        g.attrs["neighbour_relation"] = "replacement"
    g.create_dataset("per_episode_regret", data=regret(seeds), chunks=(1, T), compression="gzip")
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
    with dprl_file(os.path.join(out, "no_regret.h5")) as f:
        group(f, "chain_ucb", "chain", "ucb")
        f.create_group("empty_config").attrs["env"] = "chain"
    with dprl_file(os.path.join(out, "no_env.h5")) as f:
        del group(f, "chain_ucb", "chain", "ucb").attrs["env"]
    with dprl_file(os.path.join(out, "one_d.h5")) as f:
        g = f.create_group("chain_ucb")
        g.attrs["env"] = "chain"
        g.attrs["agent"] = "ucb"
        g.create_dataset("per_episode_regret", data=np.ones(T))
    with dprl_file(os.path.join(out, "nan.h5")) as f:
        group(f, "chain_ucb", "chain", "ucb")
        values = regret(3)
        values[2, 499] = np.nan
        group(f, "chain_pucb", "chain", "pucb", privacy_epsilon=0.5)["per_episode_regret"][
            ...] = values
    with dprl_file(os.path.join(out, "nan_bonus.h5")) as f:
        g = group(f, "chain_ucb", "chain", "ucb")
        g.create_dataset("first_episode_bonus_below_horizon", data=np.array([5.0, np.nan, 7.0]))
    with open(os.path.join(out, "not_hdf5.h5"), "w") as f:
        f.write("not an HDF5 file\n")


if __name__ == "__main__":
    main()
