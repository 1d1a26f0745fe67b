#!/usr/bin/env bash
# Submits dprl experiments to Slurm as a job array of N independent shards plus a merge job that
# starts when every shard has succeeded (reproduce_all.sbatch, array mode):
#
#   scripts/slurm/submit_array.sh N EXPERIMENT[,EXPERIMENT...] [flags...]
#   scripts/slurm/submit_array.sh 16 vietri_fig,private_ofu_fig --scale=paper
#
# runs
#   sbatch --parsable --array=0-15 --ntasks=1 ... reproduce_all.sbatch --scale=paper
#   sbatch --parsable --dependency=afterok:<array job id> --ntasks=1 ... reproduce_all.sbatch --scale=paper
# with DPRL_ROOT, DPRL_EXPERIMENTS and DPRL_SHARDS (and DPRL_MERGE_ONLY=1 for the merge) in the
# environment that sbatch hands to the jobs (its default, --export=ALL), and prints the two job
# ids. The flags go to every experiment binary (and --results=DIR to the script). Build the
# experiments first (./bazelw build //experiments:<name>). Options of your site (--partition,
# --time, --cpus-per-task, --account, ...) go into $DPRL_SBATCH_OPTIONS (split on spaces), given
# to both sbatch calls.
#
# Environment: DPRL_ROOT (default: the checkout this script is in), DPRL_SBATCH (the sbatch
# command, default sbatch), DPRL_SBATCH_OPTIONS; see reproduce_all.sbatch for the rest.
set -euo pipefail

usage="usage: submit_array.sh N EXPERIMENT[,EXPERIMENT...] [flags for the experiments...]"
if (( $# < 2 )); then
  echo "submit_array.sh: $usage" >&2
  exit 2
fi
shards="$1"
experiments="${2//,/ }"
shift 2
if ! [[ "$shards" =~ ^[1-9][0-9]*$ ]] || (( shards > 1000000 )); then
  echo "submit_array.sh: N must be an integer in [1, 1000000], got '$shards'; $usage" >&2
  exit 2
fi
if [[ -z "${experiments// /}" ]]; then
  echo "submit_array.sh: no experiment named; $usage" >&2
  exit 2
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export DPRL_ROOT="${DPRL_ROOT:-$(cd "$here/../.." && pwd)}"
SCRIPT="$here/reproduce_all.sbatch"
read -r -a sbatch <<<"${DPRL_SBATCH:-sbatch}"
read -r -a options <<<"${DPRL_SBATCH_OPTIONS:-}"

# --parsable prints "<job id>" or "<job id>;<cluster>".
array_job="$(DPRL_EXPERIMENTS="$experiments" DPRL_SHARDS="$shards" \
  "${sbatch[@]}" --parsable "--array=0-$((shards - 1))" --ntasks=1 --job-name=dprl-shards \
  --output=dprl-shards-%A_%a.out "${options[@]+"${options[@]}"}" "$SCRIPT" "$@")"
array_job="${array_job%%;*}"
[[ "$array_job" =~ ^[0-9]+$ ]] || {
  echo "submit_array.sh: sbatch did not print a job id (got '$array_job')" >&2
  exit 1
}
merge_job="$(DPRL_EXPERIMENTS="$experiments" DPRL_MERGE_ONLY=1 \
  "${sbatch[@]}" --parsable "--dependency=afterok:$array_job" --ntasks=1 --job-name=dprl-merge \
  --output=dprl-merge-%j.out "${options[@]+"${options[@]}"}" "$SCRIPT" "$@")"
merge_job="${merge_job%%;*}"
echo "submit_array.sh: shards: job array $array_job (tasks 0-$((shards - 1))); merge: job $merge_job (after every shard succeeded)"
