"""Paper results declared as data: the macros of experiments/BUILD.

A paper's results live in its folder experiments/<folder>/: a task library (its grid, its task,
and at its end the ExperimentSpec of each of its experiments, registered with RegisterExperiment,
experiments/core/experiment_registry.h: `<task>.h`, `<task>.cc`, `<task>_test.cc`) and, where an
experiment's smoke test checks more than every result's (experiment_smoke_test.sh), a checks file
`<name>_smoke_checks.py` or `.sh`. The paper folders are not packages: their targets are declared
in experiments/BUILD (the macro works in any package: tests/extending/BUILD declares a testonly
result with it), so the binaries stay //experiments:<name>. What they share is in packages of
its own: //experiments/core (bindings, streams, episode grid, the registry of results) and one
per family of environments and agents (//experiments/tabular, //experiments/lq,
//experiments/qlearning). A result is one call:

    dprl_result(
        task = "vietri_task",
        folder = "vietri",
        experiments = {"vietri_fig": "//analysis:regret_figure"},  # binary -> its figure binary
        deps = [...],  # beyond the deps every task has (_TASK_DEPS)
    )

and `bazel run //experiments:vietri_fig` runs it. After the last dprl_result call,
dprl_experiment_binaries() (reproduce_all's data), dprl_experiment_registrations() (what reads
the whole registry links) and dprl_figure_table (the table experiment -> figure binary that the
figure binaries read, experiments/figure_of_experiment.h) collect every declared result, so
reproduce_all runs a new one, in the order its registration gives, with no edit of its own.
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

# Marks the binaries dprl_result declares (dprl_experiment_binaries, dprl_figure_table: with the
# figure binary in a second tag), their task libraries and their smoke tests
# (test_suite //experiments:smoke_tests selects them by this tag).
_BINARY_TAG = "dprl_experiment"
_TASK_TAG = "dprl_experiment_task"
_SMOKE_TEST_TAG = "dprl_experiment_smoke_test"
_FIGURE_TAG_PREFIX = "dprl_figure="

def _path(folder, file):
    return folder + "/" + file if folder else file

def _unique(labels):
    result = []
    for label in labels:
        if label not in result:
            result.append(label)
    return result

def _generated_source(name, out, lines):
    """The genrule <name> that writes `lines` into the source file `out`."""
    native.genrule(
        name = name,
        outs = [out],
        cmd = "cat > $@ <<'EOF'\n" + "\n".join(lines) + "\nEOF",
    )

def _task_library(name, deps, test_deps, folder, srcs, hdrs, testonly):
    """A paper result's task library <folder>/<name>.{h,cc} and its unit test <name>_test.

    The library registers the result's experiments itself (RegisterExperiment in <name>.cc,
    experiments/core/experiment_registry.h): it is linked with alwayslink = 1, so the registration
    survives linking into each binary of the result and into reproduce_all.
    """
    cc_library(
        name = name,
        srcs = [_path(folder, name + ".cc")] + [_path(folder, f) for f in srcs],
        hdrs = [_path(folder, name + ".h")] + [_path(folder, f) for f in hdrs],
        alwayslink = 1,
        testonly = testonly,
        tags = [_TASK_TAG],
        deps = _unique(_TASK_DEPS + ["//experiments/core:experiment_registry"] + deps),
    )
    cc_test(
        name = name + "_test",
        size = "small",
        srcs = [_path(folder, name + "_test.cc")],
        deps = _unique([":" + name] + _TASK_TEST_DEPS + test_deps),
    )

def _target_name(label):
    """"//analysis:regret_figure" -> "regret_figure"."""
    return label.split(":")[-1]

def _runfiles_path(label):
    """"//analysis:regret_figure" -> "analysis/regret_figure" (a binary of this workspace)."""
    if not label.startswith("//") or ":" not in label:
        fail("analysis must be an absolute label //package:binary, got '%s'" % label)
    package, target = label[2:].split(":")
    return package + "/" + target

def _experiment_binary(name, task, analysis, folder, smoke_test_size, smoke_test_data, testonly):
    """The binary //experiments:<name> and its smoke test <name>_test.

    Declares
      <name>       the binary: the task library (with its registration) and the generated main,
                   with the analysis binary as data (the runner calls it after the merge): it
                   runs the experiment that `task` registered under `name` with `analysis` as
                   its figure binary (RunRegisteredExperiment, experiments/core/experiment_main.h);
      <name>_test  the smoke test every result gets (experiment_smoke_test.sh): a --scale=smoke
                   run checked for the results file's root attributes, the summary CSV, the
                   figure's PNG and PDF, and bit-identical results on 1 rank with 1 or 2 threads
                   and on 2 MPI ranks; then the result's own checks, if it has a file
                   <folder>/<name>_smoke_checks.py (run with the results file and the summary CSV)
                   or <folder>/<name>_smoke_checks.sh (sourced, with FIG, NAME and OUT set).
    """
    main_source = name + "_main.cc"
    lines = [
        "// Generated by dprl_result (experiments/experiment.bzl). Do not edit.",
        "#include \"experiments/core/experiment_main.h\"",
        "int main(int argc, char** argv) {",
        "  return dprl::RunRegisteredExperiment(argc, argv, \"%s\", \"%s\");" % (
            name,
            _runfiles_path(analysis),
        ),
        "}",
    ]
    _generated_source(name + "_main_source", main_source, lines)
    cc_binary(
        name = name,
        srcs = [main_source],
        data = [analysis],
        testonly = testonly,
        tags = [_BINARY_TAG, _FIGURE_TAG_PREFIX + _target_name(analysis)],
        visibility = ["//visibility:public"],
        deps = [
            ":" + task,
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
        srcs = ["//experiments:experiment_smoke_test.sh"],
        args = [_path(native.package_name(), path) for path in [name] + checks],
        data = _unique([":" + name] + _SMOKE_TEST_DATA + smoke_test_data + checks),
        tags = [_SMOKE_TEST_TAG],
    )

def dprl_result(
        task,
        folder,
        experiments,
        deps = [],
        test_deps = [],
        srcs = [],
        hdrs = [],
        smoke_test_data = [],
        smoke_test_size = "medium",
        testonly = False):
    """A paper result: its task library, each of its experiment binaries, their tests.

    Declares the task library <task> (<folder>/<task>.{h,cc}, linked with alwayslink = 1 so its
    RegisterExperiment calls survive linking) with its unit test <task>_test
    (<folder>/<task>_test.cc), and for each experiment the binary //experiments:<name> and its
    smoke test <name>_test (_experiment_binary). The one place a result's binaries and their
    figure binaries are named.

    Args:
      task: the task library, e.g. "vietri_task".
      folder: the folder of the paper's files under experiments/, e.g. "vietri".
      experiments: {name: figure binary} for each experiment the task file registers, e.g.
        {"vietri_fig": "//analysis:regret_figure"}; a name is the binary's, the results file's
        and the registered definition's.
      deps: deps of the library beyond _TASK_DEPS.
      test_deps: deps of <task>_test.cc beyond the library and _TASK_TEST_DEPS.
      srcs: further sources of the library, in <folder> (e.g. its grids in a file of their own).
      hdrs: further headers of the library, in <folder>.
      smoke_test_data: the smoke tests' data beyond the binary and the runner's test helpers.
      smoke_test_size: the smoke tests' size.
      testonly: for a result that only tests declare (outside experiments/BUILD, never in
        reproduce_all: e.g. the worked example of docs/extending.md, tests/extending/BUILD).
    """
    _task_library(task, deps, test_deps, folder, srcs, hdrs, testonly)
    for name in sorted(experiments):
        _experiment_binary(
            name,
            task,
            experiments[name],
            folder,
            smoke_test_size,
            smoke_test_data,
            testonly,
        )

def _declared_experiments():
    return sorted([
        rule["name"]
        for rule in native.existing_rules().values()
        if _BINARY_TAG in rule.get("tags", [])
    ])

def dprl_experiment_binaries():
    """The experiment binaries of the dprl_result calls above this call (reproduce_all's data)."""
    return [":" + name for name in _declared_experiments()]

def dprl_experiment_registrations():
    """The task libraries above this call, each with its registrations (what reproduce_all links
    to read the registry)."""
    return sorted([
        ":" + rule["name"]
        for rule in native.existing_rules().values()
        if _TASK_TAG in rule.get("tags", [])
    ])

def _cc_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

def dprl_figure_table(name):
    """The library <name>: experiments/figure_of_experiment.h, the table experiment -> figure
    binary of the dprl_result calls above this call (generated: the figure binaries refuse a
    results file that another one draws, analysis/results_check.h)."""
    rows = []
    for rule in native.existing_rules().values():
        tags = rule.get("tags", [])
        if _BINARY_TAG not in tags:
            continue
        for tag in tags:
            if tag.startswith(_FIGURE_TAG_PREFIX):
                rows.append((rule["name"], tag[len(_FIGURE_TAG_PREFIX):]))
    lines = [
        "// Generated by dprl_figure_table (experiments/experiment.bzl) from the dprl_result calls",
        "// of experiments/BUILD. Do not edit.",
        "#include \"experiments/figure_of_experiment.h\"",
        "namespace dprl {",
        "const std::map<std::string, std::string>& FigureOfExperiment() {",
        "  static const auto* figures = new std::map<std::string, std::string>{",
    ] + [
        "      {%s, %s}," % (_cc_string(experiment), _cc_string(figure))
        for experiment, figure in sorted(rows)
    ] + [
        "  };",
        "  return *figures;",
        "}",
        "}  // namespace dprl",
    ]
    _generated_source(name + "_source", name + ".cc", lines)
    cc_library(
        name = name,
        srcs = [name + ".cc"],
        hdrs = [name + ".h"],
        visibility = ["//analysis:__pkg__"],
    )
