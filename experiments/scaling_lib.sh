# What //experiments:weak_scaling and //experiments:strong_scaling share; sourced by both.
# Sets `binary` (the vietri_fig of the caller's runfiles; RUNFILES_DIR exported so that it finds
# its analysis binary), `work` (a temporary directory removed on exit) and `launcher` (the MPI
# launcher: $MPIRUN if set, word-split, e.g. MPIRUN="srun --mpi=pmix"; otherwise mpirun, with
# --allow-run-as-root when run as root), and defines `run`.
runfiles="${RUNFILES_DIR:-$0.runfiles}"
binary="$runfiles/dprl/experiments/vietri_fig"
[[ -x "$binary" ]] || { echo "$(basename "$0"): cannot find $binary" >&2; exit 1; }
export RUNFILES_DIR="$runfiles"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
launcher=(${MPIRUN:-mpirun})
[[ -n "${MPIRUN:-}" || "$(id -u)" != 0 ]] || launcher+=(--allow-run-as-root)

run() {  # run NAME COMMAND...: prints the wall seconds of COMMAND (its output in $work/NAME.log)
  local name="$1" start end
  shift
  start="$(date +%s.%N)"
  "$@" >"$work/$name.log" 2>&1 || { cat "$work/$name.log" >&2; exit 1; }
  end="$(date +%s.%N)"
  awk -v a="$start" -v b="$end" 'BEGIN { print b - a }'
}
