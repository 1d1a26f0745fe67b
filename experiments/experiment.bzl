"""Paper results declared as data: the macros of experiments/BUILD.

A paper's results live in its folder experiments/<folder>/: a task library (its grid, its task,
its ExperimentDefinition: `<task>.h`, `<task>.cc`, `<task>_test.cc`) and, per figure, a
registration file `<name>.cc` (one RegisterExperiment call,
experiments/core/experiment_registry.h) and an end-to-end smoke test `<name>_test.sh`. The paper
folders are not packages: their targets are declared in experiments/BUILD, so the binaries stay
//experiments:<name>. What they share is in packages of its own: //experiments/core (bindings,
streams, episode grid, the registry of results) and one per family of environments and agents
(//experiments/tabular, //experiments/lq, //experiments/qlearning):

    dprl_experiment_task(
        name = "vietri_task",
        folder = "vietri",
        deps = [...],  # beyond the deps every task has (_TASK_DEPS)
    )
    dprl_experiment(
        name = "vietri_fig",
        folder = "vietri",
        task = ":vietri_task",
        analysis = "//analysis:regret_figure",
    )

and `bazel run //experiments:vietri_fig` runs it. reproduce_all, declared after every
dprl_experiment with dprl_experiment_binaries() as data and dprl_experiment_registrations() as
deps, runs it too, in the order its registration gives, with no edit of its own.
"""

load("@rules_cc//cc:defs.bzl", "cc_binary", "cc_library", "cc_test")

# What every task library uses: the runner's types, the grid checks, the configuration bindings,
# the task's random streams and the regret series (//experiments/core), status macros, validation
# and the HDF5 attribute names. A family's registries and task (//experiments/tabular, lq,
# qlearning) are the task's own deps.
_TASK_DEPS = [
    "//experiments/core:episode_grid",
    "//experiments/core:grid_validation",
    "//schema:option_binding",
    "//experiments/core:task_cost_model",
    "//experiments/core:task_streams",
    "//common:hdf5_names",
    "//common:status_macros",
    "//common:validation",
    "//experiments/runner:experiment",
    "@system_libs//:absl",
]

_TASK_TEST_DEPS = [
    "//experiments/core:episode_grid",
    "//experiments/core:task_result_checks",
    "//common:hdf5_names",
    "//experiments/runner:experiment",
    "//testing:status_matchers",
    "@system_libs//:gmock",
    "@system_libs//:gtest_main",
]

_SMOKE_TEST_DATA = [
    "//experiments/runner/testing:compare_results.py",
    "//experiments/runner/testing:test_lib.sh",
]

# Marks the binaries dprl_experiment declares (dprl_experiment_binaries) and their smoke tests
# (test_suite //experiments:smoke_tests selects them by this tag).
_BINARY_TAG = "dprl_experiment"
_SMOKE_TEST_TAG = "dprl_experiment_smoke_test"

def _path(folder, file):
    return folder + "/" + file if folder else file

def _unique(labels):
    result = []
    for label in labels:
        if label not in result:
            result.append(label)
    return result

def dprl_experiment_task(name, deps = [], test_deps = [], folder = "", srcs = [], hdrs = []):
    """A paper result's task library <folder>/<name>.{h,cc} and its unit test <name>_test.

    Args:
      name: the library, e.g. "vietri_task".
      srcs: further sources of the library, in <folder> (e.g. its grids in a file of their own).
      hdrs: further headers of the library, in <folder>.
      deps: deps beyond _TASK_DEPS.
      test_deps: deps of <name>_test.cc beyond the library and _TASK_TEST_DEPS.
      folder: the folder of the paper's files under experiments/ ("" for experiments/ itself).
    """
    cc_library(
        name = name,
        srcs = [_path(folder, name + ".cc")] + [_path(folder, f) for f in srcs],
        hdrs = [_path(folder, name + ".h")] + [_path(folder, f) for f in hdrs],
        deps = _unique(_TASK_DEPS + deps),
    )
    cc_test(
        name = name + "_test",
        size = "small",
        srcs = [_path(folder, name + "_test.cc")],
        deps = _unique([":" + name] + _TASK_TEST_DEPS + test_deps),
    )

def dprl_experiment(
        name,
        task,
        analysis,
        folder = "",
        smoke_test_size = "medium",
        smoke_test_data = []):
    """The binary //experiments:<name>, its registration and its smoke test <name>_test.

    Declares
      <name>_registration  cc_library of <folder>/<name>.cc (its RegisterExperiment call), linked
                           with alwayslink so the registration survives linking;
      <name>               the binary: the registration and experiment_main.cc, with the analysis
                           binary as data (the runner calls it after the merge);
      <name>_test          sh_test <folder>/<name>_test.sh with the runner's test helpers.

    Args:
      name: the experiment's name, as its ExperimentDefinition names it, e.g. "vietri_fig".
      task: the task library that defines the ExperimentDefinition.
      analysis: the analysis binary of its definition's analysis_binary.
      folder: the folder of the paper's files under experiments/.
      smoke_test_size: the smoke test's size.
      smoke_test_data: the smoke test's data beyond the binary and the runner's test helpers.
    """
    cc_library(
        name = name + "_registration",
        srcs = [_path(folder, name + ".cc")],
        alwayslink = 1,
        deps = [
            "//experiments/core:experiment_registry",
            task,
        ],
    )
    cc_binary(
        name = name,
        data = [analysis],
        tags = [_BINARY_TAG],
        visibility = ["//visibility:public"],
        deps = [
            ":" + name + "_registration",
            "//experiments/core:experiment_main",
        ],
    )
    native.sh_test(
        name = name + "_test",
        size = smoke_test_size,
        srcs = [_path(folder, name + "_test.sh")],
        data = _unique([":" + name] + _SMOKE_TEST_DATA + smoke_test_data),
        tags = [_SMOKE_TEST_TAG],
    )

def _declared_experiments():
    return sorted([
        rule["name"]
        for rule in native.existing_rules().values()
        if _BINARY_TAG in rule.get("tags", [])
    ])

def dprl_experiment_binaries():
    """The binaries of the dprl_experiment calls above this call (reproduce_all's data)."""
    return [":" + name for name in _declared_experiments()]

def dprl_experiment_registrations():
    """Their registration libraries (what reproduce_all links to read the registry)."""
    return [":" + name + "_registration" for name in _declared_experiments()]
