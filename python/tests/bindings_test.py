"""The dprl bindings: bad arguments raise ValueError with the C++ message (never a crash), the
Python step API reproduces run_episodes bit for bit, and run_episodes releases the GIL."""
import math
import os
import signal
import sys
import threading
import time
import unittest

import numpy as np

import dprl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testing"))
from step_loop import tabular_step_loop  # noqa: E402

SHAPE = dprl.TabularShape(6, 2, 20)


def ubev(shape=SHAPE):
    """UBEV (draws no randomness of its own: its noise stream is not read)."""
    return dprl.tabular_agent("ubev", shape, noise_stream=dprl.RandomStream(0))


class ValueErrorTestCase(unittest.TestCase):

    def assertValueError(self, text, function, *args, **kwargs):
        with self.assertRaises(ValueError) as caught:
            function(*args, **kwargs)
        self.assertIn(text, str(caught.exception))


class ErrorsTest(ValueErrorTestCase):

    def test_options_status_messages(self):
        stream = dprl.RandomStream(1)
        self.assertValueError("privacy_epsilon must be finite and > 0, got -1",
                              dprl.BinaryCounterBank, 2,
                              dprl.BinaryCounterOptions(privacy_epsilon=-1.0), stream)
        self.assertValueError("num_states must be in [1, 2^53], got 0",
                              dprl.rlsvi_corollary14_epsilon,
                              dprl.RlsviPrivacyOptions(0, 2, 20, 100), 1e-5)
        self.assertValueError("add_remove", dprl.tabular_agent, "pucb", SHAPE,
                              noise_stream=stream, neighbour_relation="neighbours")
        self.assertValueError("reward_model", dprl.riverswim, reward_model="gaussian")
        # The memory check of tabular_environment('riverswim', ...) applies to dprl.riverswim too
        # (it raised bad_alloc, or took gigabytes, before).
        self.assertValueError("riverswim: num_states = 1000000, num_actions = 2, horizon = 20",
                              dprl.riverswim, num_states=1000000, horizon=20)
        self.assertValueError("random_dirichlet_mdp: num_states = 1000000",
                              dprl.random_dirichlet_mdp, num_states=1000000,
                              stream=dprl.RandomStream(1))
        options = dprl.PrivateOfuOptions()
        options.target_delta = 2.0
        self.assertValueError("target_delta", dprl.compute_private_ofu_params, options)
        # Sizes are checked before allocating, with the bytes needed (the same check as the C++
        # counters and the private_ofu_params calculator): no MemoryError after gigabytes.
        options = dprl.PrivateOfuOptions()
        options.state_dim, options.control_dim = 20000, 20000
        with self.assertRaisesRegex(ValueError, r"rows = 40000, cols = 40000.*: needs at least "
                                                r"[0-9.e+]+ bytes"):
            dprl.compute_private_ofu_params(options)
        self.assertValueError("at most 2^31 - 1 released entries", dprl.MatrixTreeCounter,
                              dprl.MatrixTreeCounterOptions(rows=100000, cols=100000),
                              dprl.RandomStream(1))

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
        agent = ubev()
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


