# //experiments:wang_hegde_fig1's own smoke checks on its --scale=smoke results file and summary CSV
# (argv[1], argv[2]; experiments/experiment_smoke_test.sh, after the checks every result gets):
# the groups and attributes, episode_return shapes, finite returns in [0, 25], the
# scripted policy above the uniform one, one summary row per group.
import csv, sys
import h5py, numpy
path, summary = sys.argv[1], sys.argv[2]
with h5py.File(path, "r") as f:
    assert f.attrs["dprl_schema_version"] == 2 and f.attrs["scale"] == "smoke", dict(f.attrs)
    seeds = int(f.attrs["seeds"])
    agents = set()
    for name, group in f.items():
        returns = group["episode_return"][()]
        episodes = group.attrs["num_samples"] // group.attrs["episode_length"]
        assert returns.shape == (seeds, episodes), (name, returns.shape)
        # 50 rewards in [0, 0.5] per episode.
        assert numpy.isfinite(returns).all() and (returns >= 0).all() and (returns <= 25).all()
        last10 = group["last10_mean_return"][()]
        assert numpy.allclose(last10, returns[:, -10:].mean(axis=1)), name
        agents.add(group.attrs["agent"])
        if group.attrs["agent"] == "functional_noise":
            assert group.attrs["noise_stddev"] >= 0 and group.attrs["num_resets"] >= 1, name
        if group.attrs["agent"] == "replay_dqn_as_run":
            assert group.attrs["batch_size"] == 128 and group.attrs["discount"] == 0.999, name
    assert agents == {"functional_noise", "replay_dqn_as_run", "scripted", "uniform"}, agents
    groups = len(f)
    # The scripted policy beats the uniform one on every seed.
    assert (f["reference-scripted/last10_mean_return"][()] >
            f["reference-uniform/last10_mean_return"][()]).all()
with open(summary) as s:
    rows = list(csv.DictReader(s))
assert len(rows) == groups and all(float(r["last10_ci95_low"]) <= float(r["last10_mean"])
                                   for r in rows), rows
