# //experiments:jdp_tabular_fig's own smoke checks on its --scale=smoke results file and summary CSV
# (argv[1], argv[2]; experiments/experiment_smoke_test.sh, after the checks every result gets):
# the groups, matched privacy attributes of the private agents, regret datasets on the
# episode grid, and the summary's DP-UCBVI privacy-for-free eps of every group.
import csv, sys
import h5py
from regret_grid import check_regret_group
path, summary = sys.argv[1], sys.argv[2]
with h5py.File(path, "r") as f:
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
