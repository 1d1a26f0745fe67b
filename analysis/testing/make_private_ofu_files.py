"""Writes small dprl results files (docs/hdf5_schema.md) for the private_ofu_figure test with h5py.

usage: make_private_ofu_files.py DIR

DIR/good.h5           one env: ofu_rl with cumulative regret sqrt(t) (exponent 1/2), and
                      private_ofu_rl / private_ce at eps in {1, 4, 16} whose privacy costs are
                      40 eps^{-1/2} and 80 / eps at the last episode (private_ofu_rl past the
                      onset on both seeds, episodes 10 and 20 <= T/10), plus private_ofu_rl at
                      eps = 0.25 that never left u = 0 (onset 0 on one seed), whose privacy cost
                      10 is off the eps^{-1/2} law and must stay out of the fit; this group
                      also has 3 and 5 clipped steps and realized regret 40 and 44 per seed.
DIR/unknown_agent.h5  a group without the label and options attributes the figure reads.
DIR/no_ofu.h5         an env without the non-private ofu_rl group (accepted: any subset of agents).
DIR/foreign.h5        HDF5 without dprl_schema_version.
DIR/not_hdf5.h5       a text file.
"""
import os, sys
import h5py
import numpy as np

import regret_grid
out = sys.argv[1]
T = 1000
t = np.arange(1, T + 1, dtype=np.float64)
step = np.sqrt(t) - np.sqrt(t - 1)  # cumulative regret sqrt(t)

def dprl_file(path):
    f = h5py.File(path, "w", track_order=True)
    f.attrs["dprl_schema_version"] = np.int64(regret_grid.SCHEMA_VERSION)
    f.attrs["experiment"] = "test"
    return f

# The display label and options each agent's group records (schema/lq_agent_presets.cc).
AGENTS = {
    "ofu_rl": ("OFU-RL", "ofu_step", "none", "shrunk"),
    "private_ofu_rl": ("Private-OFU-RL", "ofu_step", "paper", "shrunk"),
    "private_ce": ("private CE", "certainty_equivalence", "paper", "shrunk"),
}

def group(f, name, agent, scale, eps=None, onsets=None, applied=None):
    g = f.create_group(name)
    g.attrs["env"] = "sys"
    g.attrs["agent"] = agent
    if agent in AGENTS:
        for key, value in zip(("label", "planner", "calibration", "model"), AGENTS[agent]):
            g.attrs[key] = value
    if eps is not None:
        g.attrs["privacy_epsilon"] = eps
    regret_grid.write_regret(g, np.stack([scale * step, scale * step]))
    if onsets is not None:
        g.create_dataset("onset_episode", data=np.array(onsets, dtype=np.float64))
    if applied is not None:  # (clipped steps, realized regret) of each seed at the last episode
        n = g["episode_grid"].shape[1]
        for name, finals in zip(("cumulative_clipped_steps", "cumulative_realized_regret"),
                                applied):
            g.create_dataset(name, data=np.outer(finals, np.linspace(1.0 / n, 1.0, n)))

with dprl_file(os.path.join(out, "good.h5")) as f:
    group(f, "sys-ofu_rl", "ofu_rl", 1.0)
    for eps in (1.0, 4.0, 16.0):
        # final regret sqrt(T) (1 + 40 / (sqrt(T) sqrt(eps))): privacy cost 40 / sqrt(eps).
        group(f, "sys-private_ofu_rl-eps=%g" % eps, "private_ofu_rl", 1 + 40 / np.sqrt(T * eps), eps,
              onsets=[10, 20])
        group(f, "sys-private_ce-eps=%g" % eps, "private_ce", 1 + 80 / (np.sqrt(T) * eps), eps)
    group(f, "sys-private_ofu_rl-eps=0.25", "private_ofu_rl", 1 + 10 / np.sqrt(T), 0.25,
          onsets=[0, 20], applied=([3.0, 5.0], [40.0, 44.0]))
with dprl_file(os.path.join(out, "unknown_agent.h5")) as f:
    group(f, "sys-ucb", "ucb", 1.0)
with dprl_file(os.path.join(out, "no_ofu.h5")) as f:
    group(f, "sys-private_ofu_rl-eps=1", "private_ofu_rl", 2.0, 1.0)
with h5py.File(os.path.join(out, "foreign.h5"), "w") as f:
    f.create_dataset("x", data=np.zeros(3))
open(os.path.join(out, "not_hdf5.h5"), "w").write("not hdf5\n")