class ChecksBeforeCrashesTest(ValueErrorTestCase):
    """Each case aborted the interpreter (a C++ CHECK) before it raised ValueError."""

    def test_pucb_past_num_episodes(self):
        env, stream = dprl.riverswim(), dprl.RandomStream(4)
        agent = dprl.tabular_agent("pucb", SHAPE, noise_stream=stream, num_episodes=3,
                                   error_bound_method="exact_tail")
        self.assertValueError("run_episodes: the agent was created for num_episodes = 3 and has "
                              "run 0; it cannot run 4 more", agent.run_episodes, env, 4, stream,
                              stream)
        self.assertEqual(agent.episodes, 0)
        self.assertEqual(len(agent.run_episodes(env, 3, stream, stream)), 3)
        self.assertValueError("begin_episode: the agent was created for num_episodes = 3 and has "
                              "run 3; it cannot run 1 more", agent.begin_episode)
        self.assertValueError("it cannot run 1 more", agent.run_episodes, env, 1, stream, stream)
        self.assertEqual(len(agent.run_episodes(env, 0, stream, stream)), 0)

    def test_two_observations_of_one_step(self):
        stream = dprl.RandomStream(4)
        agents = {"ubev": ubev(), "pucb": dprl.tabular_agent("pucb", SHAPE, noise_stream=stream)}
        for name, agent in agents.items():
            with self.subTest(name):
                agent.begin_episode()
                agent.observe(0, 0, 1, 1.0, 1)
                self.assertValueError("observe: step h = 0 was already observed in this episode",
                                      agent.observe, 0, 0, 1, 1.0, 1)
                agent.observe(1, 1, 1, 1.0, 1)  # the next step is still accepted
                agent.end_episode()
                agent.begin_episode()  # a new episode observes every step again
                agent.observe(0, 0, 1, 1.0, 1)
                agent.end_episode()

    def test_lq_non_finite_states(self):
        system = dprl.named_lq_system("chain_n2", 3)
        privacy = dprl.PrivateOfuOptions()
        privacy.episodes, privacy.horizon, privacy.state_dim, privacy.control_dim = 4, 3, 2, 1
        privacy.control_bound, privacy.noise_bound = system.control_bound, system.noise_bound
        for name in ["private_ofu_rl", "ofu_rl"]:
            with self.subTest(name):
                agent = dprl.lq_agent(system, name, privacy, noise_stream=dprl.RandomStream(5),
                                      policy_stream=dprl.RandomStream(6))
                self.assertValueError("initial_state must be finite", agent.begin_episode,
                                      np.array([np.inf, 0.0]))
                agent.begin_episode(system.initial_state)
                self.assertValueError("state must be finite", agent.control, 0,
                                      np.array([np.nan, 0.0]))
                states = [system.initial_state] * 4
                states[2] = np.array([np.nan, 0.0])
                controls = [np.zeros(1)] * 3
                self.assertValueError("states[2] must be finite with a finite squared norm, got "
                                      "squared norm nan", agent.end_episode, states, controls)
                controls[1] = np.array([1e200])
                states[2] = system.initial_state
                self.assertValueError("controls[1] must be finite with a finite squared norm",
                                      agent.end_episode, states, controls)
                controls[1] = np.zeros(1)
                agent.end_episode(states, controls)  # the refused calls left the episode open

    def test_lq_statistics_too_large_for_the_ofu_step(self):
        # States of norm 1e150 are finite with a finite square, but V = sum z z' + I loses its
        # positive definiteness to rounding and the OFU step CHECK-failed at the next episode.
        system = dprl.named_lq_system("chain_n2", 3)
        privacy = dprl.PrivateOfuOptions()
        privacy.episodes, privacy.horizon, privacy.state_dim, privacy.control_dim = 4, 3, 2, 1
        privacy.control_bound, privacy.noise_bound = system.control_bound, system.noise_bound
        agent = dprl.lq_agent(system, "ofu_rl", privacy, noise_stream=dprl.RandomStream(5),
                              policy_stream=dprl.RandomStream(6))
        agent.begin_episode(system.initial_state)
        big = [np.array([1e150, 1e150])] * 4
        self.assertValueError("above 2^40 * regularizer = 1.09951e+12: V = sum z z' + "
                              "regularizer I would not be numerically positive definite",
                              agent.end_episode, big, [np.array([1e150])] * 3)
        agent.end_episode([system.initial_state] * 4, [np.zeros(1)] * 3)
        agent.begin_episode(system.initial_state)  # the refused episode left nothing behind

    def test_discrete_laplace_scale_beyond_int64_samples(self):
        stream = dprl.RandomStream(1)
        self.assertValueError("scale = 4611686018427387904/1 must be <= 2^52",
                              dprl.sample_discrete_laplace, dprl.Rational(2**62, 1), stream)
        self.assertValueError("must be <= 2^52", dprl.sample_discrete_laplace,
                              dprl.Rational(2**53 + 1, 2), stream, 3)
        dprl.sample_discrete_laplace(dprl.Rational(2**52, 1), stream)  # the largest scale
        self.assertValueError("discrete Laplace scale 1/4611686018427387904 is below 2^-40",
                              dprl.DiscreteLaplaceSampler, dprl.Rational(1, 2**62))
        # A counter bank whose node noise would be that large is refused when it is built.
        self.assertValueError("node noise scale levels * input_bound / privacy_epsilon = ",
                              dprl.BinaryCounterBank, 2,
                              dprl.BinaryCounterOptions(privacy_epsilon=1e-18, horizon_steps=4),
                              stream)

    def test_pucb_error_bound_refusals_are_errors(self):
        self.assertValueError("E_eps = 0 at T = 1", dprl.tabular_agent, "pucb", SHAPE,
                              noise_stream=dprl.RandomStream(1), num_episodes=1,
                              error_bound_method="paper")

    def test_overflowing_parameters(self):
        # Each reached a CHECK on an infinite or zero intermediate value.
        self.assertValueError("no finite rho reaches privacy_epsilon = 1e+308",
                              dprl.dp_to_zcdp_rho, dprl.DpConversion.IMPROVED, 1e308, 1e-5)
        self.assertValueError("the counter epsilon eps / (3H) (H = 20) is not 0",
                              dprl.pucb_pac_upper_bound,
                              dprl.VietriBoundsParameters(privacy_epsilon=5e-324))
        self.assertValueError("num_paths = 2147483647: needs at least", dprl.OuFunctionalNoise,
                              dprl.OuFunctionalNoiseOptions(num_paths=2**31 - 1))

    def test_vietri_error_bound_at_one_episode(self):
        self.assertValueError("num_episodes = 1, must be >= 2 for Alg. 3's E_eps",
                              dprl.vietri_error_bound, dprl.VietriBoundsParameters(num_episodes=1))

    def test_calculators_refuse_to_overflow(self):
        """Finite inputs whose result overflows a double raise ValueError (they returned inf)."""
        params = dprl.VietriBoundsParameters(6, 2, 20, 10000, 1.0, 5e-324, 0.1)
        for bound in (dprl.vietri_error_bound, dprl.pucb_pac_upper_bound,
                      dprl.jdp_regret_lower_bound):
            self.assertValueError("overflows a double (inf) at S=6", bound, params)
        self.assertValueError("pac_upper_thm3 overflows a double", dprl.pucb_pac_upper_bound,
                              dprl.VietriBoundsParameters(6, 2, 20, 10000, 1.0, 0.05, 1e-300))
        self.assertValueError("single_counter_error_bound overflows a double",
                              dprl.single_counter_error_bound, 5e-324, 1000, 0.05)
        self.assertValueError("best_arm_pulls_lower_bound overflows a double",
                              dprl.best_arm_pulls_lower_bound, 1.0, 5e-324, 0.05)
        self.assertValueError("overflows a double", dprl.gaussian_rdp,
                              dprl.GaussianMechanismOptions(l2_sensitivity=1e300, noise_stddev=1.0),
                              2.0)
        options = dprl.FunctionalNoiseCalibrationOptions(
            privacy_epsilon=0.9, target_delta=1e-4, num_samples=5000, batch_size=64,
            learning_rate=3e-4)
        self.assertValueError("overflows a double", dprl.functional_noise_achieved_epsilon,
                              options, 5e-324)
        ofu = dprl.PrivateOfuOptions()
        ofu.target_delta = 5e-324
        params = dprl.compute_private_ofu_params(ofu)
        self.assertTrue(math.isfinite(params.paper_sigma1) and math.isfinite(params.paper_sigma2))

    def test_agent_shape_is_a_copy(self):
        agent = ubev()
        shape = agent.shape
        shape.num_states = 10**6
        self.assertEqual(agent.shape.num_states, 6)
        agent.begin_episode()
        self.assertValueError("s must be in [0, 6), got 100", agent.act, 0, 100,
                              dprl.RandomStream(1))


