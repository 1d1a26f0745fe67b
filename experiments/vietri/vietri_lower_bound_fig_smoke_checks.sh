# //experiments:vietri_lower_bound_fig's own smoke checks, sourced by
# experiments/experiment_smoke_test.sh after the checks every result gets (FIG, OUT, WORK set):
# the HDF5 layout checked with h5py (docs/hdf5_schema.md, "vietri_lower_bound_fig") and the
# summary CSV; then a run at two alpha' (one row per (env, alpha') in the summary, never merged)
# on which //analysis:claims can measure vietri.pac_excess_vs_alpha (the excess's order in the
# instance gap g).
"$PYTHON" - "$OUT.h5" "${OUT}_summary.csv" <<'PY' ||
import csv, sys
import h5py, numpy as np
from regret_grid import check_regret_group
f = h5py.File(sys.argv[1], "r")
assert f.attrs["dprl_schema_version"] == 2 and f.attrs["experiment"] == "vietri_lower_bound_fig"
assert f.attrs["scale"] == "smoke" and f.attrs["seeds"] == 2
names = list(f.keys())
assert sorted(names) == sorted(["lower_bound_n2_m1_H2-ubev", "lower_bound_n2_m1_H2-pucb_noiseless",
                                "lower_bound_n2_m1_H2-pucb-eps=1000",
                                "lower_bound_n2_m1_H2-pucb-eps=10000",
                                "lower_bound_n2_m1_H2-pucb_exact_tail-eps=1000",
                                "lower_bound_n2_m1_H2-pucb_exact_tail-eps=10000"]), names
instances = set()
for name, g in f.items():
    a = g.attrs
    n, m, H = int(a["num_initial_states"]), int(a["num_arms"]), int(a["rewarded_horizon"])
    assert (a["num_states"], a["num_actions"], a["horizon"]) == (n + 2, m + 1, H + 1), name
    assert a["env_family"] == "lower_bound" and a["agent"] in ("ubev", "pucb_noiseless", "pucb"), name
    T = int(a["num_episodes"])
    episodes, cumulative = check_regret_group(g, 2)
    # Every episode's regret is in [0, H alpha'] (no arm is worse than the best by more than alpha').
    assert (np.diff(cumulative, axis=1) <= np.diff(episodes, axis=1) * H * a["alpha_prime"]).all()
    total = g["total_regret"][()]
    grid = g["pac_alpha_grid"][()]
    counts = g["non_alpha_optimal_episodes"][()]
    settled = g["alpha_optimal_from_episode"][()]
    assert grid.shape == counts.shape == settled.shape == (2, 4), name
    assert (grid[0] == grid[1]).all() and np.isclose(grid[0] / a["pac_alpha_unit"],
                                                     [0.15, 0.3, 0.6, 1.2]).all()
    assert a["pac_alpha"] == grid[0, 2]
    rho = (H / n) * sum(0.5 + a["alpha_prime"] * (1 if i != 0 else 0.5) for i in g["instance"][0])
    assert np.allclose(g["optimal_value"][()], rho), name
    for s in range(2):
        for k in range(4):
            # count episodes have regret in (alpha, H alpha'], the other T - count in [0, alpha].
            c, alpha = counts[s, k], grid[s, k]
            assert c * alpha <= total[s] + 1e-9, (name, s, k)
            assert total[s] <= c * H * a["alpha_prime"] + (T - c) * alpha + 1e-9, (name, s, k)
            assert c + 1 <= settled[s, k] <= T + 1, (name, s, k)
    instances.add(tuple(g["instance"][0]))
    assert g["first_episode_bonus_below_horizon"].shape == (2,)
    if a["agent"] == "pucb":
        assert a["privacy_epsilon"] > 0 and a["error_bound"] >= 0
        assert a["neighbour_relation"] == "add_remove", name
        assert a["privacy_epsilon_replacement"] == 2 * a["privacy_epsilon"], name
        assert a["error_bound_method"] == ("exact_tail" if "exact_tail" in name else "paper"), name
    else:
        assert "privacy_epsilon" not in a
