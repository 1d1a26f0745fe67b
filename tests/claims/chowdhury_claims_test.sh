#!/usr/bin/env bash
# The Chowdhury et al. 2021 claims (analysis/chowdhury/chowdhury_claims.cc) on hand-made
# private_ofu_fig files whose outcomes are known (make_chowdhury_fixtures.py). On chain_n2 and
# rotation_n2, for OFU-RL and both calibrations of Private-OFU-RL:
#   Lemma 1's coverage (explicit): not refuted, with the Clopper-Pearson share bound of 0 of 20,
#           except in the fails kind (8 of 20 seeds outside C_k): refuted;
#   Thms. 1, 3 (O(), no verdict): the implied constant equals the 4th-largest ratio of R_s(K) to
#           the expression evaluated here independently (lq_bound.py), the clipped agents with
#           the vacuity annotation;
#   the trends (observations, never judged) have the values the files imply: exponent 0.5 (holds
#           kind) or 0.9 (fails), cost slope -0.1 or -0.6, each minus Thm. 1's reference over the
#           same episodes or eps; in the regime kind the smallest-eps exponents and the cost slopes
#           are out of regime (no eps past the onset);
# every relay_n2 row is undefined, naming the missing system; every other paper's claims are
# "not run".
export DPRL_NO_TOY=1
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"
source "$RUNFILES/tests/claims/fixtures_lib.sh"

KINDS=(holds fails regime)
claims_on_fixtures make_chowdhury_fixtures.py "${KINDS[@]}"
"$PYTHON" - "$WORK" "${KINDS[@]}" <<'PY' || fail "verdicts on the fixtures"
import csv, math, os, sys
import h5py
import lq_bound

PREFIX = "chowdhury."
AGENTS = {"": "private_ofu_rl", ".tight": "private_ofu_rl_tight"}


def reference_exponent(group):
    """The largest local exponent in k of Thm. 1's terms over the grid episodes in [K/10, K]."""
    grid = group["episode_grid"][0]
    late = grid[grid >= math.ceil(grid[-1] / 10)]
    return max(lq_bound.loglog_slope(late, [lq_bound.terms(group.attrs, k)[i] for k in late])
               for i in range(4))


def steepest_epsilon_slope(fitted):
    """The steepest slope in eps of the eps-dependent terms at K over the fitted (eps, group)."""
    epsilons = [eps for eps, _ in fitted]
    return min(lq_bound.loglog_slope(
        epsilons, [lq_bound.epsilon_terms(g.attrs, g["episode_grid"][0, -1])[i]
                   for _, g in fitted]) for i in range(3))


