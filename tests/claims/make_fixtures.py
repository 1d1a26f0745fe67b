"""Writes hand-made dprl results files whose claim verdicts are known (claims_test.sh).

make_fixtures.py DIR KIND, KIND in {holds, fails, corrupt}: DIR/rlsvi_privacy_fig/... and
DIR/wang_hegde_fig2/... in the layout of docs/hdf5_schema.md (schema version 2).
  holds    privacy curves with exactly Cor. 14's eps(delta) (Lu et al. 2026) and an improved
           conversion 10% below it; Thm. 5's sigma = App. E.3's (0.32, 0.74); functional noise
           returns ~15 against baselines ~1-2 at eps = 0.45.
  fails    the same with Cor. 14's values 1% too large, an improved conversion 10% ABOVE the
           paper's, Thm. 5's sigma 1.32 / 2.54 and functional noise returns ~1 against
           baselines ~10.
  corrupt  as holds, with a NaN in one return (every reader must refuse the file).
"""
import math
import os
import sys

import h5py
import numpy

SEEDS = 4


def open_results(directory, experiment):
    os.makedirs(os.path.join(directory, experiment), exist_ok=True)
    f = h5py.File(os.path.join(directory, experiment, experiment + ".h5"), "w", track_order=True)
    f.attrs["dprl_schema_version"] = numpy.int64(2)
    f.attrs["experiment"] = experiment
    f.attrs["git_commit"] = "handmade"
    f.attrs["command_line"] = "make_fixtures.py"
    f.attrs["scale"] = "smoke"
    f.attrs["seeds"] = numpy.int64(SEEDS)
    f.attrs["master_seed"] = numpy.uint64(1)
    return f


def corollary14(states, actions, horizon, episodes, delta):
    rho = 2.0 * actions * episodes / (horizon ** 2 * math.log(2.0 * horizon * states * actions))
    return rho + 2.0 * math.sqrt(rho * math.log(1.0 / delta))


def write_rlsvi(directory, kind):
    with open_results(directory, "rlsvi_privacy_fig") as f:
        for (s, a, h) in [(4, 2, 5), (5, 2, 10)]:
            for delta in [1e-3, 1e-5]:
                g = f.create_group("privacy-S=%d-A=%d-H=%d-delta=%g" % (s, a, h, delta))
                g.attrs["kind"] = "privacy_curve"
                g.attrs["agent"] = "rlsvi"
                for name, value in [("num_states", s), ("num_actions", a), ("horizon", h)]:
                    g.attrs[name] = numpy.int64(value)
                g.attrs["target_delta"] = delta
                episodes = numpy.unique(numpy.round(10 ** (numpy.arange(0, 41) / 5.0)))
                paper = numpy.array([corollary14(s, a, h, k, delta) for k in episodes])
                if kind == "fails":
                    paper *= 1.01
                improved = paper * (0.9 if kind != "fails" else 1.1)
                for name, row in [("episodes", episodes), ("privacy_epsilon_paper", paper),
                                  ("privacy_epsilon_improved", improved)]:
                    g.create_dataset(name, data=numpy.tile(row, (SEEDS, 1)))


def write_wang_hegde(directory, kind):
    good = kind != "fails"
    sigma = {"0.9": 0.32 if good else 1.32, "0.45": 0.74 if good else 2.54}
    functional = [15.0, 15.5, 14.5, 15.2] if good else [1.0, 1.2, 0.8, 1.1]
    baseline = [1.0, 1.2, 0.8, 1.1] if good else [10.0, 10.5, 9.5, 10.2]
    with open_results(directory, "wang_hegde_fig2") as f:
        for eps in ["0.9", "0.45"]:
            for method, returns in [("functional-paper-sigma", functional),
                                    ("functional-theorem5", baseline),
                                    ("input-perturbation", baseline), ("dp-sgd", baseline),
                                    ("output-perturbation", baseline)]:
                g = f.create_group("eps=%s-%s" % (eps, method))
                g.attrs["method"] = method
                g.attrs["privacy_epsilon"] = float(eps)
                if method == "functional-theorem5":
                    g.attrs["noise_stddev"] = sigma[eps]
                values = numpy.array(returns)
                if kind == "corrupt" and method == "dp-sgd":
                    values[2] = numpy.nan
                g.create_dataset("last10_mean_return", data=values)


def main():
    directory, kind = sys.argv[1], sys.argv[2]
    assert kind in ("holds", "fails", "corrupt"), kind
    write_rlsvi(directory, kind)
    write_wang_hegde(directory, kind)


if __name__ == "__main__":
    main()
