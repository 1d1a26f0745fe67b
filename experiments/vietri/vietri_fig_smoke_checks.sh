# //experiments:vietri_fig's own smoke checks, sourced by experiments/experiment_smoke_test.sh
# after the checks every result gets (FIG, OUT, WORK set): the results file (groups, privacy
# attributes, regret datasets on the episode grid, legend labels) checked with h5py, one summary
# row per group, a run killed mid-way that, started again with the same command, ends with the
# same results, and reruns with fewer or default seeds that keep a 3-seed results file whole.
"$PYTHON" - "$OUT.h5" "${OUT}_summary.csv" <<'PY' || fail "results check failed"
import csv, sys
import h5py
from regret_grid import check_regret_group
path, summary = sys.argv[1], sys.argv[2]
with h5py.File(path, "r") as f:
    seeds = int(f.attrs["seeds"])
    agents = {}
    for name, group in f.items():
        check_regret_group(group, seeds)
        agents.setdefault(group.attrs["env"], set()).add(group.attrs["agent"])
        if group.attrs["agent"] == "pucb":
            a = group.attrs
            assert a["privacy_epsilon"] > 0 and a["error_bound"] > 0, name
            assert a["error_bound_method"] in ("paper", "exact_tail"), name
            assert a["neighbour_relation"] == "add_remove", name
            assert a["privacy_epsilon_replacement"] == 2 * a["privacy_epsilon"], name
        else:
            assert "privacy_epsilon" not in group.attrs, name
    expected = {"ubev", "ubev_as_run", "pucb_noiseless", "pucb"}
    assert agents == {"riverswim": expected, "random_mdp": expected}, agents
    assert f["riverswim-ubev"].attrs["reward_model"] == "deterministic"
    assert f["random_mdp-ubev"].attrs["reward_model"] == "bernoulli"
    # Legend texts, from the registry entries (the figure keeps no name table).
    assert f["riverswim-ubev"].attrs["label"] == "UBEV (paper's Alg. 1)"
    assert f["riverswim-pucb-exact-eps=10"].attrs["label"] == "PUCB (ε=10, exact-tail E)"
    groups = len(f)
with open(summary) as s:
    assert len(list(csv.DictReader(s))) == groups
PY

# Kill a run once some task files exist, start it again: finished tasks are skipped and the
# results are those of the uninterrupted run.
"$FIG" --scale=smoke --threads=1 --keep_task_files=true "--out=$WORK/killed" 2>/dev/null &
pid=$!
for _ in $(seq 1 600); do
  [[ "$(find "$WORK/killed/tasks" -name 'seed_*.h5' 2>/dev/null | wc -l)" -ge 2 ]] && break
  sleep 0.02
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
done_before="$(find "$WORK/killed/tasks" -name 'seed_*.h5' | wc -l)"
[[ "$done_before" -ge 2 ]] || fail "no task finished before the kill"
"$FIG" --scale=smoke --threads=1 "--out=$WORK/killed" 2>"$WORK/resume.err" ||
  { cat "$WORK/resume.err"; fail "resume failed"; }
grep -q "$done_before already done" "$WORK/resume.err" ||
  { cat "$WORK/resume.err"; fail "resume did not skip the $done_before finished tasks"; }
same_results "$OUT.h5" "$WORK/killed/vietri_fig.h5"

# A rerun with fewer seeds, or the scale's default, keeps the 3-seed results file untouched.
use_clean_scratch_repository
"$FIG" --scale=smoke --seeds=3 --threads=1 "--out=$WORK/seeds" 2>"$WORK/seeds.err" ||
  { cat "$WORK/seeds.err"; fail "3-seed run failed"; }
cp "$WORK/seeds/vietri_fig.h5" "$WORK/three_seeds.h5"
for seeds in --seeds=1 ""; do
  "$FIG" --scale=smoke $seeds --threads=1 "--out=$WORK/seeds" 2>"$WORK/fewer.err" ||
    { cat "$WORK/fewer.err"; fail "rerun '$seeds' failed"; }
  grep -q "holds 3 seeds of this run, more than --seeds=[12]; keeping it with all 3 seeds" \
    "$WORK/fewer.err" || { cat "$WORK/fewer.err"; fail "rerun '$seeds' did not say it keeps 3 seeds"; }
  cmp -s "$WORK/three_seeds.h5" "$WORK/seeds/vietri_fig.h5" || fail "rerun '$seeds' rewrote the file"
  "$PYTHON" -c "
import sys, h5py
with h5py.File(sys.argv[1], 'r') as f:
    assert f.attrs['seeds'] == 3
    for group in f.values():
        for dataset in group.values():
            assert dataset.shape[0] == 3, (dataset.name, dataset.shape)
" "$WORK/seeds/vietri_fig.h5" || fail "rerun '$seeds': datasets lost seeds"
done
