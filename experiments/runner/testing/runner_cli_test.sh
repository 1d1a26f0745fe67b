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
# The program is named by the experiment's name, never by the path it was started from (under
# `bazel run` that is an absolute path into Bazel's cache).
grep -q "^Usage: toy \[" "$WORK/help.out" || { grep Usage "$WORK/help.out"; fail "--help names the program by its path"; }
! grep -q "$(dirname "$TOY")" "$WORK/help.out" || fail "--help prints the binary's directory"

# The grid's fields: listed by --help with per-scale defaults; bad overrides are one error each.
grep -q "privacy_epsilons (list of float)" "$WORK/help.out" || fail "--help does not list the fields"
grep -q "default 2000; smoke 300; paper 20000" "$WORK/help.out" || fail "--help lacks per-scale defaults"
expect_error set_unknown "--set=num_states=3: unknown field 'num_states' (see --help" \
  --set=num_states=3
expect_error set_type "--set=episodes=many: field 'episodes' takes an int, got 'many'" \
  --set=episodes=many
expect_error set_syntax "--set=episodes: expected --set=FIELD=VALUE" --set=episodes
expect_error set_range "field 'episodes' must be >= 1, got 0" --set=episodes=0
expect_error empty_grid "the grid has no configurations" --set=environments=
expect_error config_missing "--config=$WORK/none.toml: cannot read the file: No such file or directory" \
  "--config=$WORK/none.toml"
printf 'episodes = 50\n[chain]\nlength = 3\n' >"$WORK/unknown.toml"
expect_error config_unknown "--config=$WORK/unknown.toml: unknown field 'chain.length'" \
  "--config=$WORK/unknown.toml"
printf 'episodes = "fifty"\n' >"$WORK/typed.toml"
expect_error config_type "field 'episodes' takes an int, got a string" "--config=$WORK/typed.toml"
printf 'episodes = [\n' >"$WORK/syntax.toml"
expect_error config_syntax "--config=$WORK/syntax.toml: line " "--config=$WORK/syntax.toml"
# --config limits: a directory, a device, a file over 1 MiB, a key nested too deep (a dotted key
# of 20 000 levels overflowed the TOML parser's recursion), also under --dry_run.
mkdir -p "$WORK/config_dir"
expect_error config_directory "--config=$WORK/config_dir: is a directory, not a TOML file" \
  "--config=$WORK/config_dir"
expect_error config_device "--config=/dev/zero: is not a regular file" --config=/dev/zero --dry_run
head -c 1048577 /dev/zero | tr '\0' '#' >"$WORK/large.toml"
expect_error config_large "1048577 bytes, more than the 1048576 a configuration file may have" \
  "--config=$WORK/large.toml"
"$PYTHON" -c "print('.'.join(['a'] * 20000) + ' = 1')" >"$WORK/deep.toml"
expect_error config_deep "--config=$WORK/deep.toml: line 1: a key nested deeper than 16 levels" \
  "--config=$WORK/deep.toml" --dry_run
"$PYTHON" -c "print('x = ' + '{a = ' * 20 + '1' + '}' * 20)" >"$WORK/inline.toml"
expect_error config_inline "a key nested deeper than 16 levels" "--config=$WORK/inline.toml"
# Dots inside strings, values, comments and arrays are not levels.
printf '# a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q\nenvironments = ["chain"] # .a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p\nprivacy_epsilons = [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 15.5, 16.5]\n' \
  >"$WORK/dots.toml"
"$TOY" --scale=smoke --dry_run "--config=$WORK/dots.toml" >/dev/null 2>"$WORK/dots.err" ||
  { cat "$WORK/dots.err"; fail "dots outside keys were counted as levels"; }
# --seeds beyond what the runner can hold: one line with the estimate, before anything starts.
expect_error seeds_huge "--seeds=2147483647: 6 configs x 2147483647 seeds = 12884901882 tasks, more than the runner's limit of 2147483647" \
  --scale=smoke --seeds=2147483647 --dry_run
# (2147483646 tasks x 24 bytes = 52 GB: refused where the machine has less.)
if (( $(awk '/^MemTotal:/ {print $2}' /proc/meminfo) < 50000000 )); then
  expect_error seeds_memory "--seeds=357913941: 6 configs x 357913941 seeds = 2147483646 tasks, whose bookkeeping needs at least" \
    --scale=smoke --seeds=357913941 --dry_run
fi

# --dry_run: the task list, cost and size on stdout, exit 0, nothing created.
"$TOY" --scale=smoke --dry_run "--out=$WORK/dry" >"$WORK/dry.out" 2>"$WORK/dry.err" ||
  { cat "$WORK/dry.err"; fail "--dry_run failed"; }
