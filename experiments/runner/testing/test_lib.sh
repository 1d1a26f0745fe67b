# Shared helpers of the runner's shell tests (sourced).
set -uo pipefail

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# The toy experiment binary and the h5py comparison script from the runfiles. Tests of other
# experiments that reuse these helpers set DPRL_NO_TOY=1 before sourcing (no toy needed).
RUNFILES="${TEST_SRCDIR:-$PWD/..}/dprl"
TOY="$RUNFILES/experiments/runner/testing/toy_experiment"
COMPARE="$RUNFILES/experiments/runner/testing/compare_results.py"
[[ -n "${DPRL_NO_TOY:-}" || -x "$TOY" ]] || fail "toy experiment not found at $TOY"

# A python3 that has h5py (Debian's python3-h5py lives under /usr/bin/python3).
PYTHON=""
for candidate in /usr/bin/python3 python3; do
  if "$candidate" -c "import h5py, numpy" >/dev/null 2>&1; then
    PYTHON="$candidate"
    break
  fi
done
[[ -n "$PYTHON" ]] || fail "no python3 with h5py and numpy (Debian: python3-h5py python3-numpy)"

# analysis/testing/regret_grid.py (the schema-2 regret checks) is importable where a test lists it.
export PYTHONPATH="$RUNFILES/analysis/testing${PYTHONPATH:+:$PYTHONPATH}"

WORK="${TEST_TMPDIR:-$(mktemp -d)}"
# Open MPI keeps its session directory under TMPDIR; it must be writable in the sandbox.
export TMPDIR="$WORK"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1

# reseal_checksum FILE.h5: rewrites the checksum block of a results or task file edited in place
# (h5py "r+"), as the runner writes it (docs/hdf5_schema.md, "The checksum block"), so that a test
# can damage a file's content in a chosen way and see what the readers say beyond the checksum.
reseal_checksum() {
  "$PYTHON" - "$1" <<'PY' || fail "cannot reseal $1"
import sys, zlib
with open(sys.argv[1], "r+b") as f:
    data = f.read()
    assert data.startswith(b"dprl-crc32 "), data[:20]
    line = b"dprl-crc32 %08x\n" % zlib.crc32(data[512:])
    f.seek(0)
    f.write(line + bytes(512 - len(line)))
PY
}

# same_results A.h5 B.h5: fails the test unless the datasets/attributes are bit-identical.
same_results() {
  "$PYTHON" "$COMPARE" "$1" "$2" || fail "results differ: $1 vs $2"
}

# count_lines FILE PATTERN
count_lines() {
  grep -c -- "$2" "$1" || true
}

# run_smoke_serial FIG NAME: runs the experiment binary FIG at --scale=smoke with 1 thread into
# $WORK/serial (failing the test with its stderr otherwise) and sets OUT=$WORK/serial/NAME.
run_smoke_serial() {
  "$1" --scale=smoke --threads=1 "--out=$WORK/serial" 2>"$WORK/serial.err" ||
    { cat "$WORK/serial.err"; fail "smoke run failed"; }
  OUT="$WORK/serial/$2"
}

# expect_refused FIG SET EXPECTED_SUBSTRING [OTHER_SET...]: the experiment binary FIG at
# --scale=smoke with --set=SET (and --set=OTHER_SET for each other), with and without --dry_run,
# exits 2 with one line on stderr containing EXPECTED_SUBSTRING and creates no --out directory.
expect_refused() {
  local fig="$1" set="$2" expected="$3"
  local -a sets=("--set=$set")
  for other in "${@:4}"; do sets+=("--set=$other"); done
  for dry in "" "--dry_run"; do
    rm -rf "$WORK/out"
    "$fig" --scale=smoke "--out=$WORK/out" "${sets[@]}" $dry >"$WORK/stdout" 2>"$WORK/stderr"
    local rc=$?
    [[ "$rc" == 2 ]] || { cat "$WORK/stderr"; fail "--set=$set $dry: exit code $rc, expected 2"; }
    [[ "$(wc -l <"$WORK/stderr")" == 1 ]] || { cat "$WORK/stderr"; fail "--set=$set $dry: not one line"; }
    grep -qF -- "$expected" "$WORK/stderr" ||
      { cat "$WORK/stderr"; fail "--set=$set $dry: message lacks '$expected'"; }
    [[ ! -e "$WORK/out" ]] || fail "--set=$set $dry created $WORK/out"
  done
}