class MemoryLimitTest(unittest.TestCase):
    """Sizes whose tables exceed this machine's memory are refused before anything is allocated
    (common/resource_limits.h), with the estimate and the parameters that set it."""

    def test_tabular_agent_too_large(self):
        shape = dprl.TabularShape(100000, 100, 100)
        for name in dprl.tabular_agent_names():
            with self.subTest(name), self.assertRaisesRegex(ValueError, r"num_states = 100000, num_actions = 100, "
                                        r"horizon = 100 \(H S A S = 1e\+14 transition counts\): "
                                        r"needs at least 8e\+14 bytes \(800 TB\) of memory"):
                dprl.tabular_agent(name, shape, noise_stream=dprl.RandomStream(1))

    def test_counter_bank_too_large(self):
        largest = 2**31 - 1  # 20 bytes each: 43 GB
        if os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") >= 20 * largest:
            self.skipTest("this machine has the memory for the largest bank")
        with self.assertRaisesRegex(ValueError, "num_counters = 2147483647: needs at least "
                                                "4.3e\\+10 bytes"):
            dprl.BinaryCounterBank(largest, dprl.BinaryCounterOptions(), dprl.RandomStream(1))

    def test_regret_array_too_large(self):
        agent = ubev()
        stream = dprl.RandomStream(1)
        with self.assertRaisesRegex(ValueError, "run_episodes: num_episodes = 1000000000000000 "
                                                "\\(8 bytes of regret each\\): needs at least"):
            agent.run_episodes(dprl.riverswim(), 10**15, stream, stream)
        self.assertEqual(agent.episodes, 0)

    def test_arrays_and_tables_too_large(self):
        """These allocated until MemoryError (or the OOM killer) with no estimate."""
        stream = dprl.RandomStream(1)
        with self.assertRaisesRegex(ValueError, "next_u64_array: size = 100000000000 "
                                                "\(8 bytes per word\): needs at least"):
            stream.next_u64_array(10**11)
        with self.assertRaisesRegex(ValueError, "size = 10000000000 \(8 bytes per draw\)"):
            dprl.sample_discrete_laplace(dprl.Rational(1, 1), stream, size=10**10)
        with self.assertRaisesRegex(ValueError, "optimal_cost: horizon = 1000000000 \(n = 2"):
            dprl.named_lq_system("chain_n2", 10**9).optimal_cost()


