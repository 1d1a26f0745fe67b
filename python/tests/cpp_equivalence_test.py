"""`import dprl` gives the same bits as the C++ library.

python/testing/cpp_reference.cc computes, in C++ without Python, values for fixed stream keys and
inputs; this test repeats each computation through the bindings and requires exact equality
(doubles compared through their hex form). Usage: cpp_equivalence_test.py CPP_REFERENCE_BINARY.
"""
import json
import subprocess
import sys
import unittest

import numpy as np

import dprl

REFERENCE = {}


def hex_list(values):
    return [float(v).hex() for v in values]


def as_hex(strings):
    return [float.fromhex(s).hex() for s in strings]


def regret(agent, env, episodes):
    return hex_list(agent.run_episodes(env, episodes, dprl.RandomStream(23, purpose=1),
                                       dprl.RandomStream(23, purpose=2)))


class CppEquivalenceTest(unittest.TestCase):

    def test_stream_words(self):
        s = dprl.RandomStream(7, config=1, replicate=2, purpose=3)
        words = [s.next_u64() for _ in range(4)]
        words.append(s.child(5).next_u64())
        words.append(s.child_pair(2, 9).next_u64())
        words.append(s.uniform_int(10))
        self.assertEqual([str(w) for w in words], REFERENCE["stream_words"])
        self.assertEqual(s.next_open_uniform().hex(),
                         float.fromhex(REFERENCE["stream_open_uniform"]).hex())

    def test_stream_key_constructor_is_the_same_stream(self):
        a = dprl.RandomStream(dprl.StreamKey(master_seed=7, config=1, replicate=2, purpose=3))
        b = dprl.RandomStream(7, 1, 2, 3)
        self.assertEqual(list(a.next_u64_array(5)), [b.next_u64() for _ in range(5)])

    def test_exact_samplers(self):
        s = dprl.RandomStream(11, purpose=100)
        laplace = [dprl.sample_discrete_laplace(dprl.Rational(7, 2), s) for _ in range(20)]
        gaussian = list(dprl.sample_discrete_gaussian(dprl.Rational(9, 4), s, size=20))
        fast = list(dprl.DiscreteLaplaceSampler(dprl.Rational(10)).sample(s, size=20))
        bernoulli = [int(dprl.sample_bernoulli_exp(dprl.Rational(3, 2), s)) for _ in range(20)]
        self.assertEqual(laplace, REFERENCE["discrete_laplace_7_2"])
        self.assertEqual(gaussian, REFERENCE["discrete_gaussian_9_4"])
        self.assertEqual(fast, REFERENCE["fast_discrete_laplace_10"])
        self.assertEqual(bernoulli, REFERENCE["bernoulli_exp_3_2"])

    def test_binary_counter_releases(self):
        bank = dprl.BinaryCounterBank(4, dprl.BinaryCounterOptions(0.5, 16, 1.0),
                                      dprl.RandomStream(13, purpose=3))
        releases = []
        for t in range(1, 17):
            for c in range(4):
                bank.add(c, (t * 3 + c) % 2)
            bank.end_step()
            if t == 5:
                bank.track(1)
            releases.extend(bank.release(c) for c in range(4))
        self.assertTrue(all(isinstance(r, int) for r in releases))
        self.assertEqual(releases, REFERENCE["binary_counter_releases"])

    def test_matrix_tree_counter_releases(self):
        options = dprl.MatrixTreeCounterOptions(rows=2, cols=2, symmetric=True, horizon_steps=8,
                                                l2_sensitivity=1.0, input_frobenius_bound=1.0,
                                                zcdp_rho=0.5)
        counter = dprl.MatrixTreeCounter(options, dprl.RandomStream(17, purpose=3))
        releases = []
        for t in range(1, 9):
            counter.add_step(np.array([[0.1 * t, 0.05], [0.05, 0.2]]))
            releases.extend(counter.release().ravel())
        self.assertEqual(hex_list(releases), as_hex(REFERENCE["matrix_counter_releases"]))

    def test_ou_functional_noise(self):
        noise = dprl.OuFunctionalNoise(dprl.OuFunctionalNoiseOptions(2, 1.5, 0.7))
        s = dprl.RandomStream(19, purpose=3)
        values = []
        for x in (0.3, -1.2, 0.3, 2.5, 0.9):
            values.extend(noise.evaluate(x, s))
        self.assertEqual(hex_list(values), as_hex(REFERENCE["ou_values"]))
        self.assertEqual(noise.num_points, 4)  # 0.3 was asked twice

    def test_tabular_agents_regret(self):
        river = dprl.riverswim()
        shape = dprl.TabularShape(6, 2, 20)
        noise = dprl.RandomStream(23, purpose=3)
        # The agents by their registered names, with the registered parameters as keywords; the
        # reference builds each from its C++ Options directly.
        cases = {
            "pucb_exact_tail_riverswim": (dprl.tabular_agent(
                "pucb", shape, noise_stream=noise, privacy_epsilon=1000, num_episodes=300,
                error_bound_method="exact_tail"), river, 300),
            "pucb_paper_riverswim": (dprl.tabular_agent(
                "pucb", shape, noise_stream=noise, privacy_epsilon=1e6, num_episodes=300,
                neighbour_relation="replacement", error_bound_method="paper"), river, 300),
            "ubev_riverswim": (dprl.tabular_agent("ubev", shape, noise_stream=noise), river, 200),
            "noiseless_pucb_riverswim": (dprl.tabular_agent("pucb_noiseless", shape,
                                                            noise_stream=noise), river, 200),
            "rlsvi_riverswim": (dprl.tabular_agent("rlsvi", shape, noise_stream=noise), river,
                                200),
        }
        # The registered random_mdp at (S, A, H) = (6, 2, 20) is the library's Dirichlet MDP.
        random_mdp = dprl.tabular_environment(
            "random_mdp", generation_stream=dprl.RandomStream(23, purpose=4), num_states=6,
            num_actions=2, horizon=20)
        cases["ubev_random_mdp"] = (dprl.tabular_agent("ubev", shape, noise_stream=noise),
                                    random_mdp, 200)
        cases["psrl_random_mdp"] = (dprl.tabular_agent("psrl", shape, noise_stream=noise),
                                    random_mdp, 200)
        cases["psrl_per_step_random_mdp"] = (dprl.tabular_agent(
            "psrl_per_step", shape, noise_stream=noise, dirichlet_prior=0.5), random_mdp, 200)
        cases["ubev_as_run_random_mdp"] = (dprl.tabular_agent(
            "ubev_as_run", shape, noise_stream=noise, failure_probability=0.1), random_mdp, 200)
        # DP-Nash-VI assumes the rewards known: it is built for the MDP itself, not a shape.
        for name in ("dp_nash_vi_jdp", "dp_nash_vi_ldp", "nash_vi"):
            private = {} if name == "nash_vi" else {"privacy_epsilon": 1e4}
            cases[name + "_random_mdp"] = (dprl.tabular_agent(
                name, random_mdp, noise_stream=noise, num_episodes=200, gap_constant=0.03,
                bonus_constant=0.1, **private), random_mdp, 200)
        hard = dprl.lower_bound_mdp()
        cases["ubev_lower_bound"] = (dprl.tabular_agent("ubev", hard.shape, noise_stream=noise),
                                     hard, 200)
        for name, (agent, env, episodes) in cases.items():
            with self.subTest(name):
                self.assertEqual(regret(agent, env, episodes),
                                 as_hex(REFERENCE["regret_" + name]))

    def test_game_self_play_regret(self):
        game = dprl.random_markov_game(3, 2, 2, 3, stream=dprl.RandomStream(23, purpose=4))
        for privatizer in ("central", "local", "none"):
            with self.subTest(privatizer):
                agent = dprl.DpNashViGameAgent(
                    game, privatizer=privatizer, privacy_epsilon=1e4, num_episodes=100,
                    gap_constant=0.03, bonus_constant=0.1,
                    noise_stream=dprl.RandomStream(23, purpose=3))
                regret = agent.run_episodes(game, 100, dprl.RandomStream(23, purpose=1),
                                            dprl.RandomStream(23, purpose=2))
                self.assertEqual(hex_list(regret), as_hex(REFERENCE["game_regret_" + privatizer]))

    def test_lq_agents_regret(self):
        system = dprl.named_lq_system("chain_n2", 5)
        privacy = dprl.PrivateOfuOptions()
        privacy.episodes, privacy.horizon, privacy.state_dim, privacy.control_dim = 12, 5, 2, 1
        privacy.control_bound, privacy.noise_bound = system.control_bound, system.noise_bound
        privacy.privacy_epsilon = 10.0
        for kind in ("ofu_rl", "private_ofu_rl"):
            with self.subTest(kind):
                agent = dprl.lq_agent(system, kind, privacy,
                                      noise_stream=dprl.RandomStream(29, purpose=3),
                                      policy_stream=dprl.RandomStream(29, purpose=2))
                regret = agent.run_lq_episodes(system, dprl.RandomStream(29, purpose=1))
                self.assertEqual(hex_list(regret), as_hex(REFERENCE["lq_regret_" + kind]))

    def test_continuous_walk(self):
        walk = dprl.ContinuousWalk()
        s = dprl.RandomStream(31, purpose=1)
        values = []
        state = walk.sample_initial_state(s)
        for i in range(10):
            state, reward = walk.step(state, 0 if i % 3 == 0 else 1, s)
            values.extend([state, reward])
        self.assertEqual(hex_list(values), as_hex(REFERENCE["walk_values"]))

    def test_calculators(self):
        report = dprl.compute_rlsvi_privacy(dprl.RlsviPrivacyOptions(6, 2, 20, 10000), 1e-5)
        got = {
            "rlsvi_corollary14_epsilon": report.corollary14_privacy_epsilon,
            "rlsvi_improved_epsilon": report.improved_conversion.privacy_epsilon,
            "zcdp_to_dp_improved": dprl.zcdp_to_dp_epsilon(dprl.DpConversion.IMPROVED, 0.3, 1e-6),
            "functional_noise_sigma": dprl.calibrate_functional_noise(
                dprl.FunctionalNoiseCalibrationOptions()).noise_stddev,
            "private_ofu_sigma1": dprl.compute_private_ofu_params(
                dprl.PrivateOfuOptions()).sigma1,
            "vietri_error_bound": dprl.vietri_error_bound(dprl.VietriBoundsParameters()),
            "pucb_exact_tail_e": dprl.tabular_agent(
                "pucb", dprl.TabularShape(6, 2, 20), noise_stream=dprl.RandomStream(1),
                privacy_epsilon=1000, error_bound_method="exact_tail").error_bound,
            # Every parameter not given takes its registered default (PucbOptions()).
            "pucb_paper_e": dprl.tabular_agent("pucb", dprl.TabularShape(6, 2, 20),
                                               noise_stream=dprl.RandomStream(1)).error_bound,
        }
        for name, value in got.items():
            with self.subTest(name):
                self.assertEqual(value.hex(), float.fromhex(REFERENCE[name]).hex())


if __name__ == "__main__":
    REFERENCE.update(json.loads(subprocess.run([sys.argv[1]], check=True, capture_output=True,
                                               text=True).stdout))
    unittest.main(argv=sys.argv[:1])
