#!/usr/bin/env bash
# Bazel workspace status (.bazelrc: --workspace_status_command): the provenance stamped into
# every dprl binary at build time (//common:build_info), so a run records the code it was built
# from whatever directory it is started in.
#   STABLE_GIT_CHECKOUT   1 when the workspace is the top of a git work tree with a commit, else 0
#                         (a source tarball, even one unpacked inside another repository)
#   STABLE_GIT_COMMIT     `git rev-parse HEAD` of the workspace, or "unknown" (not a checkout)
#   STABLE_GIT_DIRTY      1 when tracked files differ from HEAD, else 0 (untracked files, e.g.
#                         results/, do not count); 0 when the commit is unknown
#   STABLE_DPRL_VERSION   `git describe --tags --always --dirty`, or "unknown"
# BUILD_TIMESTAMP and BUILD_HOST are Bazel's own (volatile) keys.
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
checkout=0 commit="unknown" dirty=0 version="unknown"
top="$(git rev-parse --show-toplevel 2>/dev/null)"
if [[ -n "$top" && "$(cd "$top" && pwd -P)" == "$(pwd -P)" ]] &&
  commit="$(git rev-parse HEAD 2>/dev/null)"; then
  checkout=1
  status="$(git status --porcelain --untracked-files=no 2>/dev/null)" || status="?"
  [[ -n "$status" ]] && dirty=1
  version="$(git describe --tags --always --dirty 2>/dev/null)" || version="unknown"
else
  commit="unknown"
fi
echo "STABLE_GIT_CHECKOUT $checkout"
echo "STABLE_GIT_COMMIT $commit"
echo "STABLE_GIT_DIRTY $dirty"
echo "STABLE_DPRL_VERSION $version"
