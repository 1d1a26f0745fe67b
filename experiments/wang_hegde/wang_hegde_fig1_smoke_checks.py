# //experiments:wang_hegde_fig1's own smoke checks on its --scale=smoke results file and summary CSV
# (argv[1], argv[2]; experiments/experiment_smoke_test.sh, after the checks every result gets):
# the returns and summary of every group (walk_smoke_checks.py), the agents and their attributes.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from walk_smoke_checks import check_walk_results


def check_group(name, group):
    if group.attrs["agent"] == "functional_noise":
        assert group.attrs["noise_stddev"] >= 0 and group.attrs["num_resets"] >= 1, name
    if group.attrs["agent"] == "replay_dqn_as_run":
        assert group.attrs["batch_size"] == 128 and group.attrs["discount"] == 0.999, name


agents = check_walk_results(sys.argv[1], sys.argv[2], check_group)
assert agents == {"functional_noise", "replay_dqn_as_run", "scripted", "uniform"}, agents
