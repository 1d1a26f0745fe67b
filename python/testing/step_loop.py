"""The tabular episode loop driven from Python through the step API (begin_episode, act,
env.step, observe, end_episode), shared by //python:bindings_test (which checks that it
reproduces agent.run_episodes bit for bit) and python/benchmarks/run_episodes_timing.py (which
times it). It is a usage example of the bindings, not a second implementation: planning, acting,
sampling and policy evaluation are all C++ calls."""
import numpy as np


def tabular_step_loop(agent, env, episodes, environment_stream, policy_stream):
    """Runs `episodes` episodes; returns the exact per-episode regret rho* - rho^{pi_t}."""
    optimal = env.optimal_value()
    regret = np.empty(episodes)
    for t in range(episodes):
        agent.begin_episode()
        regret[t] = max(0.0, optimal - env.evaluate_policy(agent.action_probabilities().ravel()))
        state = env.sample_initial_state(environment_stream)
        for h in range(env.horizon):
            action = agent.act(h, state, policy_stream)
            next_state, reward = env.step(h, state, action, environment_stream)
            agent.observe(h, state, action, reward, next_state)
            state = next_state
        agent.end_episode()
    return regret
