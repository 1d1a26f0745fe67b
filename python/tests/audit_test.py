"""dprl.audit: the C++ privacy auditor on Python samplers (docs/privacy_audit.md, "Audit your own
agent"). Each statistical statement fails with probability <= 1e-6 (the audits' confidence_beta):
a refutation is evidence at that level, and a correct mechanism's bound exceeds its true epsilon
with at most that probability."""
import random
import unittest
import warnings

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


if __name__ == "__main__":
    unittest.main()
