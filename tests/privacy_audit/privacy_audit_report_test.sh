#!/usr/bin/env bash
# //tests/privacy_audit:privacy_audit_report at the fast test's trials (seed 2): exit 0, every target
# "pass", every control "caught", CSV with one row per case, PNG and PDF written; a bad flag
# gives exit 2 and a message naming it.
set -uo pipefail
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
REPORT="${TEST_SRCDIR}/dprl/tests/privacy_audit/privacy_audit_report"
WORK="${TEST_TMPDIR:-$(mktemp -d)}"
[[ -x "$REPORT" ]] || fail "binary not found at $REPORT"

"$REPORT" --out_prefix="$WORK/audit" --trials_scale=1 >"$WORK/out" 2>"$WORK/err" ||
  { cat "$WORK/out" "$WORK/err"; fail "report failed"; }
[[ "$(grep -c ' pass$' "$WORK/out")" == 15 ]] || { cat "$WORK/out"; fail "not 15 targets passing"; }
[[ "$(grep -c ' caught$' "$WORK/out")" == 5 ]] || { cat "$WORK/out"; fail "not 5 controls caught"; }
[[ "$(grep -c ' refuted$' "$WORK/out")" == 6 ]] || { cat "$WORK/out"; fail "not 6 claims refuted"; }
[[ "$(wc -l <"$WORK/audit.csv")" == 27 ]] || { cat "$WORK/audit.csv"; fail "CSV is not header + 26 rows"; }
[[ -s "$WORK/audit.png" && -s "$WORK/audit.pdf" ]] || fail "figure missing"

"$REPORT" --out_prefix="$WORK/bad" --trials_scale=-1 >"$WORK/bad.out" 2>"$WORK/bad.err"
[[ $? == 2 ]] || fail "bad --trials_scale not exit 2"
grep -q -- "--trials_scale" "$WORK/bad.err" || fail "message does not name --trials_scale"
echo PASS
