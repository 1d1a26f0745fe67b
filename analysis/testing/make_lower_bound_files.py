"""Writes small vietri_lower_bound_fig results files (docs/hdf5_schema.md) with h5py for the
vietri_lower_bound_figure test.

usage: make_lower_bound_files.py DIR

DIR/good.h5           env 'lb' (S=4, A=2, H=2, beta=0.05, T=1000, 3 seeds): 'lb-ubev' and PUCB at
                      eps 10, 100, 1000 whose counts at pac_alpha (= grid[2] = 0.15) are
                      5000/eps + (seed - 1) (mean 5000/eps < T, so the slope in 1/eps is exactly 1)
                      and 40 for UBEV; regret 0.01 in every episode (final regret 10), on the grid.
DIR/foreign.h5        HDF5 without dprl_schema_version.
DIR/not_hdf5.h5       a text file.
DIR/no_counts.h5      a group without non_alpha_optimal_episodes.
DIR/alpha_not_in_grid.h5  pac_alpha not an element of pac_alpha_grid.
DIR/ragged.h5         non_alpha_optimal_episodes with 3 columns, pac_alpha_grid with 4.
DIR/no_horizon.h5     a group without the rewarded_horizon attribute.
DIR/nan_counts.h5     non_alpha_optimal_episodes[1, 2] of 'lb-ubev' is NaN.
"""
import os
import sys

import h5py
import numpy as np

import regret_grid

T = 1000
SEEDS = 3
GRID = np.array([0.0375, 0.075, 0.15, 0.3])


def dprl_file(path):
    f = h5py.File(path, "w", track_order=True)
    f.attrs["dprl_schema_version"] = np.int64(regret_grid.SCHEMA_VERSION)
    f.attrs["experiment"] = "vietri_lower_bound_fig"
    return f


def group(f, name, count, privacy_epsilon=None):
    g = f.create_group(name)
    g.attrs["env"] = "lb"
    g.attrs["agent"] = "pucb" if privacy_epsilon else "ubev"
    g.attrs["agent_variant"] = g.attrs["agent"]
    # The family member n = 2, m = 1, H = 2 (S = n + 2, A = m + 1, horizon = H + 1), as the
    # grid records it.
    g.attrs["env_family"] = "lower_bound"
    for key, value in (("num_initial_states", 2), ("num_arms", 1), ("rewarded_horizon", 2),
                       ("num_states", 4), ("num_actions", 2), ("horizon", 3)):
        g.attrs[key] = np.int64(value)
    g.attrs["alpha_prime"] = 0.2
    g.attrs["failure_probability"] = 0.05
    g.attrs["pac_alpha"] = GRID[2]
    g.attrs["pac_alpha_unit"] = 0.1  # H alpha' / (2n)
    if privacy_epsilon is not None:
        g.attrs["privacy_epsilon"] = float(privacy_epsilon)
        g.attrs["error_bound"] = 100.0 / privacy_epsilon
    regret_grid.write_regret(g, np.full((SEEDS, T), 0.01))
    g.create_dataset("pac_alpha_grid", data=np.tile(GRID, (SEEDS, 1)))
    counts = np.array([[count + s - 1.0] * 2 + [count + s - 1.0, 1.0] for s in range(SEEDS)])
    g.create_dataset("non_alpha_optimal_episodes", data=counts)
    g.create_dataset("alpha_optimal_from_episode", data=np.full((SEEDS, 4), T + 1.0))
    return g


def good(f):
    group(f, "lb-ubev", 40.0)
    for eps in (10, 100, 1000):
        group(f, f"lb-pucb-eps={eps}", 5000.0 / eps, privacy_epsilon=eps)


def main():
    out = sys.argv[1]
    with dprl_file(os.path.join(out, "good.h5")) as f:
        good(f)
    with h5py.File(os.path.join(out, "foreign.h5"), "w") as f:
        f.create_dataset("x", data=np.zeros(3))
    with open(os.path.join(out, "not_hdf5.h5"), "w") as f:
        f.write("not an HDF5 file\n")
    with dprl_file(os.path.join(out, "no_counts.h5")) as f:
        del group(f, "lb-ubev", 40.0)["non_alpha_optimal_episodes"]
    with dprl_file(os.path.join(out, "alpha_not_in_grid.h5")) as f:
        group(f, "lb-ubev", 40.0).attrs["pac_alpha"] = 0.2
    with dprl_file(os.path.join(out, "ragged.h5")) as f:
        g = group(f, "lb-ubev", 40.0)
        del g["non_alpha_optimal_episodes"]
        g.create_dataset("non_alpha_optimal_episodes", data=np.ones((SEEDS, 3)))
    with dprl_file(os.path.join(out, "no_horizon.h5")) as f:
        del group(f, "lb-ubev", 40.0).attrs["rewarded_horizon"]
    with dprl_file(os.path.join(out, "nan_counts.h5")) as f:
        group(f, "lb-ubev", 40.0)["non_alpha_optimal_episodes"][1, 2] = np.nan


if __name__ == "__main__":
    main()
