"""Writes small rlsvi_privacy_fig results files (docs/hdf5_schema.md) for the
rlsvi_privacy_figure test with h5py.

usage: make_rlsvi_privacy_files.py DIR

DIR/good.h5         2 privacy curves (S, A, H) = (4, 2, 5) at delta 1e-3 and 1e-5, K = 1..1000,
                    eps_paper = K, eps_improved = K / 2 (2 identical rows); regret groups
                    chain-rlsvi (eps 1000, delta 1e-5, rewards), chain-pucb (eps 1000, delta 0),
                    chain-ubev, with regret (s + 1)(sqrt(t) - sqrt(t-1)) in episode t of seed s.
DIR/foreign.h5      HDF5 without dprl_schema_version.
DIR/no_kind.h5      a group without the kind attribute.
DIR/bad_kind.h5     a group of kind 'other'.
DIR/rows_differ.h5  a privacy curve whose two rows differ.
DIR/short.h5        a privacy curve whose privacy_epsilon_paper is shorter than episodes.
DIR/no_protects.h5  a regret group without privacy_protects.
DIR/inf.h5          a privacy curve whose privacy_epsilon_improved[1, 6] is +inf.
DIR/not_hdf5.h5     a text file.
"""
import os
import sys

import h5py
import numpy as np

import regret_grid

T = 1000
SEEDS = 2


def regret():
    t = np.arange(1, T + 1, dtype=np.float64)
    step = np.sqrt(t) - np.sqrt(t - 1)
    return np.stack([(s + 1) * step for s in range(SEEDS)])


def dprl_file(path):
    f = h5py.File(path, "w", track_order=True)
    f.attrs["dprl_schema_version"] = np.int64(regret_grid.SCHEMA_VERSION)
    f.attrs["experiment"] = "rlsvi_privacy_fig"
    return f


def curve(f, delta, rows_differ=False, short=False, inf=False):
    g = f.create_group(f"privacy-S=4-A=2-H=5-delta={delta:g}")
    g.attrs["kind"] = "privacy_curve"
    for key, value in (("num_states", 4), ("num_actions", 2), ("horizon", 5)):
        g.attrs[key] = np.int64(value)
    g.attrs["target_delta"] = delta
    g.attrs["max_episodes"] = np.int64(T)
    g.attrs["points_per_decade"] = np.int64(5)
    k = np.arange(1, T + 1, dtype=np.float64)
    paper = np.stack([k] * SEEDS)
    if rows_differ:
        paper[1, 3] += 1
    g.create_dataset("episodes", data=np.stack([k] * SEEDS))
    g.create_dataset("privacy_epsilon_paper", data=paper[:, :-1] if short else paper)
    improved = np.stack([k / 2] * SEEDS)
    if inf:
        improved[1, 6] = np.inf
    g.create_dataset("privacy_epsilon_improved", data=improved)
    return g


def regret_group(f, agent, protects, notion, eps=None, delta=None):
    g = f.create_group(f"chain-{agent}")
    g.attrs["kind"] = "regret"
    g.attrs["env"] = "chain"
    g.attrs["agent"] = agent
    for key, value in (("num_states", 4), ("num_actions", 2), ("horizon", 5),
                       ("num_episodes", T)):
        g.attrs[key] = np.int64(value)
    if protects is not None:
        g.attrs["privacy_protects"] = protects
    g.attrs["privacy_notion"] = notion
    if eps is not None:
        g.attrs["privacy_epsilon"] = eps
        g.attrs["neighbour_relation"] = "replacement"
    if delta is not None:
        g.attrs["target_delta"] = delta
    regret_grid.write_regret(g, regret())
    return g


def main():
    out = sys.argv[1]
    with dprl_file(os.path.join(out, "good.h5")) as f:
        curve(f, 1e-3)
        curve(f, 1e-5)
        regret_group(f, "rlsvi", "rewards", "(eps,delta)-JDP", 1000.0, 1e-5).attrs[
            "privacy_epsilon_improved"] = 500.0
        regret_group(f, "pucb", "states_and_rewards", "eps-JDP", 1000.0, 0.0)
        regret_group(f, "ubev", "nothing", "none")
    with h5py.File(os.path.join(out, "foreign.h5"), "w") as f:
        f.create_dataset("x", data=np.zeros(3))
    with dprl_file(os.path.join(out, "no_kind.h5")) as f:
        del curve(f, 1e-3).attrs["kind"]
    with dprl_file(os.path.join(out, "bad_kind.h5")) as f:
        curve(f, 1e-3).attrs["kind"] = "other"
    with dprl_file(os.path.join(out, "rows_differ.h5")) as f:
        curve(f, 1e-3, rows_differ=True)
    with dprl_file(os.path.join(out, "short.h5")) as f:
        curve(f, 1e-3, short=True)
    with dprl_file(os.path.join(out, "no_protects.h5")) as f:
        regret_group(f, "rlsvi", None, "(eps,delta)-JDP", 1000.0, 1e-5)
    with dprl_file(os.path.join(out, "inf.h5")) as f:
        curve(f, 1e-3, inf=True)
    with open(os.path.join(out, "not_hdf5.h5"), "w") as f:
        f.write("not an HDF5 file\n")


if __name__ == "__main__":
    main()
