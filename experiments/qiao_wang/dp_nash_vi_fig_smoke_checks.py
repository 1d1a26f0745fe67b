# //experiments:dp_nash_vi_fig's own smoke checks on its --scale=smoke results file and summary CSV
# (argv[1], argv[2]; experiments/experiment_smoke_test.sh, after the checks every result gets):
# the groups, the privacy records of every DP-Nash-VI group (notion, relation, calibration,
# delivered epsilon, E), Lemma B.7's bracket records and the summary's rows.
import csv, math, sys
import h5py
from regret_grid import check_regret_group
path, summary = sys.argv[1], sys.argv[2]
with h5py.File(path, "r") as f:
    seeds = int(f.attrs["seeds"])
    agents = {}
    for name, group in f.items():
        check_regret_group(group, seeds)
        a = group.attrs
        agents.setdefault(a["env"], set()).add(a["agent"])
        if a["agent"] in ("dp_nash_vi_jdp", "dp_nash_vi_ldp"):
            eps = float(a["privacy_epsilon"])
            local = a["agent"] == "dp_nash_vi_ldp"
            assert a["privacy_notion"] == ("eps-LDP" if local else "eps-JDP"), name
            assert a["neighbour_relation"] == ("any_two_trajectories" if local else "add_remove"), name
            assert a["error_bound"] >= 0, name
            delivered = float(a["delivered_epsilon"])
            if a["noise_calibration"] == "stated_epsilon":
                assert abs(delivered / eps - 1) < 1e-12, name
            elif local:
                assert abs(delivered / eps - 2) < 1e-12, name  # Lap(2H/eps): 2 eps
            else:
                k = int(a["num_episodes"])  # eps L / log2 K
                levels = k.bit_length()
                assert abs(delivered / (eps * levels / math.log2(k)) - 1) < 1e-12, name
        elif a["agent"] == "nash_vi":
            assert "privacy_epsilon" not in a, name
        # Lemma B.7's bracket: recorded by every DP-Nash-VI group (held on every smoke seed and
        # episode, also with the scaled constants), never by the others.
        bracketed = a["agent"] in ("dp_nash_vi_jdp", "dp_nash_vi_ldp", "nash_vi")
        assert ("bracket_violation_episodes" in group) == bracketed, name
        assert ("total_value_gap" in group) == bracketed, name
        if bracketed:
            assert (group["bracket_violation_episodes"][:] == 0).all(), name
            assert (group["total_value_gap"][:] >= group["total_regret"][:] - 1e-9).all(), name
    expected = {"ucbvi", "nash_vi", "pucb", "private_ucbvi", "dp_nash_vi_jdp", "dp_nash_vi_ldp"}
    assert agents == {"riverswim": expected, "random_mdp": expected}, agents
    scaled = f["riverswim-dp_nash_vi_ldp_scaled-eps=10"].attrs
    assert scaled["gap_constant"] == 0.03 and scaled["bonus_constant"] == 0.1, dict(scaled)
    groups = set(f.keys())
with open(summary) as s:
    rows = list(csv.DictReader(s))
assert sorted(row["group"] for row in rows) == sorted(groups), rows