def check(rows, lq, kind):
    ours = sorted(claim for claim in rows if claim.startswith(PREFIX))
    assert len(ours) == 45, ours
    exponent_in_k, cost_slope = {"fails": (0.9, -0.6)}.get(kind, (0.5, -0.1))
    for env in ("chain_n2", "rotation_n2"):
        ofu = rows[PREFIX + "ofu_rl_exponent." + env]
        (_, ofu_group), = lq_bound.runs(lq, env, "ofu_rl")
        # Trends of an O() bound: measured, never judged.
        assert ofu["kind"] == "observation" and ofu["verdict"] == "observed", ofu
        assert abs(float(ofu["value"]) - (exponent_in_k - reference_exponent(ofu_group))) < 1e-6, ofu
        for agent in ["ofu_rl"] + list(AGENTS.values()):
            # Lemma 1, decided: 8 of 20 seeds outside C_k refute it at alpha (OFU-RL) and at
            # 2 alpha with Bonferroni over the 5 eps (private agents); none leaves it unrefuted.
            coverage = rows["%slemma1_coverage.%s.%s" % (PREFIX, agent, env)]
            assert coverage["kind"] == "explicit_bound" and coverage["why_evidence"], coverage
            assert coverage["verdict"] == ("refuted" if kind == "fails" else "not refuted"), coverage
            runs = 1 if agent == "ofu_rl" else 5
            if kind == "fails":
                assert float(coverage["value"]) == 0.4 and "8 of 20" in coverage["detail"], coverage
            else:
                share = 1 - (0.05 / runs) ** (1 / 20)  # Clopper-Pearson upper of 0 of 20
                assert abs(float(coverage["high"]) - share) < 1e-9, (coverage, share)
            probability = 0.05 if agent == "ofu_rl" else 0.1
            assert "P(Bin(20, %g) >= " % probability in coverage["detail"], coverage
            # Thm. 1 / Thm. 3: no verdict, the implied constant (4th-largest ratio at 20 seeds).
            infix = {"ofu_rl": ".ofu_rl", "private_ofu_rl": "",
                     "private_ofu_rl_tight": ".tight"}[agent]
            constant = rows["%simplied_constant%s.%s" % (PREFIX, infix, env)]
            assert constant["kind"] == "implied_constant", constant
            assert constant["verdict"] == "no verdict", constant
            expected = lq_bound.largest_implied_constant(lq, env, agent)
            assert abs(float(constant["value"]) / expected - 1) < 1e-9, (constant, expected)
            assert int(constant["seeds"]) == 20, constant
            # The clipped private agents carry the vacuity annotation, OFU-RL (unclipped) none.
            assert ("useful constants [" in constant["detail"]) == (agent != "ofu_rl"), constant
        for infix, agent in AGENTS.items():
            runs = lq_bound.runs(lq, env, agent)
            past = [(eps, g) for eps, g in runs if eps > 10 and kind != "regime"]
            largest = rows["%sprivate_exponent%s.%s" % (PREFIX, infix, env)]
            smallest = rows["%sprivate_exponent_small_eps%s.%s" % (PREFIX, infix, env)]
            cost = rows["%sprivacy_cost_vs_eps%s.%s" % (PREFIX, infix, env)]
            decay = rows["%sprivacy_cost_decay_vs_eps%s.%s" % (PREFIX, infix, env)]
            for row in (largest, smallest, cost, decay):
                assert row["kind"] == "observation" and not row["why_evidence"], row
            # The largest eps: measured in every kind.
            assert largest["verdict"] == "observed", largest
            expected = exponent_in_k - reference_exponent(runs[-1][1])
            assert abs(float(largest["value"]) - expected) < 1e-6, (largest, expected)
            if kind == "regime":
                assert smallest["verdict"] == "out of regime", smallest
                assert "no eps past the onset" in smallest["regime_missed"], smallest
                assert cost["verdict"] == decay["verdict"] == "out of regime", (cost, decay)
                assert "0 eps past the onset where the cost dominates" in cost["regime_missed"]
            else:
                assert smallest["verdict"] == "observed", smallest
                assert "at eps = 100 " in smallest["detail"], smallest  # eps = 10: before onset
                expected = exponent_in_k - reference_exponent(past[0][1])
                assert abs(float(smallest["value"]) - expected) < 1e-6, (smallest, expected)
                # eps = 10^6 does not dominate in the fails kind (cost 0.16 of OFU-RL's regret).
                fitted = past[:3] if kind == "fails" else past
                assert cost["verdict"] == "observed", cost
                names = ", ".join("%g" % eps for eps, _ in fitted)
                assert "eps fitted: {%s}" % names in cost["detail"], cost
                expected = cost_slope - steepest_epsilon_slope(fitted)
                assert abs(float(cost["value"]) - expected) < 1e-6, (cost, expected)
                assert decay["verdict"] == "observed", decay
                expected = cost_slope - steepest_epsilon_slope(past)
                assert abs(float(decay["value"]) - expected) < 1e-6, (decay, expected)
    relay = [claim for claim in ours if claim.endswith(".relay_n2")]
    assert len(relay) == 15, relay
    for claim in relay:
        assert rows[claim]["verdict"] == "undefined", rows[claim]
        assert "run of relay_n2 in the file" in rows[claim]["detail"], rows[claim]
    for claim, row in rows.items():
        if not claim.startswith(PREFIX):
            assert row["verdict"] == "not run" and row["value"] == "", (claim, row)


for kind in sys.argv[2:]:
    directory = os.path.join(sys.argv[1], kind)
    rows = {r["id"]: r for r in csv.DictReader(open(os.path.join(directory, "claims.csv")))}
    lq = h5py.File(os.path.join(directory, "private_ofu_fig", "private_ofu_fig.h5"), "r")
    try:
        check(rows, lq, kind)
    except AssertionError:
        print("the '%s' fixtures:" % kind, file=sys.stderr)
        raise
PY
echo PASS