class InterruptTest(unittest.TestCase):
    """Ctrl-C (SIGINT) during run_episodes stops the C++ loop within a few thousand episodes and
    raises KeyboardInterrupt carrying the regret of the episodes run, which the agent counts."""

    def test_sigint_stops_the_loop_with_the_partial_regret(self):
        env = dprl.riverswim()
        agent = ubev()
        requested = 10**7  # about a minute uninterrupted

        def interrupt_once_running():
            # num_below_cap names the running call while run_episodes holds the agent: the
            # signal is sent only once the C++ loop has started, whatever the timing.
            while True:
                try:
                    agent.num_below_cap()
                except ValueError as error:
                    if "run_episodes is running" in str(error):
                        break
                time.sleep(0.001)
            os.kill(os.getpid(), signal.SIGINT)

        sender = threading.Thread(target=interrupt_once_running)
        sender.start()
        with self.assertRaises(KeyboardInterrupt) as caught:
            agent.run_episodes(env, requested, dprl.RandomStream(1, purpose=1),
                               dprl.RandomStream(1, purpose=2))
        sender.join()
        partial = caught.exception.partial_regret
        self.assertGreater(len(partial), 0)
        self.assertLess(len(partial), requested)
        self.assertEqual(agent.episodes, len(partial))
        self.assertFalse(agent.in_episode)
        # The episodes run are the first episodes of the uninterrupted run, bit for bit.
        fresh = ubev().run_episodes(env, len(partial),
                                                    dprl.RandomStream(1, purpose=1),
                                                    dprl.RandomStream(1, purpose=2))
        self.assertEqual(partial.tobytes(), fresh.tobytes())
        # The agent goes on from there.
        self.assertEqual(len(agent.run_episodes(env, 5, dprl.RandomStream(2),
                                                dprl.RandomStream(3))), 5)
        self.assertEqual(agent.episodes, len(partial) + 5)


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
        options = {"pucb": dict(privacy_epsilon=1e4, num_episodes=100,
                                error_bound_method="exact_tail")}
        for name in dprl.tabular_agent_names():

            def make():
                # Every agent accepts the MDP itself (the known-reward ones require it).
                return dprl.tabular_agent(name, env, noise_stream=dprl.RandomStream(9, purpose=3),
                                          **options.get(name, {}))

            with self.subTest(name):
                environment, policy = dprl.RandomStream(9, purpose=1), dprl.RandomStream(9, purpose=2)
                batch = make().run_episodes(env, 100, environment, policy)
                looped = tabular_step_loop(make(), env, 100, environment.copy(), policy.copy())
                self.assertEqual(batch.tobytes(), looped.tobytes())
                self.assertGreater(batch[0], 0.0)


