# //experiments:dp_nash_vi_game_fig's own smoke checks on its --scale=smoke results file and
# summary CSV (argv[1], argv[2]; experiments/experiment_smoke_test.sh, after the checks every
# result gets): the games and agents of every group, each game's recorded shape, the privacy
# records of every DP-Nash-VI group, per-episode regret within [0, H], and the summary's rows.
import csv, sys
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
        shape = (a["num_states"], a["num_max_actions"], a["num_min_actions"], a["horizon"])
        if a["env"] == "matching_pennies":
            assert shape[:3] == (1, 2, 2) and "dirichlet_concentration" not in a, name
        else:
            assert shape == (3, 2, 2, 3) and a["dirichlet_concentration"] == 1.0, name
        # A duality gap per episode lies in [0, H]: the cumulative regret grows by at most H.
        grid = group["episode_grid"][0]
        assert (group["cumulative_regret"][:, -1] <= a["horizon"] * grid[-1] + 1e-9).all(), name
        if a["agent"] in ("dp_nash_vi_jdp", "dp_nash_vi_ldp"):
            local = a["agent"] == "dp_nash_vi_ldp"
            assert a["privacy_notion"] == ("eps-LDP" if local else "eps-JDP"), name
            assert a["neighbour_relation"] == ("any_two_trajectories" if local else "add_remove"), name
            assert a["noise_calibration"] == "stated_epsilon", name
            assert abs(a["delivered_epsilon"] / a["privacy_epsilon"] - 1) < 1e-12, name
            assert a["error_bound"] >= 0, name
        else:
            assert a["agent"] == "nash_vi" and "privacy_epsilon" not in a, name
            assert a["error_bound"] == 0, name
    expected = {"nash_vi", "dp_nash_vi_jdp", "dp_nash_vi_ldp"}
    assert agents == {"matching_pennies": expected, "random_game": expected}, agents
    scaled = f["random_game-dp_nash_vi_jdp_scaled-eps=10"].attrs
    assert scaled["gap_constant"] == 0.03 and scaled["bonus_constant"] == 0.1, dict(scaled)
    groups = set(f.keys())
with open(summary) as s:
    rows = list(csv.DictReader(s))
assert sorted(row["group"] for row in rows) == sorted(groups), rows
