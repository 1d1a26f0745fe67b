#!/usr/bin/env bash
# //analysis:wang_hegde_figure on small generated files: PNG/PDF/CSV are written with the expected
# numbers; bad inputs give one clear error naming the flag, a non-zero exit and no output files.
FIGURE_NAME=wang_hegde_figure
source "${TEST_SRCDIR}/dprl/analysis/testing/figure_test_lib.sh"
make_inputs make_wang_hegde_files.py

expect_good_input  # writes $WORK/out/fig.{png,pdf} and fig_summary.csv
"$PYTHON" - "$WORK/out/fig_summary.csv" <<'PY' || fail "summary CSV wrong"
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert list(rows[0].keys()) == ("group,panel,agent,label,seeds,episodes,last10_mean,"
    "last10_ci95_low,last10_ci95_high,overall_mean").split(","), rows[0].keys()
by = {r["group"]: r for r in rows}
assert [r["group"] for r in rows] == ["a", "b", "ref"], by.keys()
def close(a, b): assert math.isclose(float(a), b, rel_tol=1e-8), (a, b)
a, b, ref = by["a"], by["b"], by["ref"]
# Per-seed last-10 means 14.5, 15.5, 16.5: mean 15.5, sd 1, t_{0.975,2} = 4.302652730.
close(a["last10_mean"], 15.5)
close(a["last10_ci95_low"], 15.5 - 4.302652730 / math.sqrt(3))
close(a["last10_ci95_high"], 15.5 + 4.302652730 / math.sqrt(3))
close(a["overall_mean"], 10.5)
assert (a["seeds"], a["episodes"], a["panel"]) == ("3", "20", "J = 1")
close(b["last10_mean"], 7)
assert b["last10_ci95_low"] == "" and b["last10_ci95_high"] == ""
close(ref["overall_mean"], 20)
assert ref["panel"] == "all" and ref["agent"] == "scripted"
# PLplot's Greek escapes (#ge, #gs) become plain text in the CSV's panel and label columns.
assert (b["panel"], b["label"]) == ("\u03b5 = 1", "\u03c3 = 0.5"), (b["panel"], b["label"])
PY

expect_error empty "--in: '$WORK/empty.h5' contains no config groups" "--in=$WORK/empty.h5" "$P"
expect_error no_returns "group 'a' has no dataset 'episode_return'" \
  "--in=$WORK/no_returns.h5" "$P"
expect_error no_panel "group 'a': group needs string parameter 'panel'" "--in=$WORK/no_panel.h5" "$P"
expect_error nan "dataset 'a/episode_return' holds a non-finite value" "--in=$WORK/nan.h5" "$P"
expect_error nan_eps "attribute 'privacy_epsilon' of 'a' is not finite (nan)" "--in=$WORK/nan_eps.h5" "$P"
expect_error negative_eps "attribute 'privacy_epsilon' of 'a' must be > 0, got -1" \
  "--in=$WORK/negative_eps.h5" "$P"
expect_error seeds "root attribute 'seeds' is 5 but dataset 'a/episode_return' has 3 seeds (rows)" \
  "--in=$WORK/seeds.h5" "$P"
expect_error only_ref "no learning-curve group" "--in=$WORK/only_ref.h5" "$P"
expect_common_errors
echo PASS
