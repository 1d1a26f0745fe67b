"""toy_bonus_fig's own smoke checks: the toy agent ran through the runner and the figure.

Usage: toy_bonus_fig_smoke_checks.py RESULTS.h5 SUMMARY.csv
"""
import csv
import sys

import h5py

results, summary = sys.argv[1:3]
with h5py.File(results, "r") as f:
    groups = set(f.keys())
    assert groups == {"riverswim-toy_bonus", "riverswim-ucbvi", "random_mdp-toy_bonus",
                      "random_mdp-ucbvi"}, groups
    for name in groups:
        group = f[name]
        regret = group["cumulative_regret"][()]
        horizon = int(group.attrs["horizon"])
        episodes = group["episode_grid"][()]
        assert regret.shape[0] == 2, (name, regret.shape)  # the smoke scale's two seeds
        assert (regret >= 0).all() and (regret <= horizon * episodes).all(), name
    assert f["riverswim-toy_bonus"].attrs["label"] == "Toy bonus (non-private)"
with open(summary) as s:
    rows = list(csv.DictReader(s))
assert {row["agent"] for row in rows} == {"toy_bonus", "ucbvi"}, rows
assert {row["seeds"] for row in rows} == {"2"}, rows
print("toy_bonus_fig checks passed")
