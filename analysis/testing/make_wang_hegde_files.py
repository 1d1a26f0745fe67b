"""Writes small dprl results files (docs/hdf5_schema.md) for the wang_hegde_figure test with h5py.

usage: make_wang_hegde_files.py DIR

DIR/good.h5      panel 'J = 1' with groups 'a' (3 seeds, 20 episodes, return[s, e] = e + s: last-10
                 mean over seeds 15.5, per-seed last-10 means 14.5, 15.5, 16.5, sd 1) and 'b'
                 (1 seed, constant 7); a reference group 'ref' (panel 'all', constant 20).
DIR/foreign.h5   HDF5 without dprl_schema_version.
DIR/empty.h5     a dprl results file without config groups.
DIR/no_returns.h5  a group without episode_return.
DIR/no_panel.h5  a group without the panel attribute.
DIR/nan.h5       a NaN return.
DIR/only_ref.h5  only reference groups.
DIR/not_hdf5.h5  a text file.
"""
import os
import sys

import h5py
import numpy as np


def dprl_file(path):
    f = h5py.File(path, "w", track_order=True)
    f.attrs["dprl_schema_version"] = np.int64(2)  # results schema version (regret_grid.py)
    f.attrs["experiment"] = "test"
    return f


def group(f, name, returns, panel="J = 1", agent="functional_noise", label=None, attrs=True):
    g = f.create_group(name)
    if returns is not None:
        g["episode_return"] = np.asarray(returns, dtype=np.float64)
    if attrs:
        g.attrs["panel"] = panel
    g.attrs["agent"] = agent
    g.attrs["label"] = label or name
    g.attrs["episode_length"] = np.int64(50)
    return g


def good(path):
    with dprl_file(path) as f:
        group(f, "a", [[e + s for e in range(20)] for s in range(3)])
        group(f, "b", [[7.0] * 20], panel="#ge = 1", label="#gs = 0.5")  # PLplot escapes
        group(f, "ref", [[20.0] * 20, [20.0] * 20], panel="all", agent="scripted")


def main():
    d = sys.argv[1]
    good(os.path.join(d, "good.h5"))
    with h5py.File(os.path.join(d, "foreign.h5"), "w") as f:
        f["x"] = np.zeros(3)
    dprl_file(os.path.join(d, "empty.h5")).close()
    with dprl_file(os.path.join(d, "no_returns.h5")) as f:
        group(f, "a", None)
    with dprl_file(os.path.join(d, "no_panel.h5")) as f:
        group(f, "a", [[1.0, 2.0]], attrs=False)
    with dprl_file(os.path.join(d, "nan.h5")) as f:
        group(f, "a", [[1.0, float("nan")]])
    for name, eps in (("nan_eps.h5", float("nan")), ("negative_eps.h5", -1.0)):
        with dprl_file(os.path.join(d, name)) as f:
            group(f, "a", [[1.0, 2.0]]).attrs["privacy_epsilon"] = eps
    with dprl_file(os.path.join(d, "seeds.h5")) as f:
        f.attrs["seeds"] = np.int64(5)
        group(f, "a", [[1.0, 2.0]] * 3)
    with dprl_file(os.path.join(d, "only_ref.h5")) as f:
        group(f, "ref", [[1.0, 2.0]], panel="all")
    with open(os.path.join(d, "not_hdf5.h5"), "w") as f:
        f.write("not hdf5\n")


main()
