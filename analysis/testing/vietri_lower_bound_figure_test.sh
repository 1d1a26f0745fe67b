#!/usr/bin/env bash
# //analysis:vietri_lower_bound_figure on small generated files: PNG/PDF/CSV are written with the
# expected numbers (slope in 1/eps, bound-shape comparisons); bad inputs give one clear error
# naming the flag, a non-zero exit and no output files.
FIGURE_NAME=vietri_lower_bound_figure
source "${TEST_SRCDIR}/dprl/analysis/testing/figure_test_lib.sh"
make_inputs make_lower_bound_files.py

expect_good_input  # writes $WORK/out/fig.{png,pdf} and fig_summary.csv
"$PYTHON" - "$WORK/out/fig_summary.csv" <<'PY' || fail "summary CSV wrong"
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert [r["group"] for r in rows] == ["lb-ubev", "lb-pucb-eps=10", "lb-pucb-eps=100",
                                      "lb-pucb-eps=1000"], rows
by = {r["group"]: r for r in rows}
def close(a, b): assert math.isclose(float(a), b, rel_tol=1e-8), (a, b)
S, A, H, beta, alpha = 4, 2, 2, 0.05, 0.15
ubev, p10, p1000 = by["lb-ubev"], by["lb-pucb-eps=10"], by["lb-pucb-eps=1000"]
close(ubev["non_alpha_optimal_mean"], 40)
close(ubev["non_alpha_optimal_ci95"], 4.302652730 / math.sqrt(3))  # sd 1 over 3 seeds
assert ubev["privacy_epsilon"] == "" and ubev["inverse_eps_slope"] == ""
assert ubev["excess_inverse_eps_slope"] == "" and ubev["excess_slope_points"] == ""
close(ubev["pac_lower_shape"], S * A * H**2 / alpha**2)            # non-private term only
close(ubev["pac_upper_shape"], S * A * H**4 / alpha**2)
assert ubev["above_pac_lower_shape"] == "false"                    # 40 < 1422
close(p10["non_alpha_optimal_mean"], 500)
close(p10["pac_lower_shape"], S * A * H**2 / alpha**2 + S * A * H * math.log(1 / beta) / (alpha * 10))
close(p10["pac_upper_shape"], S * A * H**4 / alpha**2 + S**2 * A * H**4 / (10 * alpha))
assert p10["above_pac_lower_shape"] == "false"   # the count at alpha = 0.3 is 1
for r in (p10, by["lb-pucb-eps=100"], p1000):
    close(r["inverse_eps_slope"], 1.0)
    assert r["slope_points"] == "3"
    assert r["excess_slope_points"] == "2"  # 500 - 40, 50 - 40 (5 < 40 excluded)
    assert r["slope_points_excluded"] == "0" and r["excess_slope_points_excluded"] == "1", r
    close(r["excess_inverse_eps_slope"], math.log(460 / 10) / math.log(10))
close(p1000["final_regret_mean"], 10)
close(p1000["regret_lower_shape"], math.sqrt(H * S * A * 1000) + S * A * H * math.log(1000) / 1000)
assert p1000["above_regret_lower_shape"] == "false"  # 10 < 17.9
assert p10["counts_by_alpha"] == "0.0375:500;0.075:500;0.15:500;0.3:1", p10["counts_by_alpha"]
assert p10["alpha_optimal_from_episode_median"] == "1001"
PY

expect_error no_counts "--in: $WORK/no_counts.h5: group 'lb-ubev' has no dataset 'non_alpha_optimal_episodes'" \
  "--in=$WORK/no_counts.h5" "$P"
expect_error alpha "attribute 'pac_alpha' of 'lb-ubev' is not in pac_alpha_grid" \
  "--in=$WORK/alpha_not_in_grid.h5" "$P"
expect_error ragged "has 3 columns, pac_alpha_grid 4" "--in=$WORK/ragged.h5" "$P"
expect_error no_horizon "rewarded_horizon" "--in=$WORK/no_horizon.h5" "$P"
expect_error nan_counts "--in: $WORK/nan_counts.h5: dataset 'lb-ubev/non_alpha_optimal_episodes' holds a non-finite value (nan at row 1, column 2)" \
  "--in=$WORK/nan_counts.h5" "$P"
expect_common_errors
echo PASS