assert len(instances) == 1, instances  # all agents face the same instance I
for eps in (1000, 10000):  # the exact-tail E is smaller than the paper's, same privacy_epsilon
    paper = f["lower_bound_n2_m1_H2-pucb-eps=%d" % eps].attrs
    exact = f["lower_bound_n2_m1_H2-pucb_exact_tail-eps=%d" % eps].attrs
    assert paper["privacy_epsilon"] == exact["privacy_epsilon"]
    assert exact["error_bound"] < paper["error_bound"] / 5, (exact["error_bound"], paper["error_bound"])
rows = list(csv.DictReader(open(sys.argv[2])))
assert sorted(r["group"] for r in rows) == sorted(names), rows
for r in rows:
    assert r["above_pac_lower_shape"] in ("true", "false")
    assert float(r["non_alpha_optimal_mean"]) >= 0
PY
  fail "results file or summary wrong"

# Two alpha' at T = 50000 (n2_m1_H2, eps 3e4 and 1e5: every run in the claim's regime at the
# default master seed; about 3 core-seconds).
TWO="$WORK/two_alpha/vietri_lower_bound_fig"
"$FIG" --scale=smoke --threads=1 --set=num_episodes=50000 --set=privacy_epsilons=30000,100000 \
  --set=agent_variants=pucb_noiseless,pucb --set=alpha_primes=0.5,0.35 "--out=$TWO" \
  2>"$WORK/two.err" || { cat "$WORK/two.err"; fail "two-alpha' run failed"; }
"$RUNFILES/analysis/claims" --results="$WORK/two_alpha" --bootstrap_replicates=200 \
  >"$WORK/claims.out" 2>&1 || { cat "$WORK/claims.out"; fail "claims failed"; }
"$PYTHON" - "$TWO/vietri_lower_bound_fig.h5" "$TWO/vietri_lower_bound_fig_summary.csv" \
  "$WORK/two_alpha/claims.csv" <<'PY' ||
import csv, sys
import h5py
f = h5py.File(sys.argv[1], "r")
expected = []
for ap in ("0.5", "0.35"):
    expected.append("lower_bound_n2_m1_H2-pucb_noiseless-ap=" + ap)
    expected += ["lower_bound_n2_m1_H2-pucb-eps=%s-ap=%s" % (e, ap) for e in ("30000", "100000")]
assert sorted(f.keys()) == sorted(expected), list(f.keys())
for name, g in f.items():
    ap = float(name.split("-ap=")[1])
    assert g.attrs["alpha_prime"] == ap and g.attrs["env"] == "lower_bound_n2_m1_H2", name
    assert abs(g.attrs["pac_alpha_unit"] - 2 * ap / 4) < 1e-15, name
rows = {r["group"]: r for r in csv.DictReader(open(sys.argv[2]))}
assert sorted(rows) == sorted(expected), rows
for name, r in rows.items():
    assert float(r["alpha_prime"]) == float(name.split("-ap=")[1]), r
    if "pucb-eps" in name:  # each alpha' fits its own two eps against its own reference
        assert r["slope_points"] == "2" and r["excess_slope_points"] == "2", r
slopes = {rows["lower_bound_n2_m1_H2-pucb-eps=30000-ap=" + ap]["inverse_eps_slope"]
          for ap in ("0.5", "0.35")}
assert len(slopes) == 2, slopes  # one fit per alpha', not one over both
claim = {r["id"]: r for r in csv.DictReader(open(sys.argv[3]))}["vietri.pac_excess_vs_alpha"]
assert claim["kind"] == "observation" and claim["verdict"] == "observed", claim  # a trend: no verdict
assert claim["regime_missed"] == "" and claim["value"] != "", claim
assert "2 set(s) of in-regime runs" in claim["detail"], claim["detail"]
PY
  fail "two-alpha' results, summary or claim wrong"
