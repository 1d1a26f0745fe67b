"""Paper results declared as data: the macros of experiments/BUILD.

A paper's results live in its folder experiments/<folder>/: a task library (its grid, its task,
its ExperimentDefinition and the RegisterExperiment call of each of its figures,
experiments/core/experiment_registry.h: `<task>.h`, `<task>.cc`, `<task>_test.cc`) and, where a
figure's smoke test checks more than every result's (experiment_smoke_test.sh), a checks file
`<name>_smoke_checks.py` or `.sh`. The paper folders are not packages: their targets are declared in experiments/BUILD, so the binaries stay
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
_TASK_TAG = "dprl_experiment_task"
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

    The library registers the result's experiments itself (RegisterExperiment in <name>.cc,
    experiments/core/experiment_registry.h): it is linked with alwayslink = 1, so the registration
    survives linking into each binary of dprl_experiment and into reproduce_all.

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
        alwayslink = 1,
        tags = [_TASK_TAG],
        deps = _unique(_TASK_DEPS + ["//experiments/core:experiment_registry"] + deps),
    )
    cc_test(
        name = name + "_test",
        size = "small",
        srcs = [_path(folder, name + "_test.cc")],
        deps = _unique([":" + name] + _TASK_TEST_DEPS + test_deps),
    )

def _runfiles_path(label):
    """"//analysis:regret_figure" -> "analysis/regret_figure" (a binary of this workspace)."""
    if not label.startswith("//") or ":" not in label:
        fail("analysis must be an absolute label //package:binary, got '%s'" % label)
    package, target = label[2:].split(":")
    return package + "/" + target

def dprl_experiment(
        name,
        task,
        analysis,
        folder = "",
        smoke_test_size = "medium",
        smoke_test_data = []):
    """The binary //experiments:<name> and its smoke test <name>_test.

    The one place the result's name and figure binary are given: the binary's main() (generated,
    <name>_main.cc) runs the experiment that `task` registered under `name` with `analysis` as
    its figure binary (RunRegisteredExperiment, experiments/core/experiment_main.h).

    Declares
      <name>       the binary: the task library (with its registration) and the generated main,
                   with the analysis binary as data (the runner calls it after the merge);
      <name>_test  the smoke test every result gets (experiment_smoke_test.sh): a --scale=smoke
                   run checked for the results file's root attributes, the summary CSV, the
                   figure's PNG and PDF, and bit-identical results on 1 rank with 1 or 2 threads
                   and on 2 MPI ranks; then the result's own checks, if it has a file
                   <folder>/<name>_smoke_checks.py (run with the results file and the summary CSV)
                   or <folder>/<name>_smoke_checks.sh (sourced, with FIG, NAME and OUT set).

    Args:
      name: the experiment's name (the binary's and the results file's), e.g. "vietri_fig".
      task: the task library (dprl_experiment_task) that registers the experiment.
      analysis: its figure binary, e.g. "//analysis:regret_figure".
      folder: the folder of the paper's files under experiments/.
      smoke_test_size: the smoke test's size.
      smoke_test_data: the smoke test's data beyond the binary and the runner's test helpers.
    """
    main_source = name + "_main.cc"
    lines = [
        "// Generated by dprl_experiment (experiments/experiment.bzl). Do not edit.",
        "#include \"experiments/core/experiment_main.h\"",
        "int main(int argc, char** argv) {",
        "  return dprl::RunRegisteredExperiment(argc, argv, \"%s\", \"%s\");" % (
            name,
            _runfiles_path(analysis),
        ),
        "}",
    ]
    native.genrule(
        name = name + "_main_source",
        outs = [main_source],
        cmd = "cat > $@ <<'EOF'\n" + "\n".join(lines) + "\nEOF",
    )
    cc_binary(
        name = name,
        srcs = [main_source],
        data = [analysis],
        tags = [_BINARY_TAG],
        visibility = ["//visibility:public"],
        deps = [
            task,
            "//experiments/core:experiment_main",
        ],
    )
    checks = native.glob(
        [_path(folder, name + "_smoke_checks." + ext) for ext in ("py", "sh")],
        allow_empty = True,
    )
    if len(checks) > 1:
        fail("%s: one smoke checks file, .py or .sh, not %s" % (name, checks))
    native.sh_test(
        name = name + "_test",
        size = smoke_test_size,
        srcs = ["experiment_smoke_test.sh"],
        args = [name] + ["experiments/" + check for check in checks],
        data = _unique([":" + name] + _SMOKE_TEST_DATA + smoke_test_data + checks),
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
    """The task libraries above this call, each with its registrations (what reproduce_all links
    to read the registry)."""
    return sorted([
        ":" + rule["name"]
        for rule in native.existing_rules().values()
        if _TASK_TAG in rule.get("tags", [])
    ])
