# //experiments:private_ofu_fig's own smoke checks on its --scale=smoke results file and summary CSV
# (argv[1], argv[2]; experiments/experiment_smoke_test.sh, after the checks every result gets):
# the groups and attributes of every LQ agent on every system, regret datasets on the
# episode grid with non-decreasing OFU iterations, one summary row per group with its exponent.
import csv, sys
import h5py, numpy as np
from regret_grid import check_regret_group
path, summary = sys.argv[1], sys.argv[2]
with h5py.File(path, "r") as f:
    seeds = int(f.attrs["seeds"])
    agents = {}
    for name, group in f.items():
        grid, regret = check_regret_group(group, seeds, tolerance=1e-9)
        iterations = group["cumulative_ofu_iterations"][()]
        assert iterations.shape == regret.shape and (np.diff(iterations, axis=1) >= 0).all(), name
        agents.setdefault(group.attrs["env"], set()).add(group.attrs["agent"])
        if group.attrs["agent"] != "ofu_rl":
            assert group.attrs["privacy_epsilon"] > 0 and group.attrs["sigma_1"] > 0, name
            assert group.attrs["neighbour"] == "replace", name
        if group.attrs["agent"] in ("private_ce_ridge", "private_ce_dither"):
            assert group.attrs["ce_ridge"] == 1.0, name
        if group.attrs["agent"] == "private_ce_dither":
            assert group.attrs["dither_scale"] == 0.1, name
    want = {"ofu_rl", "private_ofu_rl", "private_ofu_rl_tight", "private_ce", "private_ce_ridge",
            "private_ce_dither"}
    assert agents == {"chain_n2": want, "rotation_n2": want, "relay_n2": want}, agents
    groups = len(f)
with open(summary) as s:
    rows = list(csv.DictReader(s))
    assert len(rows) == groups
    assert all(r["regret_exponent"] != "" for r in rows)
