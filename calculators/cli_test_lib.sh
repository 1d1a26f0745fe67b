#!/usr/bin/env bash
# Shared helpers of the calculators' command-line tests (sourced, not run). They check the
# conventions every calculator follows (see BUILD): a bad input exits with code 2, writes nothing
# on stdout and exactly one stderr line naming the flag and the value.
#
#   source "${TEST_SRCDIR}/dprl/calculators/cli_test_lib.sh"
#   BIN="$(calculator_path rlsvi_epsilon)"
#   expect_error zero_states "--states must be" --states=0 ...

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

WORK="${TEST_TMPDIR:-$(mktemp -d)}"

# calculator_path NAME: the runfiles path of //calculators:NAME; fails if it is not executable.
calculator_path() {
  local path="${TEST_SRCDIR:-$PWD/..}/dprl/calculators/$1"
  [[ -x "$path" ]] || fail "calculator not found at $path"
  echo "$path"
}

# expect_error NAME EXPECTED_TEXT ARGS...: "$BIN" ARGS... exits with code 2, prints nothing on
# stdout and exactly one stderr line, which contains EXPECTED_TEXT.
expect_error() {
  local name="$1" expected="$2"
  shift 2
  "$BIN" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err"
  local code=$?
  local err="$WORK/$name.err"
  [[ "$code" -eq 2 ]] || { cat "$err"; fail "$name: exit code $code, expected 2 for: $*"; }
  [[ ! -s "$WORK/$name.out" ]] || fail "$name: wrote to stdout: $(cat "$WORK/$name.out")"
  [[ "$(wc -l <"$err")" -eq 1 ]] || { cat "$err"; fail "$name: not one line"; }
  grep -qF -- "$expected" "$err" || { cat "$err"; fail "$name: no '$expected'"; }
}
