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

def _dprl_wheel_impl(ctx):
    out = ctx.actions.declare_directory(ctx.label.name)
    args = ctx.actions.args()
    args.add(ctx.file._builder)
    args.add(out.path)
    args.add(ctx.info_file)
    args.add_all(ctx.files.package)
    ctx.actions.run(
        executable = ctx.file._interpreter,
        arguments = [args],
        inputs = ctx.files.package + [ctx.file._builder, ctx.info_file],
        outputs = [out],
        mnemonic = "DprlWheel",
        progress_message = "Packing the dprl wheel",
    )
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out]))]

dprl_wheel = rule(
    implementation = _dprl_wheel_impl,
    doc = """A directory <name>/ holding the platform wheel dprl-VERSION-TAG.whl of `package`.

    python/packaging/build_wheel.py packs it with @python_libs' interpreter (the wheel's tags are
    that interpreter's); VERSION is the build stamp's (Bazel's stable status file, as for every
    binary's --version).
    """,
    attrs = {
        "package": attr.label_list(allow_files = True, doc = "The files of the package dprl."),
        "_builder": attr.label(default = "//python:packaging/build_wheel.py",
                               allow_single_file = True),
        "_interpreter": attr.label(default = "@python_libs//:run_python.sh",
                                   allow_single_file = True),
    },
)
