"""The dprl bindings: bad arguments raise ValueError with the C++ message (never a crash), the
Python step API reproduces run_episodes bit for bit, and run_episodes releases the GIL."""
import os
import sys
import threading
import time
import unittest

import numpy as np

import dprl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testing"))
from step_loop import tabular_step_loop  # noqa: E402

SHAPE = dprl.TabularShape(6, 2, 20)


class ErrorsTest(unittest.TestCase):

    def assertValueError(self, text, function, *args, **kwargs):
        with self.assertRaises(ValueError) as caught:
            function(*args, **kwargs)
        self.assertIn(text, str(caught.exception))

    def test_options_status_messages(self):
        stream = dprl.RandomStream(1)
        self.assertValueError("privacy_epsilon must be finite and > 0, got -1",
                              dprl.BinaryCounterBank, 2,
                              dprl.BinaryCounterOptions(privacy_epsilon=-1.0), stream)
        self.assertValueError("num_states must be in [1, 2^53], got 0",
                              dprl.rlsvi_corollary14_epsilon,
                              dprl.RlsviPrivacyOptions(0, 2, 20, 100), 1e-5)
        self.assertValueError("add_remove", dprl.PucbOptions, neighbour_relation="neighbours")
        self.assertValueError("reward_model", dprl.riverswim, reward_model="gaussian")
        options = dprl.PrivateOfuOptions()
        options.target_delta = 2.0
        self.assertValueError("target_delta", dprl.compute_private_ofu_params, options)
        self.assertValueError("privacy_epsilon", dprl.vietri_error_bound,
                              dprl.VietriBoundsParameters(privacy_epsilon=float("nan")))

    def test_checked_preconditions_raise_instead_of_crashing(self):
        stream = dprl.RandomStream(1)
        self.assertValueError("scale.numerator must be >= 1, got 0",
                              dprl.sample_discrete_laplace, dprl.Rational(0, 1), stream)
        self.assertValueError("sigma_squared.denominator must be >= 1, got -3",
                              dprl.sample_discrete_gaussian, dprl.Rational(1, -3), stream)
        self.assertValueError("bound must be >= 1, got 0", stream.uniform_int, 0)
        self.assertValueError("stddev must be finite and >= 0", dprl.sample_gaussian, -1.0, stream)

        bank = dprl.BinaryCounterBank(2, dprl.BinaryCounterOptions(1.0, 2, 1.0), stream)
        self.assertValueError("counter must be in [0, 2), got 2", bank.add, 2, 1)
        self.assertValueError("value must be an integer, got 0.5", bank.add, 0, 0.5)
        bank.add(0, 1)
        self.assertValueError("would be 2, beyond input_bound = 1", bank.add, 0, 1)
        bank.end_step()
        bank.end_step()
        self.assertValueError("all horizon_steps = 2 steps are closed", bank.end_step)
        self.assertValueError("all horizon_steps = 2 steps are closed", bank.add, 1, 1)

        counter = dprl.MatrixTreeCounter(
            dprl.MatrixTreeCounterOptions(rows=2, cols=2, symmetric=True, horizon_steps=4),
            stream)
        self.assertValueError("input must be 2 x 2, got 1 x 2", counter.add_step,
                              np.zeros((1, 2)))
        self.assertValueError("exceeds input_frobenius_bound", counter.add_step, np.eye(2))
        self.assertValueError("the input is not", counter.add_step,
                              np.array([[0.1, 0.2], [0.0, 0.1]]))
        self.assertValueError("non-finite", counter.add_step, np.array([[np.nan, 0], [0, 0]]))

        noise = dprl.OuFunctionalNoise(dprl.OuFunctionalNoiseOptions())
        self.assertValueError("x must be finite", noise.evaluate, float("inf"), stream)

    def test_agent_protocol(self):
        env = dprl.riverswim()
        agent = dprl.ubev_agent(SHAPE)
        stream = dprl.RandomStream(1)
        self.assertValueError("no episode in progress", agent.act, 0, 0, stream)
        agent.begin_episode()
        self.assertValueError("an episode is in progress", agent.begin_episode)
        self.assertValueError("s must be in [0, 6), got 6", agent.act, 0, 6, stream)
        self.assertValueError("Observe: reward must be in [0, 1], got 2", agent.observe,
                              0, 0, 0, 2.0, 1)
        self.assertValueError("an episode is in progress", agent.run_episodes, env, 1, stream,
                              stream)
        agent.end_episode()
        self.assertValueError("differs from the environment's", agent.run_episodes,
                              dprl.riverswim(num_states=5), 1, stream, stream)
        self.assertValueError("only PUCB agents", getattr, agent, "error_bound")
        self.assertValueError("entries", env.evaluate_policy, [0.5, 0.5])
        self.assertValueError("a must be in [0, 2), got 3", env.step, 0, 0, 3, stream)


