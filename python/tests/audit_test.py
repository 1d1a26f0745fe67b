"""dprl.audit: the C++ privacy auditor on Python samplers (docs/privacy_audit.md, "Audit your own
agent"). Each statistical statement fails with probability <= 1e-6 (the audits' confidence_beta):
a refutation is evidence at that level, and a correct mechanism's bound exceeds its true epsilon
with at most that probability."""
import contextlib
import io
import math
import os
import random
import tempfile
import unittest
import warnings

import numpy

import dprl

STEPS = 8


def flawed_counter(first_input):
    """A counter written in Python that adds FRESH discrete Laplace(1) noise to every release of
    the running count: each release alone is 1-DP, the 8 of them together only 8-DP."""
    def sampler(stream):
        count, releases = 0, []
        for step in range(STEPS):
            count += first_input if step == 0 else 0
            releases.append(count + dprl.sample_discrete_laplace(dprl.Rational(1, 1), stream))
        return releases
    return sampler


def binary_counter(first_input):
    """The same releases from dprl's binary counter at epsilon = 1 (1-DP for the whole stream)."""
    def sampler(stream):
        bank = dprl.BinaryCounterBank(1, dprl.BinaryCounterOptions(1.0, STEPS, 1.0), stream)
        releases = []
        for step in range(STEPS):
            bank.add(0, first_input if step == 0 else 0)
            bank.end_step()
            releases.append(bank.release(0))
        return releases
    return sampler