grep -q "6 configs x 2 seeds = 12 tasks" "$WORK/dry.out" || { cat "$WORK/dry.out"; fail "dry run tasks"; }
grep -q "chain_pucb_eps=0.5" "$WORK/dry.out" || fail "dry run lacks a config"
grep -q "Estimated output: 24.9 kB of float64 data .*(3108 values)" "$WORK/dry.out" ||
  { cat "$WORK/dry.out"; fail "dry run size"; }
[[ ! -e "$WORK/dry" ]] || fail "--dry_run created its --out"

# Overrides from a file and the command line: the results file stores the resolved grid and a
# command that re-runs it.
printf 'episodes = 50\nprivacy_epsilons = [1, 3]\n' >"$WORK/run.toml"
"$TOY" --scale=smoke "--config=$WORK/run.toml" --set=environments=chain --set=privacy_epsilons=0.5 \
  "--out=$WORK/overridden" 2>"$WORK/overridden.err" || { cat "$WORK/overridden.err"; fail "override run"; }
/usr/bin/python3 - "$WORK/overridden/toy.h5" <<'PY' || fail "overridden run's file"
import sys, h5py
with h5py.File(sys.argv[1], "r") as f:
    assert sorted(f.keys()) == ["chain_pucb_eps=0.5", "chain_ucb"], list(f.keys())
    assert f["chain_ucb"].attrs["episodes"] == 50
    command = f.attrs["command_line"]
    command = command.decode() if isinstance(command, bytes) else command
    expected = ("bazel run //experiments:toy -- --scale=smoke --seeds=2 --master_seed=20201 "
                "--set=episodes=50 --set=environments=chain --set=privacy_epsilons=0.5")
    assert command == expected, command
    config = f.attrs["resolved_config"]
    config = config.decode() if isinstance(config, bytes) else config
    assert 'episodes = 50\nenvironments = ["chain"]\ninclude_ucb = true\n' \
        'privacy_epsilons = [0.5]\n' == config, config
PY

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
grep -qF "holds a run with other settings (master_seed 20201 -> 5)" "$WORK/mixed.err" ||
  { cat "$WORK/mixed.err"; fail "master seed mismatch not explained"; }
if "$TOY" --master_seed=5 --scale=smoke --overwrite=true "--out=$WORK/mixed" 2>"$WORK/mixed.err"; then
  fail "task files of another --master_seed accepted"
fi
grep -q "written with --master_seed=20201 but this run has --master_seed=5" "$WORK/mixed.err" ||
  { cat "$WORK/mixed.err"; fail "task file master seed mismatch not explained"; }
grep -q "use a fresh --out directory" "$WORK/mixed.err" || fail "no advice to use a fresh --out"
if "$TOY" --scale=default --overwrite=true "--out=$WORK/mixed" 2>"$WORK/mixed.err"; then
  fail "task files of another --scale accepted"
fi
grep -q "written with --scale=smoke but this run has --scale=default" "$WORK/mixed.err" ||
  { cat "$WORK/mixed.err"; fail "scale mismatch not explained"; }

# What stands where the results file goes, when it is not a complete results file: one line
# saying what it is (never "another run" or "complete"), nothing computed.
"$TOY" --scale=smoke --threads=1 "--out=$WORK/damaged" 2>/dev/null || fail "smoke run failed"
cp "$WORK/damaged/toy.h5" "$WORK/good_toy.h5"
"$PYTHON" - "$WORK/damaged/toy.h5" <<'PY' || fail "cannot cut a dataset"
import sys, h5py
with h5py.File(sys.argv[1], "r+") as f:
    group = next(iter(f.values()))
    name = next(iter(group.keys()))
    data = group[name][:1]
    del group[name]
    group[name] = data
PY
expect_damaged() {
  local name="$1" expected="$2"
  shift 2
  if "$TOY" --scale=smoke --threads=1 "--out=$WORK/damaged" "$@" >/dev/null 2>"$WORK/$name.err"; then
    fail "$name: accepted"
  fi
  [[ "$(wc -l <"$WORK/$name.err")" -eq 1 ]] || { cat "$WORK/$name.err"; fail "$name: not one line"; }
  grep -qF -- "$expected" "$WORK/$name.err" || { cat "$WORK/$name.err"; fail "$name: no '$expected'"; }
  ! grep -q "another run\|other settings\|already holds" "$WORK/$name.err" ||
    { cat "$WORK/$name.err"; fail "$name: called another run or complete"; }
}
# Edited in place, its checksum no longer matches: refused as damaged, with the reason.
expect_damaged edited "is not a readable dprl results file: file '$WORK/damaged/toy.h5' is damaged (its checksum does not match)"
reseal_checksum "$WORK/damaged/toy.h5"
expect_damaged misshaped "is not a complete results file: its dataset '"
grep -qF "' has 1 rows, but its seeds attribute says 2; move or delete it to recompute, or pass --overwrite=true" \
  "$WORK/misshaped.err" || { cat "$WORK/misshaped.err"; fail "mis-shaped: rows not named"; }
