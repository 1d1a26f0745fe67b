# //experiments:wang_hegde_fig2's own smoke checks on its --scale=smoke results file and summary CSV
# (argv[1], argv[2]; experiments/experiment_smoke_test.sh, after the checks every result gets):
# functional noise vs the baselines: the groups and their privacy attributes, Theorem 5's
# corrected calibration, episode_return shapes, finite returns in [0, 25], one summary row per group.
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
        if group.attrs["agent"] not in ("scripted", "uniform", "frozen"):
            assert group.attrs["privacy_epsilon"] in (0.9, 0.45), name
            assert group.attrs["target_delta"] == 1e-4, name
        if group.attrs["agent"] == "dp_sgd":
            assert group.attrs["gradient_noise_stddev"] == 2 * 50 * group.attrs["l2_clip_norm"] * \
                group.attrs["noise_multiplier"], name
            assert group.attrs["rdp_privacy_epsilon"] < group.attrs["privacy_epsilon"], name
        if group.attrs["agent"] == "input_perturbation":
            assert group.attrs["reward_noise_stddev"] > 1, name
        if group.attrs["agent"] == "output_perturbation":
            assert group.attrs["output_noise_multiplier"] > 0, name
    assert agents == {"functional_noise", "input_perturbation", "dp_sgd", "output_perturbation",
                      "scripted", "uniform", "frozen", "replay_dqn_as_run"}, agents
    thm = f["eps=0.9-functional-theorem5"].attrs
    # Corrected delta_g: k solved so that delta_g = delta / 2; total delta = 1e-4 (Theorem 5 with
    # App. E.3's alpha, B, T, since no k meets the target with learning_rate 1).
    assert thm["noise_stddev"] > 30 and thm["noise_bound"] > 1000, dict(thm)
    assert abs(thm["achieved_total_delta"] - 1e-4) < 1e-12, dict(thm)
    assert "App. E.3" in thm["calibration"], dict(thm)
    assert f["eps=0.9-functional-paper-sigma"].attrs["noise_stddev"] == 0.32
    # Panel titles are stored as plain UTF-8; the figure makes PLplot's escapes when it draws.
    assert thm["panel"] == "ε = 0.9, δ = 1e-4", thm["panel"]
    groups = len(f)
    # The scripted policy beats the uniform one on every seed.
    assert (f["reference-scripted/last10_mean_return"][()] >
            f["reference-uniform/last10_mean_return"][()]).all()
with open(summary) as s:
    rows = list(csv.DictReader(s))
assert len(rows) == groups and all(float(r["last10_ci95_low"]) <= float(r["last10_mean"])
                                   for r in rows), rows
