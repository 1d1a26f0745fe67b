#!/usr/bin/env bash
# ./bazelw with a fake `bazel` (and `dpkg-query`) first on PATH (it prints its working directory and
# DPRL_CALLER_DIRECTORY): started from a subdirectory of the workspace, Bazel starts there (so
# `bazel run` passes it on as BUILD_WORKING_DIRECTORY and relative --out/--config mean what the
# user typed); started from outside, Bazel starts in the workspace and DPRL_CALLER_DIRECTORY names
# the caller's directory (common/command_line.h, ResolveUserPath).
set -uo pipefail
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
RUNFILES="${TEST_SRCDIR:-$PWD/..}/dprl"
WORK="$(cd "${TEST_TMPDIR:-$(mktemp -d)}" && pwd -P)"
mkdir -p "$WORK/repo/deps" "$WORK/repo/sub/dir" "$WORK/outside" "$WORK/bin"
cp "$RUNFILES/bazelw" "$WORK/repo/bazelw"
cp "$RUNFILES/deps/debian_packages.txt" "$WORK/repo/deps/"
cat >"$WORK/bin/bazel" <<'FAKE'
#!/usr/bin/env bash
echo "cwd=$PWD caller=${DPRL_CALLER_DIRECTORY-unset} args=$*"
FAKE
# Every listed Debian package counts as installed (the test never calls apt-get).
printf '#!/bin/sh\necho "install ok installed"\n' >"$WORK/bin/dpkg-query"
chmod +x "$WORK/bin/bazel" "$WORK/bin/dpkg-query" "$WORK/repo/bazelw"
export PATH="$WORK/bin:$PATH"

out="$(cd "$WORK/repo/sub/dir" && ../../bazelw run //x -- --out=rel)" || fail "bazelw failed inside"
[[ "$out" == "cwd=$WORK/repo/sub/dir caller=unset args=run //x -- --out=rel" ]] ||
  fail "inside the workspace: '$out'"
out="$(cd "$WORK/outside" && DPRL_CALLER_DIRECTORY=/stale "$WORK/repo/bazelw" run //x)" ||
  fail "bazelw failed outside"
[[ "$out" == "cwd=$WORK/repo caller=$WORK/outside args=run //x" ]] ||
  fail "outside the workspace: '$out'"
out="$(cd "$WORK/repo/sub" && DPRL_CALLER_DIRECTORY=/stale ../bazelw version)" || fail "bazelw failed"
[[ "$out" == "cwd=$WORK/repo/sub caller=unset args=version" ]] || fail "stale variable kept: '$out'"
echo PASS