class StreamAndMechanismTest(unittest.TestCase):

    def test_child_and_copy_do_not_advance(self):
        s = dprl.RandomStream(5)
        reference = dprl.RandomStream(5)
        s.child(1)
        s.child_pair(1, 2)
        copy = s.copy()
        copy.next_u64()
        self.assertEqual(s.next_u64(), reference.next_u64())

    def test_counter_release_is_exact_true_sum_at_time_zero(self):
        bank = dprl.BinaryCounterBank(3, dprl.BinaryCounterOptions(1.0, 8, 1.0),
                                      dprl.RandomStream(2))
        self.assertEqual([bank.release(c) for c in range(3)], [0, 0, 0])
        self.assertEqual(bank.levels, 4)  # floor(log2 8) + 1

    def test_ou_noise_is_lazy_and_consistent(self):
        noise = dprl.OuFunctionalNoise(dprl.OuFunctionalNoiseOptions(3, 1.0, 1.0))
        stream = dprl.RandomStream(3)
        first = noise.evaluate(0.5, stream)
        untouched = stream.copy()
        again = noise.evaluate(0.5, stream)
        np.testing.assert_array_equal(first, again)
        self.assertEqual(stream.next_u64(), untouched.next_u64())  # a stored x reads no bits
        noise.reset()
        self.assertEqual(noise.num_points, 0)


class StepApiTest(unittest.TestCase):

    def test_python_loop_equals_run_episodes(self):
        env = dprl.random_dirichlet_mdp(6, 2, 20, stream=dprl.RandomStream(9, purpose=4))
        makers = {
            "ubev": lambda: dprl.ubev_agent(SHAPE),
            "pucb": lambda: dprl.pucb_agent(SHAPE, dprl.PucbOptions(
                privacy_epsilon=1e4, num_episodes=100, error_bound_method="exact_tail"),
                dprl.RandomStream(9, purpose=3)),
            "rlsvi": lambda: dprl.rlsvi_agent(SHAPE, noise_stream=dprl.RandomStream(9, purpose=3)),
        }
        for name, make in makers.items():
            with self.subTest(name):
                environment, policy = dprl.RandomStream(9, purpose=1), dprl.RandomStream(9, purpose=2)
                batch = make().run_episodes(env, 100, environment, policy)
                looped = tabular_step_loop(make(), env, 100, environment.copy(), policy.copy())
                self.assertEqual(batch.tobytes(), looped.tobytes())
                self.assertGreater(batch[0], 0.0)


