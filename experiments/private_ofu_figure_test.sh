#!/usr/bin/env bash
# //analysis:private_ofu_figure on small generated files: PNG/PDF/CSV with the expected numbers
# (regret exponent 1/2 in K, privacy cost 40 eps^{-1/2} -> exponent -1/2); bad inputs (unknown
# agent, env without ofu_rl) give one line naming the flag, a non-zero exit and no output files.
# (The flag/file/output errors shared by all figure binaries come from analysis/figure_main.cc and
# are tested with the other figure binaries.)
export DPRL_NO_TOY=1
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"  # fail, $PYTHON, $WORK
FIGURE="$RUNFILES/analysis/private_ofu_figure"
[[ -x "$FIGURE" ]] || fail "figure binary not found at $FIGURE"
mkdir -p "$WORK/bad" "$WORK/out"
P="--out_prefix=$WORK/bad/fig"
expect_error() {  # NAME TEXT ARGS...: non-zero exit, one stderr line with TEXT, nothing written
  local name="$1" text="$2"
  shift 2
  if "$FIGURE" "$@" >/dev/null 2>"$WORK/$name.err"; then fail "$name: exit code 0"; fi
  [[ "$(wc -l <"$WORK/$name.err")" -eq 1 ]] || { cat "$WORK/$name.err"; fail "$name: not 1 line"; }
  grep -qF -- "$text" "$WORK/$name.err" || { cat "$WORK/$name.err"; fail "$name: no '$text'"; }
  [[ -z "$(find "$WORK/bad" -mindepth 1)" ]] || fail "$name: left files"
}
"$PYTHON" - "$WORK" <<'PY' || fail "cannot make inputs"
import os, sys
import h5py
import numpy as np
out = sys.argv[1]
T = 1000
t = np.arange(1, T + 1, dtype=np.float64)
step = np.sqrt(t) - np.sqrt(t - 1)  # cumulative regret sqrt(t)

def dprl_file(path):
    f = h5py.File(path, "w", track_order=True)
    f.attrs["dprl_schema_version"] = np.int64(1)
    f.attrs["experiment"] = "test"
    return f

def group(f, name, agent, scale, eps=None):
    g = f.create_group(name)
    g.attrs["env"] = "sys"
    g.attrs["agent"] = agent
    if eps is not None:
        g.attrs["privacy_epsilon"] = eps
    g.create_dataset("per_episode_regret", data=np.stack([scale * step, scale * step]))

with dprl_file(os.path.join(out, "good.h5")) as f:
    group(f, "sys-ofu_rl", "ofu_rl", 1.0)
    for eps in (1.0, 4.0, 16.0):
        # final regret sqrt(T) (1 + 40 / (sqrt(T) sqrt(eps))): privacy cost 40 / sqrt(eps).
        group(f, "sys-private_ofu_rl-eps=%g" % eps, "private_ofu_rl", 1 + 40 / np.sqrt(T * eps), eps)
        group(f, "sys-private_ce-eps=%g" % eps, "private_ce", 1 + 80 / (np.sqrt(T) * eps), eps)
with dprl_file(os.path.join(out, "unknown_agent.h5")) as f:
    group(f, "sys-ucb", "ucb", 1.0)
with dprl_file(os.path.join(out, "no_ofu.h5")) as f:
    group(f, "sys-private_ofu_rl-eps=1", "private_ofu_rl", 2.0, 1.0)
with h5py.File(os.path.join(out, "foreign.h5"), "w") as f:
    f.create_dataset("x", data=np.zeros(3))
open(os.path.join(out, "not_hdf5.h5"), "w").write("not hdf5\n")
PY

"$FIGURE" "--in=$WORK/good.h5" "--out_prefix=$WORK/out/fig" 2>"$WORK/err" ||
  { cat "$WORK/err"; fail "good input rejected"; }
[[ "$(head -c 4 "$WORK/out/fig.png" | od -An -c | tr -d ' ')" == '211PNG' ]] || fail "no PNG"
[[ "$(head -c 5 "$WORK/out/fig.pdf")" == '%PDF-' ]] || fail "no PDF"
"$PYTHON" - "$WORK/out/fig_summary.csv" <<'PY' || fail "summary CSV wrong"
import csv, math, sys
rows = {r["group"]: r for r in csv.DictReader(open(sys.argv[1]))}
assert len(rows) == 7, rows.keys()
def close(a, b): assert math.isclose(float(a), b, rel_tol=1e-6, abs_tol=1e-9), (a, b)
ofu = rows["sys-ofu_rl"]
close(ofu["final_regret_mean"], math.sqrt(1000)); close(ofu["regret_exponent"], 0.5)
assert ofu["privacy_cost"] == "" and ofu["privacy_cost_exponent_vs_eps"] == ""
p = rows["sys-private_ofu_rl-eps=4"]
close(p["privacy_cost"], 20.0); close(p["privacy_cost_exponent_vs_eps"], -0.5)
close(rows["sys-private_ce-eps=16"]["privacy_cost_exponent_vs_eps"], -1.0)
PY
expect_error unknown_agent "--in: group sys-ucb: unknown agent 'ucb'" "--in=$WORK/unknown_agent.h5" "$P"
expect_error no_ofu "--in: env sys has no ofu_rl group" "--in=$WORK/no_ofu.h5" "$P"
expect_error foreign "not a dprl results file" "--in=$WORK/foreign.h5" "$P"
echo PASS
