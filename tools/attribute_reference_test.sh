#!/usr/bin/env bash
# docs/hdf5_schema.md as committed passes attribute_reference --check (its attribute reference is
# the one schema/attribute_fields.h prints, and its hand-written tables give each field its
# type); copies broken one way each must fail naming the problem, and --write repairs the first.
set -uo pipefail
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
RUNFILES="${TEST_SRCDIR:-$PWD/..}/dprl"
TOOL="$RUNFILES/tools/attribute_reference"
PAGE="$RUNFILES/docs/hdf5_schema.md"
WORK="$(cd "${TEST_TMPDIR:-$(mktemp -d)}" && pwd -P)"

"$TOOL" --check="$PAGE" || fail "docs/hdf5_schema.md has the problems above"

# broken NAME PATTERN PERL_EXPR: a copy of the page edited by PERL_EXPR must fail with PATTERN.
broken() {
  local name="$1" pattern="$2" expr="$3"
  cp "$PAGE" "$WORK/$name.md"
  chmod u+w "$WORK/$name.md"
  perl -0pi -e "$expr" "$WORK/$name.md" || fail "$name: could not edit the copy"
  cmp -s "$PAGE" "$WORK/$name.md" && fail "$name: the edit changed nothing"
  "$TOOL" --check="$WORK/$name.md" 2>"$WORK/$name.err" && fail "$name: the check passed"
  grep -q -- "$pattern" "$WORK/$name.err" || { cat "$WORK/$name.err"; fail "$name: no '$pattern'"; }
}
broken edited_doc "is not the one schema/attribute_fields.h prints" \
  's/(\| `privacy_epsilon` \| float64 \| )eps/${1}epsilon/'
broken no_block "has no '<!-- attribute_reference:begin" 's/<!-- attribute_reference:end -->\n//'
broken wrong_type "\`seeds\` is int64 in schema/attribute_fields.h, the table says float64" \
  's/(\| `seeds` \| )int64/${1}float64/'
broken wrong_type_of_several "\`num_actions\` is int64 in schema/attribute_fields.h, the table says string" \
  's/(\| `num_states`, `num_actions`, `horizon` \| )int64/${1}int64, string, int64/'

"$TOOL" --write="$WORK/edited_doc.md" || fail "--write failed"
cmp -s "$PAGE" "$WORK/edited_doc.md" || fail "--write did not restore the generated block"
echo "PASS"
