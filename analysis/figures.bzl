"""A result's figure binary: the macros of analysis/BUILD.

Each figure binary of analysis/ (analysis/<paper>/<name>_figure.cc, whose main() is
RunFigureMain, figure_main.h) is one dprl_figure call. The experiment it draws names it, once,
in its dprl_result call (experiments/experiment.bzl), from which the table experiment -> figure
binary that CheckFigureDrawsExperiment (results_check.h) reads is generated
(experiments/figure_of_experiment.h). dprl_figure_binaries, called once after every dprl_figure
call, makes the filegroup of every figure binary (what //tools:version_flag_test runs), so a new
figure binary edits no list:

    dprl_figure(
        name = "rlsvi_privacy_figure",
        folder = "lu",
        summary = "rlsvi_privacy_summary",
        summary_deps = [...],
    )

declares the summary library lu/rlsvi_privacy_summary.{h,cc}, its test
lu/rlsvi_privacy_summary_test.cc where there is one, and the binary from
lu/rlsvi_privacy_figure.cc.
"""

load("@rules_cc//cc:defs.bzl", "cc_binary", "cc_library", "cc_test")

_FIGURE_TAG = "dprl_figure"

def _path(folder, file):
    return folder + "/" + file if folder else file

def dprl_figure(
        name,
        folder = "",
        deps = [],
        summary = None,
        summary_srcs = [],
        summary_deps = [],
        summary_test_deps = []):
    """The figure binary <name> (<folder>/<name>.cc) and, optionally, its summary library.

    Args:
      name: the binary, e.g. "regret_figure" (also the name RunFigureMain is given).
      folder: the paper's folder under analysis/ ("" for analysis/ itself).
      deps: deps of the binary beyond :figure_main, //common:status_macros, absl and the summary.
      summary: the result's summary library, <folder>/<summary>.{h,cc}, if it has one; its test
        <summary>_test is declared when <folder>/<summary>_test.cc exists.
      summary_srcs: further sources of the summary library, in <folder>.
      summary_deps: the summary library's deps.
      summary_test_deps: the test's deps beyond the library, gtest and gmock.
    """
    if summary:
        cc_library(
            name = summary,
            srcs = [_path(folder, summary + ".cc")] + [_path(folder, f) for f in summary_srcs],
            hdrs = [_path(folder, summary + ".h")],
            deps = summary_deps,
        )
        test_source = _path(folder, summary + "_test.cc")
        if native.glob([test_source], allow_empty = True):
            cc_test(
                name = summary + "_test",
                size = "small",
                srcs = [test_source],
                deps = [
                    ":" + summary,
                    "@system_libs//:gmock",
                    "@system_libs//:gtest_main",
                ] + summary_test_deps,
            )
    cc_binary(
        name = name,
        srcs = [_path(folder, name + ".cc")],
        tags = [_FIGURE_TAG],
        deps = [
            ":figure_main",
            "//common:status_macros",
            "@system_libs//:absl",
        ] + ([":" + summary] if summary else []) + deps,
    )

def dprl_figure_binaries(name):
    """The filegroup <name> of the dprl_figure calls above."""
    native.filegroup(
        name = name,
        srcs = sorted([
            ":" + rule["name"]
            for rule in native.existing_rules().values()
            if _FIGURE_TAG in rule.get("tags", [])
        ]),
    )
