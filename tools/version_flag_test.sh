#!/usr/bin/env bash
# Every user-facing dprl binary answers --version with one line "<name> <version> (git <commit>
# [, uncommitted changes]; built <time> on <host>)", exit code 0 and nothing on stderr, and all
# print the same stamp (one build, one workspace status: tools/workspace_status.sh). The commit
# is 40 hex digits, or "unknown" for a build outside a git checkout (//common:build_info_test
# requires the digits in a checkout). Arguments: more binaries (runfiles paths): every paper
# result's and every figure's (tools/BUILD passes //experiments:experiment_binaries and
# //analysis:figure_binaries).
set -uo pipefail
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
RUNFILES="${TEST_SRCDIR:-$PWD/..}/dprl"
WORK="${TEST_TMPDIR:-$(mktemp -d)}"
(($# > 0)) || fail "no paper-result or figure binaries given (tools/BUILD passes them as arguments)"
first_stamp=""
for binary in analysis/claims calculators/functional_noise_sigma calculators/private_ofu_params \
  calculators/rlsvi_epsilon calculators/vietri_bounds experiments/reproduce_all experiments/cost_model_calibration "$@"; do
  name="$(basename "$binary")"
  "$RUNFILES/$binary" --version >"$WORK/out" 2>"$WORK/err" || { cat "$WORK/out" "$WORK/err"; fail "$name --version: non-zero exit"; }
  [[ ! -s "$WORK/err" ]] || { cat "$WORK/err"; fail "$name --version wrote to stderr"; }
  [[ "$(wc -l <"$WORK/out")" == 1 ]] || { cat "$WORK/out"; fail "$name --version: not one line"; }
  line="$(cat "$WORK/out")"
  [[ "$line" =~ ^$name\ [^\ ]+\ \(git\ ([0-9a-f]{40}|unknown)(,\ uncommitted\ changes)?\;\ built\ [^\ ]+\ on\ [^\ ]+\)$ ]] ||
    fail "$name --version printed '$line'"
  stamp="${line#"$name "}"
  [[ -z "$first_stamp" || "$stamp" == "$first_stamp" ]] ||
    fail "$name --version stamp '$stamp' differs from '$first_stamp'"
  first_stamp="$stamp"
done
echo "PASS ($first_stamp)"
