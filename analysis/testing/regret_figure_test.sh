#!/usr/bin/env bash
# //analysis:regret_figure on small generated files: PNG/PDF/CSV are written with the expected
# numbers; bad inputs give one clear error naming the flag, a non-zero exit and no output files.
FIGURE_NAME=regret_figure
source "${TEST_SRCDIR}/dprl/analysis/testing/figure_test_lib.sh"
make_inputs make_regret_files.py

# Good input.
"$FIGURE" "--in=$WORK/good.h5" "--out_prefix=$WORK/out/fig" 2>"$WORK/err" && fail "missing dir ok"
expect_good_input  # writes $WORK/out/fig.{png,pdf} and fig_summary.csv
[[ "$(stat -c %s "$WORK/out/fig.pdf")" -gt 2000 ]] || fail "PDF too small"
"$PYTHON" - "$WORK/out/fig_summary.csv" <<'PY' || fail "summary CSV wrong"
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert list(rows[0].keys()) == ("group,env,agent,privacy_epsilon,neighbour_relation,error_bound,"
    "error_bound_method,seeds,episodes,"
    "final_regret_mean,final_regret_ci95,loglog_slope_last_decade,"
    "first_episode_bonus_below_horizon").split(","), rows[0].keys()
by = {r["group"]: r for r in rows}
assert [r["group"] for r in rows] == ["chain_ucb", "chain_pucb", "grid_single"], by.keys()
T = 1000
def close(a, b): assert math.isclose(float(a), b, rel_tol=1e-8), (a, b)
ucb, pucb, single = by["chain_ucb"], by["chain_pucb"], by["grid_single"]
assert (ucb["env"], ucb["agent"], ucb["seeds"], ucb["episodes"]) == ("chain", "ucb", "3", "1000")
assert ucb["privacy_epsilon"] == "" and ucb["error_bound"] == ""
close(ucb["final_regret_mean"], 2 * math.sqrt(T))
close(ucb["final_regret_ci95"], 4.302652730 * math.sqrt(T) / math.sqrt(3))  # sd = sqrt(T)
close(ucb["loglog_slope_last_decade"], 0.5)
assert ucb["first_episode_bonus_below_horizon"] == "-1"
close(pucb["privacy_epsilon"], 0.5); close(pucb["error_bound"], 20)
assert pucb["agent"] == "pucb" and pucb["first_episode_bonus_below_horizon"] == "7"
assert pucb["error_bound_method"] == "exact_tail" and ucb["error_bound_method"] == ""
assert pucb["neighbour_relation"] == "replacement" and ucb["neighbour_relation"] == ""
close(single["final_regret_mean"], math.sqrt(T))
assert single["seeds"] == "1" and single["final_regret_ci95"] == ""
PY

expect_error empty "--in: '$WORK/empty.h5' contains no config groups" "--in=$WORK/empty.h5" "$P"
expect_error version1 "--in: file '$WORK/version1.h5' has dprl_schema_version 1; this binary reads version 2 (an older layout: rerun the experiment)" \
  "--in=$WORK/version1.h5" "$P"
expect_error no_regret "group 'empty_config' has no dataset 'episode_grid'" \
  "--in=$WORK/no_regret.h5" "$P"
expect_error legacy "group 'chain_ucb' has no dataset 'episode_grid' (it has 'per_episode_regret' of results schema version 1; rerun the experiment)" \
  "--in=$WORK/legacy.h5" "$P"
expect_error no_env "group 'chain_ucb': the tabular registry needs string parameter 'env'" "--in=$WORK/no_env.h5" "$P"
expect_error one_d "must be [seeds x grid points]" "--in=$WORK/one_d.h5" "$P"
expect_error bad_grid "dataset 'chain_ucb/episode_grid' must hold strictly increasing integer episodes >= 1 (column 5 is 5)" \
  "--in=$WORK/bad_grid.h5" "$P"
expect_error grid_rows "dataset 'chain_ucb/episode_grid' differs between seeds (row 1, column 60)" \
  "--in=$WORK/grid_rows.h5" "$P"
expect_error bad_total "dataset 'chain_ucb/total_regret' (" "--in=$WORK/bad_total.h5" "$P"
expect_error nan "--in: $WORK/nan.h5: dataset 'chain_pucb/cumulative_regret' holds a non-finite value (nan at row 2, column 99)" \
  "--in=$WORK/nan.h5" "$P"
expect_error nan_bonus "--in: $WORK/nan_bonus.h5: dataset 'chain_ucb/first_episode_bonus_below_horizon' holds a non-finite value (nan at index 1)" \
  "--in=$WORK/nan_bonus.h5" "$P"
expect_error nan_eps "--in: $WORK/nan_eps.h5: attribute 'privacy_epsilon' of 'chain_pucb' is not finite (nan)" \
  "--in=$WORK/nan_eps.h5" "$P"
expect_error neg_eps "--in: $WORK/neg_eps.h5: attribute 'privacy_epsilon' of 'chain_pucb' must be > 0, got -1" \
  "--in=$WORK/neg_eps.h5" "$P"
expect_error seeds "root attribute 'seeds' is 5 but dataset 'chain_ucb/cumulative_regret' has 3 seeds (rows)" \
  "--in=$WORK/seeds.h5" "$P"
# A file of an experiment drawn by another figure binary (here a lower-bound, an LQ and a
# Chowdhury & Zhou file, each registered by its figure's `draws`, analysis/figures.bzl:
# the same regret datasets, other labels) is refused, naming that binary.
for experiment in vietri_lower_bound_fig:vietri_lower_bound_figure private_ofu_fig:private_ofu_figure \
  jdp_tabular_fig:jdp_tabular_figure; do
  cp "$WORK/good.h5" "$WORK/${experiment%%:*}.h5"
  "$PYTHON" -c "import h5py, sys; h5py.File(sys.argv[1], 'r+').attrs['experiment'] = sys.argv[2]" \
    "$WORK/${experiment%%:*}.h5" "${experiment%%:*}" || fail "cannot relabel"
  expect_error "foreign_${experiment%%:*}" "--in: file '$WORK/${experiment%%:*}.h5' holds results of experiment '${experiment%%:*}', which ${experiment##*:} draws, not regret_figure: run ${experiment##*:} on it" \
    "--in=$WORK/${experiment%%:*}.h5" "$P"
done
expect_common_errors
echo PASS
