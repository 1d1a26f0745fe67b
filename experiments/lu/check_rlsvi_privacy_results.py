"""Checks a --scale=smoke results file of //experiments:rlsvi_privacy_fig with h5py.

usage: check_rlsvi_privacy_results.py RESULTS.h5 SUMMARY.csv CALCULATOR

CALCULATOR is //calculators:rlsvi_epsilon (the accountant's command line): the
privacy_epsilon of the rlsvi and pucb regret groups must equal its corollary14_privacy_epsilon
(printed with 17 significant digits, so bit for bit) for (S, A, H, K = num_episodes, 1e-5), and
the last point of every privacy curve must equal its values at K_max for both conversions.
Exits 1 with a message at the first failed check.
"""
import csv
import subprocess
import sys

import h5py
import numpy as np
from regret_grid import check_regret_group


def fail(message):
    print("check_rlsvi_privacy_results: " + message, file=sys.stderr)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def accountant(calculator, s, a, h, k, delta):
    out = subprocess.run([calculator, f"--states={s}", f"--actions={a}", f"--horizon={h}",
                          f"--episodes={k}", f"--target_delta={delta!r}", "--format=csv"],
                         check=True, capture_output=True, text=True).stdout
    return next(csv.DictReader(out.splitlines()))


def main():
    results, summary, calculator = sys.argv[1:4]
    with h5py.File(results, "r") as f:
        check(f.attrs["experiment"] == "rlsvi_privacy_fig", "experiment attribute")
        check(f.attrs["scale"] == "smoke", "scale attribute")
        # A plain smoke run at the default seeds is this experiment's claims_reduced profile run
        # (its registration), and the runner records so.
        check(f.attrs.get("claims_profile") == "claims_reduced", "claims_profile attribute")
        seeds = int(f.attrs["seeds"])
        kinds = {name: f[name].attrs["kind"] for name in f}
        curves = [n for n, k in kinds.items() if k == "privacy_curve"]
        regrets = [n for n, k in kinds.items() if k == "regret"]
        check(len(curves) == 12 and len(regrets) == 6, f"groups: {sorted(kinds)}")
        check({float(f[n].attrs["target_delta"]) for n in curves} == {1e-3, 1e-5, 1e-7}, "deltas")
        for name in curves:
            g = f[name]
            k, paper, improved = (g[d][()] for d in
                                  ("episodes", "privacy_epsilon_paper", "privacy_epsilon_improved"))
            check(k.shape == paper.shape == improved.shape == (seeds, 25), f"{name}: shapes")
            check((k == k[0]).all() and (paper == paper[0]).all(), f"{name}: rows differ")
            check(k[0, 0] == 1 and k[0, -1] == 1e6 and (np.diff(k[0]) > 0).all(), f"{name}: K")
            check((improved < paper).all() and (np.diff(paper[0]) > 0).all(), f"{name}: order")
            row = accountant(calculator, g.attrs["num_states"], g.attrs["num_actions"],
                             g.attrs["horizon"], 1000000, float(g.attrs["target_delta"]))
            check(paper[0, -1] == float(row["corollary14_privacy_epsilon"]), f"{name}: paper")
            check(improved[0, -1] == float(row["improved_privacy_epsilon"]), f"{name}: improved")
        for env in ("riverswim", "random_mdp"):
            rlsvi, pucb, ubev = (f[f"{env}-{agent}"] for agent in ("rlsvi", "pucb", "ubev"))
            a = rlsvi.attrs
            row = accountant(calculator, a["num_states"], a["num_actions"], a["horizon"],
                             a["num_episodes"], 1e-5)
            expected = float(row["corollary14_privacy_epsilon"])
            check(a["privacy_epsilon"] == expected, f"{env}: rlsvi eps {a['privacy_epsilon']}")
            check(pucb.attrs["privacy_epsilon"] == expected,
                  f"{env}: pucb eps {pucb.attrs['privacy_epsilon']} != accountant {expected}")
            check(a["privacy_epsilon_improved"] == float(row["improved_privacy_epsilon"]),
                  f"{env}: rlsvi improved eps")
            check(a["target_delta"] == 1e-5 and pucb.attrs["target_delta"] == 0.0, "deltas")
            check(a["privacy_protects"] == "rewards", "rlsvi protects")
            check(pucb.attrs["privacy_protects"] == "states_and_rewards", "pucb protects")
            check(a["neighbour_relation"] == "replacement" and
                  pucb.attrs["neighbour_relation"] == "replacement", "neighbour relations differ")
            check("privacy_epsilon" not in ubev.attrs, "ubev has an epsilon")
            for g in (rlsvi, pucb, ubev):
                check(int(g.attrs["num_episodes"]) == 2000, f"{g.name}: num_episodes")
                check_regret_group(g, seeds)
            check("first_episode_bonus_below_horizon" not in rlsvi, "rlsvi has a bonus dataset")
            check("first_episode_bonus_below_horizon" in pucb, "pucb lacks the bonus dataset")
    rows = list(csv.DictReader(open(summary)))
    check(len(rows) == 18, f"summary rows: {len(rows)}")
    by = {r["group"]: r for r in rows}
    check(by["riverswim-rlsvi"]["privacy_epsilon"] != "", "summary: rlsvi eps")
    check(by["riverswim-ubev"]["privacy_epsilon"] == "", "summary: ubev eps")
    check(by["riverswim-pucb"]["target_delta"] == "0", "summary: pucb delta")
    check(by["riverswim-pucb"]["neighbour_relation"] == "replacement", "summary: pucb relation")
    print("check_rlsvi_privacy_results: OK")


if __name__ == "__main__":
    main()
