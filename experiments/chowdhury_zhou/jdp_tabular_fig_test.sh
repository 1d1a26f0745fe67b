#!/usr/bin/env bash
# //experiments:jdp_tabular_fig end to end at --scale=smoke: the results file (groups, matched
# privacy attributes, regret datasets on the episode grid) checked with h5py, the analysis
# outputs (the summary's DP-UCBVI privacy-for-free eps of every group), and the same results on
# 1 rank with 1 thread, 1 rank with 2 threads and 2 ranks.
export DPRL_NO_TOY=1
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"
FIG="$RUNFILES/experiments/jdp_tabular_fig"
[[ -x "$FIG" ]] || fail "experiment binary not found at $FIG"

run_smoke_serial "$FIG" jdp_tabular_fig
"$PYTHON" - "$OUT.h5" "${OUT}_summary.csv" <<'PY' || fail "results check failed"
import csv, sys
import h5py
from regret_grid import check_regret_group
path, summary = sys.argv[1], sys.argv[2]
with h5py.File(path, "r") as f:
    assert f.attrs["dprl_schema_version"] == 2 and f.attrs["scale"] == "smoke", dict(f.attrs)
    assert f.attrs["experiment"] == "jdp_tabular_fig"
    seeds = int(f.attrs["seeds"])
    agents = {}
    eps_of = {}
    for name, group in f.items():
        check_regret_group(group, seeds)
        a = group.attrs
        agents.setdefault(a["env"], set()).add(a["agent"])
        if a["agent"] in ("pucb", "private_ucbvi"):
            assert a["privacy_epsilon"] > 0 and a["error_bound"] > 0, name
            assert a["neighbour_relation"] == "add_remove", name
            assert a["privacy_epsilon_replacement"] == 2 * a["privacy_epsilon"], name
            eps_of.setdefault((a["env"], a["agent"]), set()).add(float(a["privacy_epsilon"]))
        else:
            assert "privacy_epsilon" not in a, name
    expected = {"ucbvi", "pucb_noiseless", "pucb", "private_ucbvi"}
    assert agents == {"riverswim": expected, "random_mdp": expected}, agents
    # Matched eps: every private agent at the same eps on each environment.
    assert len({frozenset(v) for v in eps_of.values()}) == 1, eps_of
    assert f["riverswim-private_ucbvi-eps=10"].attrs["label"] == "Private-UCB-VI (ε=10)"
    assert f["riverswim-pucb-exact-eps=10"].attrs["error_bound_method"] == "exact_tail"
    instance = {name: [float(g.attrs[k]) for k in ("num_states", "num_actions", "horizon",
                                                    "num_episodes")] for name, g in f.items()}
with open(summary) as s:
    rows = list(csv.DictReader(s))
assert sorted(row["group"] for row in rows) == sorted(instance), rows
# DP-UCBVI's privacy-for-free threshold S^1.5 A^0.5 H^2 / sqrt(K H) of each group's instance.
for row in rows:
    states, actions, horizon, episodes = instance[row["group"]]
    expected = states ** 1.5 * actions ** 0.5 * horizon ** 2 / (episodes * horizon) ** 0.5
    assert abs(float(row["dp_ucbvi_privacy_free_epsilon"]) / expected - 1) < 1e-9, row
PY
expect_figure_files "$OUT"
expect_same_on_threads_and_ranks "$FIG" jdp_tabular_fig
echo PASS