# expect_config_example_valid FIG: the --config example that FIG's --help prints (generated from
# its own fields, "a = 1 / [table] b = 2" on one line) is, written as a file, a valid --config of a
# --dry_run.
expect_config_example_valid() {
  local fig="$1" name
  name="$(basename "$fig")"
  "$fig" --help >"$WORK/help" || fail "$name --help failed"
  local example
  example="$(grep -A1 -- "--config=FILE" "$WORK/help" | tail -1 | sed 's/^ *//')"
  [[ "$example" == *" = "* ]] || { cat "$WORK/help"; fail "$name: no generated --config example"; }
  sed 's| / |\n|g; s|^\(\[[^]]*\]\) |\1\n|; s|\n\(\[[^]]*\]\) |\n\1\n|' <<<"$example" >"$WORK/example.toml"
  "$fig" --scale=smoke --dry_run "--config=$WORK/example.toml" >/dev/null 2>"$WORK/stderr" ||
    { cat "$WORK/example.toml" "$WORK/stderr"; fail "$name: the --help example is not a valid --config"; }
}

# expect_figure_files PREFIX: PREFIX.png is a PNG and PREFIX.pdf a PDF.
expect_figure_files() {
  [[ "$(head -c 4 "$1.png" | od -An -c | tr -d ' ')" == '211PNG' ]] || fail "no PNG at $1.png"
  [[ "$(head -c 5 "$1.pdf")" == '%PDF-' ]] || fail "no PDF at $1.pdf"
}

# expect_same_on_threads_and_ranks FIG NAME: with $WORK/serial/NAME.h5 from a 1-thread smoke run
# of the experiment binary FIG, a 2-thread run and a 2-rank run (mpirun) give bit-identical results
# and the 2-rank run the same summary CSV.
expect_same_on_threads_and_ranks() {
  local fig="$1" name="$2"
  local out="$WORK/serial/$name"
  "$fig" --scale=smoke --threads=2 "--out=$WORK/threads" 2>"$WORK/threads.err" ||
    { cat "$WORK/threads.err"; fail "2-thread run failed"; }
  same_results "$out.h5" "$WORK/threads/$name.h5"
  command -v mpirun >/dev/null || fail "mpirun not found (Debian: openmpi-bin)"
  mpirun -np 2 --oversubscribe "$fig" --scale=smoke "--out=$WORK/np2" 2>"$WORK/np2.err" ||
    { cat "$WORK/np2.err"; fail "mpirun -np 2 failed"; }
  grep -q "on 2 rank(s)" "$WORK/np2.err" || { cat "$WORK/np2.err"; fail "not 2 ranks"; }
  same_results "$out.h5" "$WORK/np2/$name.h5"
  cmp -s "${out}_summary.csv" "$WORK/np2/${name}_summary.csv" || fail "np 2: CSV differs"
}

# use_clean_scratch_repository: the runs of the calling test take their code version from a
# fresh, clean git repository (as under `bazel run`, $BUILD_WORKSPACE_DIRECTORY) instead of the
# binary's build stamp, so that rerunning a finished run is the same code version even when the
# test binaries were built from a tree with uncommitted changes.
use_clean_scratch_repository() {
  local repo="$WORK/clean_scratch_repo"
  git init -q "$repo" && echo a >"$repo/file" && git -C "$repo" add file &&
    git -C "$repo" -c user.name=t -c user.email=t@t commit -qm one ||
    fail "cannot make a scratch git repository"
  export BUILD_WORKSPACE_DIRECTORY="$repo"
}