class KnownRewardAgentTest(unittest.TestCase):
    """DP-Nash-VI assumes the rewards known (Qiao & Wang 2024, Sec. 2.1): it is built for an MDP."""

    def test_needs_the_environment(self):
        env = dprl.riverswim()
        for name in ("dp_nash_vi_jdp", "dp_nash_vi_ldp", "nash_vi"):
            with self.subTest(name):
                with self.assertRaisesRegex(ValueError, f"agent {name} assumes the rewards known"):
                    dprl.tabular_agent(name, dprl.TabularShape(6, 2, 20),
                                       noise_stream=dprl.RandomStream(1))
                agent = dprl.tabular_agent(name, env, noise_stream=dprl.RandomStream(1),
                                           num_episodes=10)
                self.assertEqual(agent.run_episodes(env, 10, dprl.RandomStream(2),
                                                    dprl.RandomStream(3)).shape, (10,))
        with self.assertRaisesRegex(TypeError, "shape must be a dprl.TabularShape or a "
                                               "dprl.TabularMdp, got int"):
            dprl.tabular_agent("ubev", 6, noise_stream=dprl.RandomStream(1))


class MarkovGameTest(unittest.TestCase):
    """Zero-sum Markov games and DP-Nash-VI's self-play agent (envs/markov_game.h)."""

    def test_matching_pennies_and_self_play(self):
        game = dprl.matching_pennies(4)
        self.assertEqual((game.num_states, game.num_max_actions, game.num_min_actions), (1, 2, 2))
        nash = dprl.solve_markov_game_nash(game)
        self.assertAlmostEqual(nash["initial_value"], 2.0)
        uniform = [0.5] * 8
        self.assertEqual(dprl.evaluate_best_responses(game, uniform, uniform), (2.0, 2.0))
        agent = dprl.DpNashViGameAgent(game, privatizer="local", privacy_epsilon=2.0,
                                       num_episodes=20, noise_stream=dprl.RandomStream(1))
        regret = agent.run_episodes(game, 20, dprl.RandomStream(2), dprl.RandomStream(3))
        self.assertEqual(regret.shape, (20,))
        self.assertTrue(np.all(regret >= -1e-9))
        self.assertEqual(agent.episodes, 20)
        with self.assertRaisesRegex(ValueError, "created for num_episodes = 20"):
            agent.run_episodes(game, 1, dprl.RandomStream(2), dprl.RandomStream(3))

    def test_bad_input_raises(self):
        game = dprl.matching_pennies(2)
        with self.assertRaisesRegex(ValueError, "privatizer must be central, local or none"):
            dprl.DpNashViGameAgent(game, privatizer="jdp", noise_stream=dprl.RandomStream(1))
        with self.assertRaisesRegex(ValueError, "privacy_epsilon"):
            dprl.DpNashViGameAgent(game, privacy_epsilon=0.0, noise_stream=dprl.RandomStream(1))
        with self.assertRaisesRegex(ValueError, "horizon must be >= 1"):
            dprl.matching_pennies(0)
        with self.assertRaisesRegex(ValueError, "matching pennies with horizon"):
            dprl.matching_pennies(2**31 - 1)
        with self.assertRaisesRegex(ValueError, "num_min_actions must be >= 1"):
            dprl.random_markov_game(2, 2, 0, 2, stream=dprl.RandomStream(1))
        with self.assertRaisesRegex(ValueError, "max_policy needs H S A = 4"):
            dprl.evaluate_best_responses(game, [1.0], [0.5] * 4)


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
        # NaN or huge inputs raise; they returned NaN.
        with self.assertRaisesRegex(ValueError, "x must be finite with a finite squared norm"):
            system.step(np.array([np.nan, 0.0]), np.zeros(1), dprl.RandomStream(1))
        with self.assertRaisesRegex(ValueError, "u must be finite with a finite squared norm"):
            system.step(np.zeros(2), np.array([1e300]), dprl.RandomStream(1))
        with self.assertRaisesRegex(ValueError, "x must be finite"):
            system.cost(np.array([1e300, 0.0]), np.zeros(1))
        with self.assertRaisesRegex(ValueError, "each gain must be finite"):
            system.policy_cost([np.full((1, 2), np.nan)] * 3)
        with self.assertRaisesRegex(ValueError, "policy_cost is not finite"):
            system.policy_cost([np.full((1, 2), 1e150)] * 3)
        with self.assertRaisesRegex(ValueError, "action must be 0 or 1, got 2"):
            dprl.ContinuousWalk().step(0.5, 2, dprl.RandomStream(1))


class GilTest(unittest.TestCase):

    def test_run_episodes_releases_the_gil(self):
        env = dprl.riverswim()
        agent = ubev()
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
