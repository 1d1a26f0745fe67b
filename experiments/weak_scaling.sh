#!/usr/bin/env bash
# Weak scaling of the experiment runner: the same work per rank on 1 rank and on 2 ranks.
#
#   ./bazelw run //experiments:weak_scaling [-- EPISODES SEEDS_PER_RANK]
#
# Runs //experiments:vietri_fig on one configuration (PUCB at eps = 10 on RiverSwim, the default
# S = 4, H = 5) with EPISODES episodes per task (default 1000000): first SEEDS_PER_RANK tasks
# (default 8) on one rank (--threads=1), then 2 x SEEDS_PER_RANK tasks under `mpirun -np 2`.
# Every task costs the same, so perfect weak scaling takes the same wall time. Prints both wall
# times (the whole command: tasks, merge and analysis) and the efficiency t(1 rank) / t(2 ranks).
# Measure on an otherwise idle machine with at least 2 cores. Set MPIRUN to override the launcher
# (default: mpirun --oversubscribe, with --allow-run-as-root as root).
set -euo pipefail
episodes="${1:-1000000}"
seeds="${2:-8}"
source "${RUNFILES_DIR:-$0.runfiles}/dprl/experiments/scaling_lib.sh"
sets=(--set=environments=riverswim --set=reference_agents= --set=privacy_epsilons=10
      --set=exact_tail_privacy_epsilons= "--set=num_episodes=$episodes")

one="$(run one "$binary" --threads=1 "--seeds=$seeds" "--out=$work/one" "${sets[@]}")"
[[ -n "${MPIRUN:-}" ]] || launcher+=(--oversubscribe)  # 2 ranks even where Open MPI counts 1 slot
two="$(run two "${launcher[@]}" -np 2 "$binary" "--seeds=$((2 * seeds))" \
  "--out=$work/two" "${sets[@]}")"
printf 'weak_scaling: %d episodes per task; 1 rank x %d tasks: %.1f s; 2 ranks x %d tasks: %.1f s; ' \
  "$episodes" "$seeds" "$one" "$((2 * seeds))" "$two"
awk -v a="$one" -v b="$two" 'BEGIN { printf "efficiency %.3f\n", a / b }'
