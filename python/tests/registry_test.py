"""The registered tabular agents and environments from Python: every registered entry by name, its
keyword arguments converted through its registered parameters (defaults, types, documentation),
and every bad call a TypeError or ValueError naming the parameter."""
import unittest

import numpy as np

import dprl
from dprl import attributes

SHAPE = dprl.TabularShape(6, 2, 20)


def noise():
    return dprl.RandomStream(5, purpose=3)


class EveryRegisteredTypeTest(unittest.TestCase):

    def test_every_agent_runs_on_every_environment(self):
        agents, environments = dprl.tabular_agent_names(), dprl.tabular_environment_names()
        # The agents the hand-written bindings lacked are there with the others.
        self.assertTrue({"psrl", "ubev_as_run", "pucb", "rlsvi", "ubev"} <= set(agents), agents)
        self.assertTrue({"riverswim", "random_mdp"} <= set(environments), environments)
        for env_name in environments:
            env = dprl.tabular_environment(env_name,
                                           generation_stream=dprl.RandomStream(5, purpose=4))
            for agent_name in agents:
                with self.subTest(env=env_name, agent=agent_name):
                    # The MDP itself: the known-reward agents (DP-Nash-VI) require it.
                    agent = dprl.tabular_agent(agent_name, env, noise_stream=noise())
                    self.assertEqual(agent.kind, agent_name)
                    regret = agent.run_episodes(env, 5, dprl.RandomStream(5, purpose=1),
                                                dprl.RandomStream(5, purpose=2))
                    self.assertEqual(agent.episodes, 5)
                    self.assertEqual(regret.shape, (5,))
                    self.assertTrue(np.all(np.isfinite(regret)))
                    self.assertTrue(np.all(regret >= -1e-9), regret)  # rho* >= rho^pi

    def test_parameters_are_the_registered_specs(self):
        specs = dprl.tabular_agent_parameters("pucb")
        self.assertEqual([(s.name, s.type, s.default) for s in specs],
                         [(attributes.PRIVACY_EPSILON, "float", 1.0),
                          (attributes.FAILURE_PROBABILITY, "float", 0.05),
                          (attributes.NUM_EPISODES, "int", 10000),
                          (attributes.NEIGHBOUR_RELATION, "string", "add_remove"),
                          (attributes.ERROR_BOUND_METHOD, "string", "paper")])
        self.assertIn("add_remove | replacement", specs[3].doc)
        # A parameter's doc is its attribute field's (schema/attribute_fields.h), which
        # dprl.attributes gives too; PUCB qualifies its failure_probability.
        self.assertEqual(specs[0].doc, attributes.DOCS[attributes.PRIVACY_EPSILON])
        self.assertTrue(specs[1].doc.startswith(
            attributes.DOCS[attributes.FAILURE_PROBABILITY] + "; "), specs[1].doc)
        self.assertEqual([(s.name, s.type, s.default)
                          for s in dprl.tabular_agent_parameters("rlsvi")],
                         [("beta_scale", "float", 1.0)])
        self.assertEqual([s.name for s in dprl.tabular_environment_parameters("riverswim")],
                         [attributes.NUM_STATES, attributes.HORIZON, "reward_model"])
        # The docstrings list every registered entry and its parameters.
        for name in dprl.tabular_agent_names():
            self.assertIn(f"\n  {name}", dprl.tabular_agent.__doc__)
        self.assertIn("dirichlet_prior (float, default 1.0): alpha0 of the Dirichlet",
                      dprl.tabular_agent.__doc__)
        self.assertIn("reward_model (string, default 'deterministic')",
                      dprl.tabular_environment.__doc__)

    def test_rlsvi_beta_scale_scales_the_noise(self):
        env = dprl.tabular_environment("riverswim", generation_stream=dprl.RandomStream(1))

        def regret(**keywords):
            agent = dprl.tabular_agent("rlsvi", env.shape, noise_stream=noise(), **keywords)
            return agent.run_episodes(env, 30, dprl.RandomStream(5, purpose=1),
                                      dprl.RandomStream(5, purpose=2))

        np.testing.assert_array_equal(regret(), regret(beta_scale=1.0))  # Alg. 1 is the default
        self.assertFalse(np.array_equal(regret(), regret(beta_scale=1e-6)))

    def test_defaults_are_the_registered_defaults(self):
        env = dprl.tabular_environment("riverswim", generation_stream=dprl.RandomStream(1))
        self.assertEqual((env.num_states, env.num_actions, env.horizon), (4, 2, 5))
        self.assertEqual(env.reward_model, "deterministic")
        given = dprl.tabular_agent("pucb", SHAPE, noise_stream=noise(), privacy_epsilon=1.0,
                                   failure_probability=0.05, num_episodes=10000,
                                   neighbour_relation="add_remove", error_bound_method="paper")
        default = dprl.tabular_agent("pucb", SHAPE, noise_stream=noise())
        self.assertEqual(default.error_bound, given.error_bound)
        # Keywords change what they name: a larger epsilon gives a smaller E.
        larger = dprl.tabular_agent("pucb", SHAPE, noise_stream=noise(), privacy_epsilon=10)
        self.assertLess(larger.error_bound, default.error_bound)

    def test_numpy_scalars_are_accepted(self):
        agent = dprl.tabular_agent("pucb", SHAPE, noise_stream=noise(),
                                   privacy_epsilon=np.float32(2.0), num_episodes=np.int64(50),
                                   error_bound_method="exact_tail")
        self.assertEqual(len(agent.run_episodes(dprl.riverswim(), 50, noise(), noise())), 50)
        self.assertRaisesRegex(ValueError, "created for num_episodes = 50", agent.begin_episode)

    def test_the_environment_is_the_library_constructor(self):
        registered = dprl.tabular_environment("random_mdp",
                                              generation_stream=dprl.RandomStream(9, purpose=4),
                                              num_states=5, num_actions=3, horizon=7)
        library = dprl.random_dirichlet_mdp(5, 3, 7, stream=dprl.RandomStream(9, purpose=4))
        self.assertEqual(registered.transitions.tobytes(), library.transitions.tobytes())
        self.assertEqual(registered.mean_rewards.tobytes(), library.mean_rewards.tobytes())


