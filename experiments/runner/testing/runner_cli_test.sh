#!/usr/bin/env bash
# Command-line behaviour of an experiment binary (the toy): --help, one clear error per bad flag
# class with no output created, unwritable --out, failing tasks, series of differing lengths and
# task files written with other settings.
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"

# expect_error NAME EXPECTED_TEXT ARGS...: non-zero exit, exactly one stderr line containing
# EXPECTED_TEXT, and no output directory created.
expect_error() {
  local name="$1" expected="$2"
  shift 2
  local out="$WORK/never_$name"
  if "$TOY" "--out=$out" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err"; then
    fail "$name: exit code 0 for $*"
  fi
  [[ "$(wc -l <"$WORK/$name.err")" -eq 1 ]] || { cat "$WORK/$name.err"; fail "$name: not one line"; }
  grep -qF -- "$expected" "$WORK/$name.err" || { cat "$WORK/$name.err"; fail "$name: no '$expected'"; }
  [[ ! -e "$out" ]] || fail "$name: created $out"
}

"$TOY" --help >"$WORK/help.out" 2>"$WORK/help.err" || fail "--help exited non-zero"
grep -q -- "--seeds=N" "$WORK/help.out" || fail "--help does not list --seeds"
grep -q "runner test experiment" "$WORK/help.out" || fail "--help lacks the description"
grep -q -- "--allow_code_change=true|false" "$WORK/help.out" || fail "--help lacks --allow_code_change"

expect_error seeds_zero "--seeds must be >= 1, got '0'" --seeds=0
expect_error seeds_negative "--seeds must be >= 1, got '-2'" --seeds=-2
expect_error seeds_text "--seeds: 'many' is not a positive integer" --seeds=many
expect_error scale "--scale: 'huge' is not one of smoke, default, paper" --scale=huge
expect_error master_seed "--master_seed: '-1'" --master_seed=-1
expect_error unknown "unknown flag '--sedes=3'" --sedes=3
expect_error positional "unexpected argument 'extra'" extra
expect_error repeated "--scale is given more than once" --scale=smoke --scale=smoke
expect_error allow_code_change "--allow_code_change: 'yes' is not true or false" \
  --allow_code_change=yes

# --out that cannot be created: a regular file in the way, and a path under /proc.
touch "$WORK/a_file"
for out in "$WORK/a_file/sub" "/proc/dprl_no_such_dir/x"; do
  if "$TOY" --scale=smoke "--out=$out" >/dev/null 2>"$WORK/out.err"; then
    fail "--out=$out accepted"
  fi
  [[ "$(wc -l <"$WORK/out.err")" -eq 1 ]] || { cat "$WORK/out.err"; fail "--out=$out: not one line"; }
  grep -qF -- "--out=$out" "$WORK/out.err" || { cat "$WORK/out.err"; fail "--out not named"; }
done

# A failing task: non-zero exit, the error names the config, no results file.
if DPRL_TOY_FAIL_GROUP=grid_ucb "$TOY" --scale=smoke "--out=$WORK/failing" 2>"$WORK/fail.err"; then
  fail "a failing task gave exit code 0"
fi
grep -q "task (config 'grid_ucb', seed 0) on rank 0: toy failure requested" "$WORK/fail.err" ||
  { cat "$WORK/fail.err"; fail "task failure not reported"; }
[[ ! -e "$WORK/failing/toy.h5" ]] || fail "results file written despite a failed task"

# Seeds of one config returning different series lengths: the merge refuses.
if DPRL_TOY_RAGGED_GROUP=chain_ucb "$TOY" --scale=smoke "--out=$WORK/ragged" 2>"$WORK/ragged.err"; then
  fail "ragged series accepted"
fi
grep -q "config 'chain_ucb' seed 1: series #0 is 'episode_grid' of length 158" \
  "$WORK/ragged.err" || { cat "$WORK/ragged.err"; fail "ragged series not reported"; }
[[ ! -e "$WORK/ragged/toy.h5" ]] || fail "results file written despite ragged series"

# Task files (kept) from other settings: a clear error asking for a fresh --out.
"$TOY" --scale=smoke --keep_task_files=true "--out=$WORK/mixed" 2>/dev/null || fail "smoke run failed"
if "$TOY" --master_seed=5 --scale=smoke "--out=$WORK/mixed" 2>"$WORK/mixed.err"; then
  fail "task files of another --master_seed accepted"
fi
grep -q "written with --master_seed=20201 but this run has --master_seed=5" "$WORK/mixed.err" ||
  { cat "$WORK/mixed.err"; fail "master seed mismatch not explained"; }
grep -q "use a fresh --out directory" "$WORK/mixed.err" || fail "no advice to use a fresh --out"
if "$TOY" --scale=default "--out=$WORK/mixed" 2>"$WORK/mixed.err"; then
  fail "task files of another --scale accepted"
fi
grep -q "written with --scale=smoke but this run has --scale=default" "$WORK/mixed.err" ||
  { cat "$WORK/mixed.err"; fail "scale mismatch not explained"; }

echo PASS
