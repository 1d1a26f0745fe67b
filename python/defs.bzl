"""dprl_py_test: a Python test of the dprl package, run by the interpreter it is built for."""

def dprl_py_test(name, src, args = [], data = [], **kwargs):
    """An sh_test running `src` with @python_libs' interpreter and bazel-bin/python on PYTHONPATH.

    Args:
      name: test name.
      src: the test's .py file (a unittest script).
      args: extra arguments after the script.
      data: extra runfiles (e.g. a C++ reference binary, passed with $(location) in args).
      **kwargs: size, tags, ... as for any test.
    """
    native.sh_test(
        name = name,
        srcs = ["//python:testing/run_python_test.sh"],
        args = ["$(location @python_libs//:run_python.sh)", "$(location %s)" % src] + args,
        data = [src, "//python:dprl", "@python_libs//:run_python.sh"] + data,
        **kwargs
    )
