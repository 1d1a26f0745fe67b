"""The smoke checks both Wang & Hegde figures share (wang_hegde_fig1/2_smoke_checks.py).

check_walk_results(path, summary, check_group) opens the --scale=smoke results file and checks
every group's episode_return (seeds x episodes, finite, in [0, 25]: 50 rewards in [0, 0.5] per
episode) and last10_mean_return, calls check_group(name, group) for the figure's own checks,
checks that the scripted policy beats the uniform one on every seed and that the summary CSV has
one row per group with last10_ci95_low <= last10_mean; returns the set of agents run.
"""
import csv

import h5py
import numpy


def check_walk_results(path, summary, check_group):
    with h5py.File(path, "r") as f:
        seeds = int(f.attrs["seeds"])
        agents = set()
        for name, group in f.items():
            returns = group["episode_return"][()]
            episodes = group.attrs["num_samples"] // group.attrs["episode_length"]
            assert returns.shape == (seeds, episodes), (name, returns.shape)
            assert numpy.isfinite(returns).all() and (returns >= 0).all() and (returns <= 25).all()
            last10 = group["last10_mean_return"][()]
            assert numpy.allclose(last10, returns[:, -10:].mean(axis=1)), name
            agents.add(group.attrs["agent"])
            check_group(name, group)
        groups = len(f)
        assert (f["reference-scripted/last10_mean_return"][()] >
                f["reference-uniform/last10_mean_return"][()]).all()
    with open(summary) as s:
        rows = list(csv.DictReader(s))
    assert len(rows) == groups and all(float(r["last10_ci95_low"]) <= float(r["last10_mean"])
                                       for r in rows), rows
    return agents
