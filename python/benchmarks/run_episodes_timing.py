"""Episodes per second of dprl.TabularAgent.run_episodes from Python, and the per-step cost of a
Python act/observe loop, on the MDP and agents of python/benchmarks/run_episodes_benchmark.cc
(the Google Benchmark reference; same streams, same batch of 1000 episodes).

    ./bazelw build //python:dprl
    PYTHONPATH=bazel-bin/python /usr/bin/python3 python/benchmarks/run_episodes_timing.py

For each agent it prints the median over repeated batches of episodes/s of run_episodes, and the
cost per step (act + env.step + observe, plus once per episode begin/end and the exact policy
evaluation) of the same episodes driven from a Python loop, minus run_episodes' cost per step.
Rates are per CPU second (time.process_time), as Google Benchmark's episodes_per_second counter
(kIsRate divides by CPU time), so a machine shared with other jobs does not skew the comparison;
the wall-clock rate of run_episodes is printed beside it.
"""
import os
import statistics
import sys
import time

import dprl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testing"))
from step_loop import tabular_step_loop  # noqa: E402

SEED = 99
BATCH = 1000
SHAPE = dprl.TabularShape(6, 2, 20)


def make_agents():
    def agent(name, **options):
        return lambda: dprl.tabular_agent(name, SHAPE, noise_stream=dprl.RandomStream(SEED, purpose=3),
                                          **options)

    return {
        "ubev": agent("ubev"),
        "pucb_eps1": agent("pucb", privacy_epsilon=1.0, num_episodes=2 ** 24),
        "rlsvi": agent("rlsvi"),
    }


def main(min_seconds):
    env = dprl.random_dirichlet_mdp(6, 2, 20, stream=dprl.RandomStream(SEED, purpose=4))
    print(f"{'agent':<10} {'run_episodes ep/CPU-s':>22} {'(wall ep/s)':>12} "
          f"{'python loop ep/CPU-s':>21} {'loop overhead us/step':>22}")
    for name, make in make_agents().items():
        agent = make()
        rates, wall_rates = [], []
        start = time.perf_counter()
        while time.perf_counter() - start < min_seconds:
            t0, w0 = time.process_time(), time.perf_counter()
            agent.run_episodes(env, BATCH, dprl.RandomStream(SEED, purpose=1),
                               dprl.RandomStream(SEED, purpose=2))
            rates.append(BATCH / (time.process_time() - t0))
            wall_rates.append(BATCH / (time.perf_counter() - w0))
        batch_rate = statistics.median(rates)

        looped = make()
        looped.run_episodes(env, len(rates) * BATCH, dprl.RandomStream(SEED, purpose=1),
                            dprl.RandomStream(SEED, purpose=2))  # same statistics' size
        t0 = time.process_time()
        tabular_step_loop(looped, env, BATCH, dprl.RandomStream(SEED, purpose=1),
                    dprl.RandomStream(SEED, purpose=2))
        loop_rate = BATCH / (time.process_time() - t0)
        overhead = (1 / loop_rate - 1 / batch_rate) / SHAPE.horizon * 1e6
        print(f"{name:<10} {batch_rate:>22.0f} {statistics.median(wall_rates):>12.0f} "
              f"{loop_rate:>21.0f} {overhead:>22.2f}")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
