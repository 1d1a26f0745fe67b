#!/usr/bin/env bash
# //audit:audit_agent end to end: --help lists the agents; PUCB on a small RiverSwim prints a
# report with its claim and verdict; bad flags and values exit 2 with one line naming them.
set -uo pipefail
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
AUDIT="${TEST_SRCDIR}/dprl/audit/audit_agent"
WORK="${TEST_TMPDIR:-$(mktemp -d)}"
[[ -x "$AUDIT" ]] || fail "binary not found at $AUDIT"

"$AUDIT" --help >"$WORK/help" || fail "--help failed"
grep -q "private_ucbvi" "$WORK/help" || fail "--help does not list the agents"

"$AUDIT" --agent=pucb --set=privacy_epsilon=5 --env_set=num_states=3 --env_set=horizon=3 \
  --users=6 --trials=1000 --threads=2 --plot="$WORK/audit.png" >"$WORK/out" 2>"$WORK/err" ||
  { cat "$WORK/out" "$WORK/err"; fail "audit failed"; }
grep -q "^claim: 5-JDP under add/remove (from privacy_epsilon)" "$WORK/out" ||
  { cat "$WORK/out"; fail "no claim line"; }
grep -q "^verdict: no evidence against the claim" "$WORK/out" || { cat "$WORK/out"; fail "no verdict"; }
grep -q "^note: these trials cannot refute the claim" "$WORK/out" ||
  { cat "$WORK/out"; fail "1000 trials cannot refute 5: no note"; }

[[ -s "$WORK/audit.png" ]] || fail "--plot wrote no PNG"
[[ "$(head -c 4 "$WORK/audit.png" | od -An -c | tr -d ' ')" == "211PNG" ]] || fail "not a PNG"

expect_error() {  # expect_error TEXT ARGS...: exit 2, one stderr line containing TEXT
  local text="$1"
  shift
  "$AUDIT" "$@" >"$WORK/bad.out" 2>"$WORK/bad.err"
  local code=$?
  [[ $code == 2 ]] || fail "$* exited $code, not 2"
  [[ ! -s "$WORK/bad.out" ]] || fail "$* printed on stdout"
  [[ "$(wc -l <"$WORK/bad.err")" == 1 ]] || { cat "$WORK/bad.err"; fail "$*: not one line"; }
  grep -q -- "$text" "$WORK/bad.err" || { cat "$WORK/bad.err"; fail "$*: no '$text'"; }
}
expect_error "--agent" --trials=10
expect_error "unknown 'nope'" --agent=nope
expect_error "--relation" --agent=pucb --relation=sideways
expect_error "--users" --agent=pucb --users=1
expect_error "--trials" --agent=pucb --trials=x
expect_error "'privacy_epsilon' must be a float" --agent=pucb --set=privacy_epsilon=high
expect_error "no parameter 'colour'" --agent=pucb --set=colour=red
expect_error "give claimed_epsilon" --agent=ucbvi
expect_error "unknown flag" --agent=pucb --verbose=1
expect_error "--plot must name a .png" --agent=pucb --plot="$WORK/audit.svg"
echo PASS
