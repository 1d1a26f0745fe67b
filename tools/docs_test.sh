#!/usr/bin/env bash
# Runs check_docs.py on the README and docs/ as committed (must pass), then on copies broken one
# way each (a missing file, a missing anchor, a pointer outside the repository, a claims summary
# that is not the report's, a page missing from the README's index): each must fail naming it.
set -uo pipefail
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
RUNFILES="${TEST_SRCDIR:-$PWD/..}/dprl"
CHECK="$RUNFILES/tools/check_docs.py"
PYTHON=/usr/bin/python3
[[ -x "$PYTHON" ]] || PYTHON=python3
WORK="$(cd "${TEST_TMPDIR:-$(mktemp -d)}" && pwd -P)"

"$PYTHON" "$CHECK" "$RUNFILES" || fail "README.md / docs/*.md have the problems above"

# broken NAME PATTERN PERL_EXPR FILE: a copy with FILE edited by PERL_EXPR must fail with PATTERN.
broken() {
  local name="$1" pattern="$2" expr="$3" file="$4"
  rm -rf "$WORK/$name"
  mkdir -p "$WORK/$name"
  cp -RL "$RUNFILES/README.md" "$RUNFILES/docs" "$WORK/$name/"
  chmod -R u+w "$WORK/$name"
  perl -0pi -e "$expr" "$WORK/$name/$file" || fail "$name: could not edit $file"
  cmp -s "$RUNFILES/$file" "$WORK/$name/$file" && fail "$name: the edit changed nothing"
  "$PYTHON" "$CHECK" "$WORK/$name" 2>"$WORK/$name.err" && fail "$name: the checker passed"
  grep -q -- "$pattern" "$WORK/$name.err" || { cat "$WORK/$name.err"; fail "$name: no '$pattern'"; }
}
broken missing_file "no file docs/paper_results.mdx" 's/\(docs\/paper_results\.md\)/(docs\/paper_results.mdx)/' README.md
broken missing_anchor "no heading of docs/paper_results.md has the anchor" \
  's/paper_results\.md#vietri_fig-at-the-default-scale/paper_results.md#no-such-heading/' README.md
broken missing_figure "no file docs/figures/vietri_fig_defalt.png" 's/vietri_fig_default\.png/vietri_fig_defalt.png/' README.md
# (the two outside pointers spelt in pieces, so that this test is not itself such a line)
broken outside "points outside the repository" 's/\A/See ..\/sha''red\/papers.\n\n/' docs/building.md
broken guide "points outside the repository" 's/\A/As GUI''DE.md says.\n\n/' docs/building.md
broken stale_counts "counts are not docs/claims_report.md" 's/(Decided claims \([^)]*\) \d+: )\d+ refuted/${1}99 refuted/' README.md
broken claim_rows "counts are not docs/claims_report.md" 's/(<!-- claims:end -->)/- `vietri.a_row`: back on the front page\n\n$1/' README.md
broken unindexed "no link to docs/hdf5_schema.md" 's/^\| \[docs\/hdf5_schema\.md\][^\n]*\n//m' README.md
echo "PASS"
