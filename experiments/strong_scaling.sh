#!/usr/bin/env bash
# Strong scaling of the experiment runner: one fixed task set on 1 rank and on N ranks.
#
#   ./bazelw run //experiments:strong_scaling [-- RANKS [EXPERIMENT_FLAGS ...]]
#   bazel-bin/experiments/strong_scaling RANKS --scale=default        (on a node without Bazel:
#       copy bazel-bin/experiments/vietri_fig and its .runfiles beside this script's runfiles)
#
# Runs //experiments:vietri_fig with EXPERIMENT_FLAGS (default: --scale=default, 96 tasks of
# unequal cost) first with --threads=1, then under `mpirun -np RANKS` (default RANKS: the number
# of cores), each into a fresh directory. Prints both wall times of the whole command (tasks, merge
# and analysis) and the efficiency t(1 rank) / (RANKS x t(RANKS ranks)). Strong scaling is limited
# by the longest task and by the start, merge and analysis, which do not shrink with RANKS: a task
# set whose single-rank time is short against its longest task cannot scale. The results do not
# depend on RANKS (//experiments/runner/testing:mpi_determinism_test). Measure on an otherwise idle
# machine. Set MPIRUN to override the launcher (default: mpirun, with --allow-run-as-root as root).
set -euo pipefail
ranks="${1:-$(nproc)}"
shift || true
[[ "$ranks" =~ ^[1-9][0-9]*$ ]] || { echo "strong_scaling: RANKS must be a positive integer, got '$ranks'" >&2; exit 2; }
flags=("$@")
[[ ${#flags[@]} -gt 0 ]] || flags=(--scale=default)
source "${RUNFILES_DIR:-$0.runfiles}/dprl/experiments/scaling_lib.sh"

many="$(run many "${launcher[@]}" -np "$ranks" "$binary" "--out=$work/many" "${flags[@]}")"
one="$(run one "$binary" --threads=1 "--out=$work/one" "${flags[@]}")"
printf 'strong_scaling: vietri_fig %s; 1 rank: %.1f s; %d ranks: %.1f s; speed-up %.2f; ' \
  "${flags[*]}" "$one" "$ranks" "$many" "$(awk -v a="$one" -v b="$many" 'BEGIN { print a / b }')"
awk -v a="$one" -v b="$many" -v n="$ranks" 'BEGIN { printf "efficiency %.3f\n", a / (n * b) }'