head -c 3000 "$WORK/good_toy.h5" >"$WORK/damaged/toy.h5"
expect_damaged corrupt "toy.h5', where this run writes its results, is not a readable dprl results file"
rm -f "$WORK/damaged/toy.h5" && mkdir "$WORK/damaged/toy.h5"
expect_damaged directory "is a directory (or another non-file), not a results file; move it away" \
  --overwrite=true
rmdir "$WORK/damaged/toy.h5" && head -c 3000 "$WORK/good_toy.h5" >"$WORK/damaged/toy.h5"
"$TOY" --scale=smoke --threads=1 --overwrite=true "--out=$WORK/damaged" 2>"$WORK/replaced.err" ||
  { cat "$WORK/replaced.err"; fail "--overwrite=true did not replace a corrupt results file"; }
same_results "$WORK/good_toy.h5" "$WORK/damaged/toy.h5"

# Temporary files of ended processes (a merge or an analysis killed before its rename) are removed
# by the next run; those of a live process stay.
sleep 600 &
live=$!
(exit 0) & ended=$!
wait "$ended"
for name in ".toy.h5.tmp.$ended" ".toy.png.tmp.$ended" ".toy.h5.tmp.$live"; do
  echo partial >"$WORK/damaged/$name"
done
"$TOY" --scale=smoke --threads=1 --allow_code_change=true "--out=$WORK/damaged" 2>"$WORK/stale.err" ||
  { cat "$WORK/stale.err"; fail "rerun with stale temporaries failed"; }
[[ ! -e "$WORK/damaged/.toy.h5.tmp.$ended" && ! -e "$WORK/damaged/.toy.png.tmp.$ended" ]] ||
  fail "temporaries of an ended process were left"
[[ -e "$WORK/damaged/.toy.h5.tmp.$live" ]] || fail "the temporary of a live process was removed"
kill "$live"

# An analysis that fails (here: a directory where it writes its summary) says why, and the
# runner's line gives the exact command that reruns it; that command, run once the cause is
# gone, writes the figures.
mkdir -p "$WORK/analysis_fails/toy_summary.csv"
if "$TOY" --scale=smoke --threads=1 "--out=$WORK/analysis_fails" 2>"$WORK/analysis_fails.err"; then
  fail "a failed analysis exited 0"
fi
grep -qF "regret_figure: error: --out_prefix: output '$WORK/analysis_fails/toy_summary.csv' is an existing directory" \
  "$WORK/analysis_fails.err" &&
  grep -qF "failed with exit code 1 (its error is above); the results file '$WORK/analysis_fails/toy.h5' is complete: once that is fixed, rerun the analysis with: " \
    "$WORK/analysis_fails.err" || { cat "$WORK/analysis_fails.err"; fail "failed analysis: message"; }
rerun="$(sed -n 's/.*rerun the analysis with: //p' "$WORK/analysis_fails.err")"
rmdir "$WORK/analysis_fails/toy_summary.csv"
eval "$rerun" 2>"$WORK/analysis_rerun.err" || { cat "$WORK/analysis_rerun.err"; fail "the printed command failed"; }
[[ -s "$WORK/analysis_fails/toy.png" && -s "$WORK/analysis_fails/toy_summary.csv" ]] ||
  fail "the printed command wrote no figure"

# --version prints the commit stamped at build time; a run started outside the repository (no
# bazel run, another directory) records that commit, not "unknown", and resumes from elsewhere.
"$TOY" --version >"$WORK/version.out" 2>&1 || fail "--version exited non-zero"
stamped="$(sed -n 's/^toy .* (git \([0-9a-f]\{40\}\).*/\1/p' "$WORK/version.out")"
[[ -n "$stamped" ]] || { cat "$WORK/version.out"; fail "--version does not print a stamped commit"; }
mkdir -p "$WORK/elsewhere" "$WORK/other_dir"
(cd "$WORK/elsewhere" && env -u BUILD_WORKSPACE_DIRECTORY "$TOY" --scale=smoke --seeds=2 \
  --keep_task_files=true --out=../outside) 2>/dev/null || fail "run outside the repository failed"