class LqStepApiTest(unittest.TestCase):

    def test_every_registered_agent_runs(self):
        names = ["ofu_rl", "private_ce", "private_ce_dither", "private_ce_ridge", "private_ofu_rl",
                 "private_ofu_rl_tight"]
        self.assertEqual(dprl.lq_agent_names(), names)
        system = dprl.named_lq_system("relay_n2", 3)
        privacy = dprl.PrivateOfuOptions()
        privacy.episodes, privacy.horizon, privacy.state_dim, privacy.control_dim = 4, 3, 2, 1
        privacy.control_bound, privacy.noise_bound = system.control_bound, system.noise_bound
        for name in names:
            with self.subTest(name):
                agent = dprl.lq_agent(system, name, privacy, noise_stream=dprl.RandomStream(5),
                                      policy_stream=dprl.RandomStream(6))
                regret = agent.run_lq_episodes(system, dprl.RandomStream(7))
                self.assertEqual(len(regret), 4)
                self.assertTrue(np.all(np.isfinite(regret)))

    def test_python_loop_equals_run_lq_episodes(self):
        system = dprl.named_lq_system("rotation_n2", 4)
        privacy = dprl.PrivateOfuOptions()
        privacy.episodes, privacy.horizon, privacy.state_dim, privacy.control_dim = 8, 4, 2, 1
        privacy.control_bound, privacy.noise_bound = system.control_bound, system.noise_bound

        def make():
            return dprl.lq_agent(system, "private_ofu_rl", privacy,
                                 noise_stream=dprl.RandomStream(3, purpose=3),
                                 policy_stream=dprl.RandomStream(3, purpose=2))

        batch = make().run_lq_episodes(system, dprl.RandomStream(3, purpose=1))
        agent, stream, looped = make(), dprl.RandomStream(3, purpose=1), []
        optimal = system.optimal_cost()
        for _ in range(privacy.episodes):
            gains = agent.begin_episode(system.initial_state)
            looped.append(system.policy_cost(gains) - optimal)
            states, controls = [system.initial_state], []
            for h in range(system.horizon):
                controls.append(agent.control(h, states[h]))
                states.append(system.step(states[h], controls[h], stream))
            agent.end_episode(states, controls)
        self.assertEqual(batch.tobytes(), np.array(looped).tobytes())
        with self.assertRaisesRegex(ValueError, "all episodes = 8 episodes were run"):
            agent.begin_episode(system.initial_state)
        with self.assertRaisesRegex(ValueError, "needs a fresh agent"):
            agent.run_lq_episodes(system, stream)

    def test_errors(self):
        system = dprl.named_lq_system("chain_n2", 3)
        with self.assertRaisesRegex(ValueError, r"unknown LQ agent .* \(one of ofu_rl, private_ce, private_ce_dither, private_ce_ridge, private_ofu_rl, private_ofu_rl_tight\)"):
            dprl.lq_agent(system, "lqr", dprl.PrivateOfuOptions(), noise_stream=dprl.RandomStream(1),
                          policy_stream=dprl.RandomStream(2))
        with self.assertRaisesRegex(ValueError, "u must have 1 entries, got 2"):
            system.step(np.zeros(2), np.zeros(2), dprl.RandomStream(1))
        with self.assertRaisesRegex(ValueError, "action must be 0 or 1, got 2"):
            dprl.ContinuousWalk().step(0.5, 2, dprl.RandomStream(1))


class GilTest(unittest.TestCase):

    def test_run_episodes_releases_the_gil(self):
        env = dprl.riverswim()
        agent = dprl.ubev_agent(SHAPE)
        done = []
        worker = threading.Thread(target=lambda: done.append(agent.run_episodes(
            env, 150000, dprl.RandomStream(1, purpose=1), dprl.RandomStream(1, purpose=2))))
        start = time.monotonic()
        ticks = [start]
        worker.start()
        while worker.is_alive():  # the main thread keeps running Python while C++ runs
            ticks.append(time.monotonic())
            time.sleep(0.001)
        worker.join()
        duration = time.monotonic() - start
        largest_gap = max(np.diff(ticks))
        self.assertEqual(len(done[0]), 150000)
        # Holding the GIL would stall this thread for the whole call: one gap ~ duration.
        self.assertGreater(duration, 0.2, "the call is too short to tell")
        self.assertLess(largest_gap, duration / 4)


if __name__ == "__main__":
    unittest.main()