class AuditTest(unittest.TestCase):

    def test_fresh_noise_per_release_is_refuted(self):
        report = dprl.audit(flawed_counter(1), flawed_counter(0), claimed_epsilon=1.0,
                            trials=20000)
        self.assertEqual(report.verdict, "refuted", str(report))
        self.assertGreater(report.epsilon_lower, 1.0)
        self.assertLessEqual(report.epsilon_lower, STEPS)  # its true loss
        self.assertEqual(report.result.statistic, "sum")  # the sum of the releases separates
        self.assertIn("verdict: refuted", str(report))

    def test_the_binary_counter_shows_no_evidence_against_its_claim(self):
        report = dprl.audit(binary_counter(1), binary_counter(0), claimed_epsilon=1.0,
                            trials=20000, control=True)
        self.assertEqual(report.verdict, "no evidence against the claim", str(report))
        self.assertLessEqual(report.epsilon_lower, 1.0)
        self.assertEqual(report.control_epsilon_lower, 0.0)

    def test_statistics_can_be_named(self):
        report = dprl.audit(flawed_counter(1), flawed_counter(0), claimed_epsilon=1.0,
                            trials=2000, statistics={"last release": lambda o: o[-1]})
        self.assertEqual(report.result.statistic, "last release")

    def test_the_same_seed_gives_the_same_audit(self):
        kwargs = dict(claimed_epsilon=1.0, trials=2000, seed=7)
        a = dprl.audit(flawed_counter(1), flawed_counter(0), **kwargs)
        b = dprl.audit(flawed_counter(1), flawed_counter(0), **kwargs)
        self.assertEqual(repr(a.result), repr(b.result))

    def test_a_sampler_that_ignores_its_stream_is_refused(self):
        def unseeded(stream):
            return random.random()
        with self.assertRaisesRegex(ValueError, "not a function of its stream"):
            dprl.audit(unseeded, unseeded, claimed_epsilon=1.0, trials=100)

    def test_too_few_trials_warn_with_the_number_needed(self):
        needed = dprl.trials_needed_to_refute(1.0)
        self.assertGreater(dprl.max_reportable_epsilon(needed), 1.0)
        self.assertLessEqual(dprl.max_reportable_epsilon(needed - 1), 1.0)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            report = dprl.audit(flawed_counter(1), flawed_counter(0), claimed_epsilon=1.0,
                                trials=20)
        self.assertTrue(any(str(needed) in str(w.message) for w in caught))
        self.assertEqual(report.trials_needed, needed)

    def test_bad_arguments_raise(self):
        with self.assertRaisesRegex(TypeError, "first must be callable"):
            dprl.audit(1, flawed_counter(0), claimed_epsilon=1.0)
        with self.assertRaisesRegex(ValueError, "claimed_epsilon"):
            dprl.audit(flawed_counter(1), flawed_counter(0), claimed_epsilon=-1.0)
        with self.assertRaisesRegex(ValueError, "num_trials"):
            dprl.audit(flawed_counter(1), flawed_counter(0), claimed_epsilon=1.0, trials=1)
        with self.assertRaisesRegex(ValueError, "confidence_beta"):
            dprl.audit(flawed_counter(1), flawed_counter(0), claimed_epsilon=1.0,
                       confidence_beta=2.0)
        # A subnormal beta (half of it rounds to 0) aborted the interpreter in a CHECK.
        with self.assertRaisesRegex(ValueError, r"confidence_beta must be in \[1e-300, 1\)"):
            dprl.audit(flawed_counter(1), flawed_counter(0), claimed_epsilon=1.0, trials=200,
                       confidence_beta=5e-324)
        with self.assertRaisesRegex(ValueError, "confidence_beta"):
            dprl.trials_needed_to_refute(1.0, 5e-324, 0.0)
        # 10^12 trials would keep terabytes of observations: refused before any sampler runs.
        with self.assertRaisesRegex(ValueError, "audit with num_trials = 1000000000000"):
            dprl.audit(flawed_counter(1), flawed_counter(0), claimed_epsilon=1.0, trials=10**12)
        with self.assertRaisesRegex(TypeError, "float or a sequence"):
            dprl.audit(lambda s: "x", lambda s: "x", claimed_epsilon=1.0, trials=10)
        with self.assertRaisesRegex(TypeError, "statistics"):
            dprl.audit(flawed_counter(1), flawed_counter(0), claimed_epsilon=1.0, trials=10,
                       statistics=[lambda o: o[0]])

    def test_an_exception_in_a_sampler_propagates(self):
        def failing(stream):
            if stream.uniform_int(50) == 0:
                raise ZeroDivisionError("agent bug")
            return 0.0
        with self.assertRaises(ZeroDivisionError):
            dprl.audit(failing, failing, claimed_epsilon=1.0, trials=2000, determinism_checks=0)

    def test_a_batched_sampler_gives_the_same_audit(self):
        def batched(first_input):
            one = flawed_counter(first_input)
            return lambda streams: [one(stream) for stream in streams]
        kwargs = dict(claimed_epsilon=1.0, trials=2000, seed=3)
        single = dprl.audit(flawed_counter(1), flawed_counter(0), **kwargs)
        for batch_size in (1, 7, 2000):
            report = dprl.audit(batched(1), batched(0), batch_size=batch_size, **kwargs)
            self.assertEqual(repr(report.result), repr(single.result))
        with self.assertRaisesRegex(ValueError, "returned 1 observations for 7 streams"):
            dprl.audit(lambda streams: [0.0], lambda streams: [0.0], claimed_epsilon=1.0,
                       trials=20, batch_size=7, determinism_checks=0)
        with self.assertRaisesRegex(ValueError, "batch_size"):
            dprl.audit(batched(1), batched(0), claimed_epsilon=1.0, batch_size=0)

    def test_progress_lines_on_request(self):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            dprl.audit(flawed_counter(1), flawed_counter(0), claimed_epsilon=1.0, trials=200,
                       progress=True)
        self.assertIn("audit: ", err.getvalue())
        self.assertIn("/400 trials", err.getvalue())
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            dprl.audit(flawed_counter(1), flawed_counter(0), claimed_epsilon=1.0, trials=200,
                       progress=False)
        self.assertEqual(err.getvalue(), "")
        with self.assertRaisesRegex(ValueError, "progress"):
            dprl.audit(flawed_counter(1), flawed_counter(0), claimed_epsilon=1.0, progress=2)

    def test_plot_text_shows_both_distributions_and_the_event(self):
        report = dprl.audit(flawed_counter(1), flawed_counter(0), claimed_epsilon=1.0,
                            trials=4000)
        edges, first, second = report.histogram(bins=8)
        self.assertEqual(len(edges), 9)
        self.assertEqual(sum(first), report.result.heldout_trials)
        self.assertEqual(sum(second), report.result.heldout_trials)
        chart = report.plot_text(bins=8)
        self.assertEqual(len(chart.splitlines()), 9)
        self.assertIn("*", chart)
        self.assertIn("#", chart)
        with self.assertRaisesRegex(ValueError, "bins"):
            report.histogram(bins=0)
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "audit.png")
            report.plot(path)
            with open(path, "rb") as png:
                self.assertEqual(png.read(4), b"\x89PNG")
            with self.assertRaisesRegex(ValueError, "path"):
                report.plot(os.path.join(directory, "missing", "audit.png"))

    # Power control: the binary counter with HALF its noise scale (2-DP, claimed 1) must be caught,
    # or the audit could not see a factor-two error in a calibration.
    def test_halved_noise_is_caught(self):
        def half_noise(first_input):
            def sampler(stream):
                bank = dprl.BinaryCounterBank(1, dprl.BinaryCounterOptions(2.0, 1, 1.0), stream)
                bank.add(0, first_input)
                bank.end_step()
                return bank.release(0)
            return sampler
        report = dprl.audit(half_noise(1), half_noise(0), claimed_epsilon=1.0, trials=40000)
        self.assertEqual(report.verdict, "refuted", str(report))

    # Floating-point noise drawn with NumPy on a real-valued sum: the set of doubles it can output
    # depends on the sum (Mironov, CCS 2012), so an event on the residue separates two inputs that
    # Laplace(1) should make 1-indistinguishable. NumPy's Generator.laplace(0, 1) draws
    # U = k 2^-53 and returns -log(2 - U - U) for U >= 1/2, else log(U + U); the statistic asks
    # whether the release is the first input's sum plus such a value, recomputing it for the k
    # near the one the release implies.
    def test_floating_point_numpy_noise_is_caught_by_its_residue(self):
        first_sum, second_sum = 0.1 + 0.2 + 0.3, 0.1 + 0.2 + 0.7

        def release(total):
            def sampler(stream):
                generator = numpy.random.Generator(numpy.random.PCG64(stream.next_u64()))
                return total + float(generator.laplace(0.0, 1.0))
            return sampler

        def reachable_from_first(observation):
            value = observation[0]
            noise = value - first_sum
            uniform = (2.0 - math.exp(-noise)) / 2.0 if noise >= 0 else math.exp(noise) / 2.0
            guess = int(uniform * 2.0**53)
            for k in range(max(1, guess - 4), min(2**53 - 1, guess + 4) + 1):
                u = k * 2.0**-53
                drawn = -math.log(2.0 - u - u) if u >= 0.5 else math.log(u + u)
                if first_sum + drawn == value:
                    return 1.0
            return 0.0

        report = dprl.audit(release(first_sum), release(second_sum), claimed_epsilon=1.0,
                            trials=4000, statistics={"residue": reachable_from_first})
        self.assertEqual(report.verdict, "refuted", str(report))
        # The same noise drawn exactly (dprl's discrete Laplace on an integer count) is not.
        exact = dprl.audit(
            lambda stream: 1 + dprl.sample_discrete_laplace(dprl.Rational(1, 1), stream),
            lambda stream: 0 + dprl.sample_discrete_laplace(dprl.Rational(1, 1), stream),
            claimed_epsilon=1.0, trials=4000)
        self.assertEqual(exact.verdict, "no evidence against the claim", str(exact))

    def test_a_registered_agent_is_audited_in_cpp(self):
        audit = dprl.audit_tabular_agent(
            "pucb", agent_parameters={"privacy_epsilon": 2.0},
            environment_parameters={"num_states": 3, "horizon": 3}, users=8, trials=2000,
            threads=2)
        self.assertEqual(audit.verdict, "no evidence against the claim", str(audit))
        self.assertEqual(audit.claimed_epsilon, 2.0)
        self.assertIn("num_episodes=8", audit.agent_parameters)
        self.assertIn("claim: 2-JDP under add/remove (from privacy_epsilon)", str(audit))
        again = dprl.audit_tabular_agent(
            "pucb", agent_parameters={"privacy_epsilon": 2.0},
            environment_parameters={"num_states": 3, "horizon": 3}, users=8, trials=2000,
            threads=1)
        self.assertEqual(repr(again), repr(audit))
        with tempfile.TemporaryDirectory() as directory:
            audit.plot(os.path.join(directory, "pucb.png"))
            self.assertGreater(os.path.getsize(os.path.join(directory, "pucb.png")), 1000)
        with self.assertRaisesRegex(ValueError, "progress"):
            dprl.audit_tabular_agent("pucb", progress="yes")
        with self.assertRaisesRegex(ValueError, "unknown agent 'nope'"):
            dprl.audit_tabular_agent("nope")
        with self.assertRaisesRegex(ValueError, "give claimed_epsilon"):
            dprl.audit_tabular_agent("ucbvi", trials=100)
        with self.assertRaisesRegex(ValueError, "relation"):
            dprl.audit_tabular_agent("pucb", relation="sideways")
        with self.assertRaisesRegex(ValueError, "threads"):
            dprl.audit_tabular_agent("pucb", threads=0)
        with self.assertRaises(TypeError):
            dprl.audit_tabular_agent("pucb", agent_parameters={"privacy_epsilon": "high"})


if __name__ == "__main__":
    unittest.main()