"$PYTHON" - "$WORK/outside/toy.h5" "$stamped" "$WORK/version.out" <<'PY' || fail "the results file does not record the stamped commit and build"
import sys, h5py
with h5py.File(sys.argv[1], "r") as f:
    assert f.attrs["git_commit"] == sys.argv[2], (f.attrs["git_commit"], sys.argv[2])
    assert f.attrs["git_dirty"] in (0, 1)
    version = open(sys.argv[3]).read()  # "toy <version> (git ...; built <time> on <host>)"
    for key in ("dprl_version", "build_time", "build_host"):
        assert isinstance(f.attrs[key], str) and f.attrs[key] in version, (key, f.attrs.get(key))
PY
# A build with uncommitted changes cannot show that a results file matches it (the runner's
# policy for dirty trees): then the resume needs --allow_code_change=true.
dirty_flag=()
grep -q "uncommitted changes" "$WORK/version.out" && dirty_flag=(--allow_code_change=true)
(cd "$WORK/other_dir" && env -u BUILD_WORKSPACE_DIRECTORY "$TOY" --scale=smoke --seeds=2 \
  "--out=$WORK/outside" "${dirty_flag[@]+"${dirty_flag[@]}"}") 2>"$WORK/outside.err" ||
  { cat "$WORK/outside.err"; fail "resume from another directory refused"; }
grep -q "already holds the results of this run" "$WORK/outside.err" ||
  { cat "$WORK/outside.err"; fail "resume from another directory recomputed"; }

# Memory (common/resource_limits.h): the tasks that compute at once on one node share its memory
# limit. Toy tasks claiming 0.4 of it each: two at once fit, three (--threads=3, or 3 MPI ranks on
# the node) do not, and the refusal names their number and its cause; with a single task (one
# config, one seed) --threads=3 computes one at a time and is accepted; one task above the limit
# is refused whatever the threads.
export DPRL_TOY_TASK_MEMORY=0.4
expect_error memory_threads "of memory per task, " --scale=smoke --dry_run --threads=3
grep -qF "for the 3 tasks at once on this node (--threads=3), above this machine's" \
  "$WORK/memory_threads.err" || { cat "$WORK/memory_threads.err"; fail "memory: threads not named"; }
"$TOY" --scale=smoke --threads=3 --dry_run "--out=$WORK/never" >/dev/null 2>&1
[[ "$?" == 2 ]] || fail "memory: a refusal did not exit 2"
"$TOY" --scale=smoke --dry_run --threads=2 >/dev/null 2>"$WORK/memory2.err" ||
  { cat "$WORK/memory2.err"; fail "memory: two tasks at once refused"; }
"$TOY" --scale=smoke --dry_run --threads=3 --seeds=1 --set=environments=chain \
  --set=privacy_epsilons= >/dev/null 2>"$WORK/memory1.err" ||
  { cat "$WORK/memory1.err"; fail "memory: a single task refused for --threads=3"; }
if mpirun -np 3 "$TOY" --scale=smoke --dry_run >/dev/null 2>"$WORK/memory_np3.err"; then
  fail "memory: 3 ranks on one node accepted"
fi
[[ "$(grep -c "toy: error" "$WORK/memory_np3.err")" == 1 ]] &&
  grep -qF "for the 3 tasks at once on this node (3 MPI ranks on this node)" "$WORK/memory_np3.err" ||
  { cat "$WORK/memory_np3.err"; fail "memory: ranks on the node not named"; }
DPRL_TOY_TASK_MEMORY=1.5 expect_error memory_alone "of memory, above this machine's" \
  --scale=smoke --threads=1
unset DPRL_TOY_TASK_MEMORY
# Every rank checks the grid on its own node; a refusal on another rank than 0 is printed once,
# by rank 0, with the refusing rank's own message.
if DPRL_TOY_GRID_FAILS_ON_RANK=1 mpirun -np 2 "$TOY" --scale=smoke --dry_run >/dev/null \
  2>"$WORK/rank1.err"; then
  fail "a grid refused on rank 1 was accepted"
fi
[[ "$(grep -c "toy: error" "$WORK/rank1.err")" == 1 ]] &&
  grep -qF "toy: error: on rank 1: the toy grid is refused on this rank" "$WORK/rank1.err" ||
  { cat "$WORK/rank1.err"; fail "the refusal of rank 1 not reported"; }

echo PASS