class BadCallsTest(unittest.TestCase):
    """One exception per bad call, its message naming the parameter (never an abort)."""

    def assertRaisesNaming(self, error, text, function, *args, **kwargs):
        with self.assertRaises(error) as caught:
            function(*args, **kwargs)
        self.assertIn(text, str(caught.exception))

    def test_unknown_keyword(self):
        self.assertRaisesNaming(
            TypeError, "tabular_agent('pucb'): unknown parameter 'epsilon' (its parameters: "
            "privacy_epsilon, failure_probability, num_episodes, neighbour_relation, "
            "error_bound_method)", dprl.tabular_agent, "pucb", SHAPE, noise_stream=noise(),
            epsilon=1.0)
        self.assertRaisesNaming(
            TypeError, "tabular_agent('rlsvi'): unknown parameter 'beta' (its parameters: "
            "beta_scale)", dprl.tabular_agent, "rlsvi", SHAPE, noise_stream=noise(), beta=2.0)
        self.assertRaisesNaming(
            TypeError, "tabular_environment('riverswim'): unknown parameter 'num_actions'",
            dprl.tabular_environment, "riverswim", generation_stream=noise(), num_actions=3)

    def test_bad_type(self):
        for keyword, value, text in [
                (attributes.NUM_EPISODES, 1.5,
                 "parameter 'num_episodes' must be an int, got float"),
                (attributes.PRIVACY_EPSILON, "1",
                 "parameter 'privacy_epsilon' must be a float, got str"),
                (attributes.PRIVACY_EPSILON, True,
                 "parameter 'privacy_epsilon' must be a float, got bool"),
                (attributes.NEIGHBOUR_RELATION, 1,
                 "parameter 'neighbour_relation' must be a string, got int")]:
            with self.subTest(keyword):
                self.assertRaisesNaming(TypeError, "tabular_agent('pucb'): " + text,
                                        dprl.tabular_agent, "pucb", SHAPE, noise_stream=noise(),
                                        **{keyword: value})
        self.assertRaisesNaming(TypeError, "tabular_agent: noise_stream must be a "
                                "dprl.RandomStream, got int", dprl.tabular_agent, "ubev", SHAPE,
                                noise_stream=1)
        self.assertRaisesNaming(TypeError, "noise_stream", dprl.tabular_agent, "ubev", SHAPE)
        self.assertRaisesNaming(TypeError, "tabular_agent: shape must be a dprl.TabularShape",
                                dprl.tabular_agent, "ubev", (6, 2, 20), noise_stream=noise())
        self.assertRaisesNaming(TypeError, "generation_stream", dprl.tabular_environment,
                                "random_mdp")

    def test_bad_value(self):
        for keywords, text in [
                (dict(privacy_epsilon=-1.0), attributes.PRIVACY_EPSILON),
                (dict(privacy_epsilon=float("nan")), attributes.PRIVACY_EPSILON),
                (dict(failure_probability=1.5), attributes.FAILURE_PROBABILITY),
                (dict(num_episodes=0), attributes.NUM_EPISODES),
                (dict(num_episodes=2**70), "parameter 'num_episodes' = 1180591620717411303424 is "
                                           "beyond int64"),
                (dict(privacy_epsilon=10**400), "parameter 'privacy_epsilon' = 1" + "0" * 400 +
                 " is beyond float64"),
                (dict(neighbour_relation="neighbours"), "parameter 'neighbour_relation' of agent "
                 "pucb: 'neighbours' is not one of add_remove | replacement")]:
            with self.subTest(str(keywords)[:40]):
                with self.assertRaises(ValueError) as caught:
                    dprl.tabular_agent("pucb", SHAPE, noise_stream=noise(), **keywords)
                message = str(caught.exception)
                self.assertTrue(message.startswith("tabular_agent('pucb'): "), message)
                self.assertIn(text, message)
                self.assertEqual(message.count("tabular_agent"), 1, message)
        for value, text in [(0.0, "got 0"), (-1.0, "got -1"), (float("nan"), "got nan")]:
            self.assertRaisesNaming(
                ValueError, f"tabular_agent('rlsvi'): beta_scale must be finite and > 0, {text}",
                dprl.tabular_agent, "rlsvi", SHAPE, noise_stream=noise(), beta_scale=value)
        self.assertRaisesNaming(ValueError, "tabular_agent('psrl'): ", dprl.tabular_agent, "psrl",
                                SHAPE, noise_stream=noise(), dirichlet_prior=0.0)
        self.assertRaisesNaming(ValueError, "dirichlet_prior", dprl.tabular_agent, "psrl", SHAPE,
                                noise_stream=noise(), dirichlet_prior=0.0)
        self.assertRaisesNaming(ValueError, "tabular_environment('riverswim'): ",
                                dprl.tabular_environment, "riverswim", generation_stream=noise(),
                                num_states=1)
        self.assertRaisesNaming(ValueError, attributes.NUM_STATES, dprl.tabular_environment,
                                "riverswim", generation_stream=noise(), num_states=1)
        self.assertRaisesNaming(ValueError, "'gaussian' is not one of deterministic | bernoulli",
                                dprl.tabular_environment, "riverswim", generation_stream=noise(),
                                reward_model="gaussian")

    def test_extreme_values_raise_or_run(self):
        # Every parameter of every registered agent and environment at the edges of its type: the
        # call raises ValueError naming the call, or the agent runs with finite regret (a C++ CHECK
        # reached here would abort the test process).
        extremes = {"float": [0.0, -1.0, float("nan"), float("inf"), -float("inf"), 5e-324,
                              1e-300, 1e308],
                    "int": [0, -1, 1, 2**62, -2**63], "string": ["", "paper"]}
        env = dprl.tabular_environment("random_mdp", generation_stream=noise(), num_states=3,
                                       num_actions=2, horizon=4)
        for name in dprl.tabular_agent_names():
            for spec in dprl.tabular_agent_parameters(name):
                for value in extremes[spec.type]:
                    with self.subTest(agent=name, parameter=spec.name, value=value):
                        try:
                            agent = dprl.tabular_agent(name, env.shape, noise_stream=noise(),
                                                       **{spec.name: value})
                        except ValueError as error:
                            self.assertIn(f"tabular_agent('{name}'): ", str(error))
                            continue
                        # An agent made for K episodes runs at most K of them.
                        episodes = min(3, value) if spec.name == attributes.NUM_EPISODES else 3
                        regret = agent.run_episodes(env, episodes, noise(), noise())
                        self.assertTrue(np.all(np.isfinite(regret)), regret)
        for name in dprl.tabular_environment_names():
            for spec in dprl.tabular_environment_parameters(name):
                for value in extremes[spec.type]:
                    with self.subTest(environment=name, parameter=spec.name, value=value):
                        try:
                            built = dprl.tabular_environment(name, generation_stream=noise(),
                                                             **{spec.name: value})
                        except ValueError as error:
                            self.assertIn(f"tabular_environment('{name}'): ", str(error))
                            continue
                        agent = dprl.tabular_agent("ubev", built.shape, noise_stream=noise())
                        regret = agent.run_episodes(built, 3, noise(), noise())
                        self.assertTrue(np.all(np.isfinite(regret)), regret)

    def test_unknown_names(self):
        listed = ", ".join(dprl.tabular_agent_names())
        self.assertRaisesNaming(ValueError, f"tabular_agent: unknown agent 'ucb' (one of {listed})",
                                dprl.tabular_agent, "ucb", SHAPE, noise_stream=noise())
        self.assertRaisesNaming(ValueError, "tabular_agent_parameters: unknown agent 'ucb'",
                                dprl.tabular_agent_parameters, "ucb")
        self.assertRaisesNaming(ValueError, "tabular_environment: unknown environment 'grid' (one "
                                "of " + ", ".join(dprl.tabular_environment_names()),
                                dprl.tabular_environment, "grid", generation_stream=noise())

    def test_environment_too_large_for_memory(self):
        # Refused before the tables are allocated (the MDP's 24 bytes per (h, s, a, s') entry).
        with self.assertRaisesRegex(ValueError, r"tabular_environment\('riverswim'\): "
                                    r"num_states = 100000, num_actions = 2, horizon = 1000 "
                                    r"\(H S A S = 2e\+13 transition entries\): needs at least "
                                    r"4\.8e\+14 bytes"):
            dprl.tabular_environment("riverswim", generation_stream=noise(), num_states=100000,
                                     horizon=1000)


if __name__ == "__main__":
    unittest.main()
