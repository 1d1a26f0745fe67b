"""Repository rule exposing the Python interpreter, its headers, NumPy's and pybind11's to Bazel.

The interpreter is the one the dprl Python package is built for and tested with:
  1. $DPRL_PYTHON if set (an absolute path), else
  2. /usr/bin/python3 (Debian's, which has python3-numpy / python3-h5py / pybind11), else
  3. python3 on PATH.
Its include directory and extension suffix come from the interpreter itself (sysconfig), so the
headers always match the interpreter that imports the module; pybind11's include flags come from
`pkg-config pybind11` (Debian pybind11-dev). A missing piece fails the build with a message naming
the Debian package that provides it; ./bazelw installs deps/debian_packages.txt first.

Targets of @python_libs: python_headers (Python.h; not linked: the interpreter provides the
symbols), numpy_headers, pybind11. Files: run_python.sh (runs the interpreter with the given
arguments), interpreter.bzl (PYTHON_INTERPRETER, the absolute path).
"""

def _missing(what, package):
    fail(("dprl: '%s' not found. Install the Debian package '%s' (it is listed in " +
          "deps/debian_packages.txt; ./bazelw installs the list), or set DPRL_PYTHON to an " +
          "interpreter that has it.") % (what, package))

def _interpreter(ctx):
    chosen = ctx.os.environ.get("DPRL_PYTHON", "")
    if chosen:
        return chosen
    if ctx.path("/usr/bin/python3").exists:
        return "/usr/bin/python3"
    found = ctx.which("python3")
    if found == None:
        _missing("python3", "python3")
    return str(found)

def _ask(ctx, python, code, what, package):
    result = ctx.execute([python, "-c", code])
    if result.return_code != 0:
        _missing(what, package)
    return result.stdout.strip()

def _symlinked_library(ctx, name, directory, deps = []):
    local = name + "_include"
    ctx.symlink(directory, local)
    return """
cc_library(
    name = "{name}",
    hdrs = glob(["{local}/**"], allow_empty = True),
    includes = ["{local}"],
    deps = {deps},
)
""".format(name = name, local = local, deps = repr(deps))

def _python_libs_impl(ctx):
    python = _interpreter(ctx)
    include = _ask(ctx, python, "import sysconfig; print(sysconfig.get_paths()['include'])",
                   "Python.h (python3-dev)", "python3-dev")
    if not ctx.path(include + "/Python.h").exists:
        _missing("Python.h in " + include, "python3-dev")
    numpy_include = _ask(ctx, python, "import numpy; print(numpy.get_include())",
                         "numpy for " + python, "python3-numpy")

    pkg_config = ctx.which("pkg-config")
    if pkg_config == None:
        _missing("pkg-config", "pkg-config")
    result = ctx.execute([pkg_config, "--cflags-only-I", "pybind11"])
    if result.return_code != 0:
        _missing("pybind11 (pkg-config module pybind11)", "pybind11-dev")
    pybind11_dirs = [f[2:] for f in result.stdout.strip().split(" ") if f.startswith("-I")]
    pybind11_include = None
    for d in pybind11_dirs:
        if ctx.path(d + "/pybind11/pybind11.h").exists:
            pybind11_include = d
    if pybind11_include == None:
        if ctx.path("/usr/include/pybind11/pybind11.h").exists:
            pybind11_include = "/usr/include"
        else:
            _missing("pybind11/pybind11.h", "pybind11-dev")

    build = ['package(default_visibility = ["//visibility:public"])\n']
    build.append(_symlinked_library(ctx, "python_headers", include))
    build.append(_symlinked_library(ctx, "numpy_headers", numpy_include, [":python_headers"]))
    if pybind11_include == "/usr/include":
        # Compiler built-in search path: nothing to symlink.
        build.append('cc_library(name = "pybind11", deps = [":python_headers"])\n')
    else:
        build.append(_symlinked_library(ctx, "pybind11", pybind11_include, [":python_headers"]))
    build.append('exports_files(["run_python.sh", "interpreter.bzl"])\n')
    ctx.file("BUILD", "\n".join(build))
    ctx.file("WORKSPACE", 'workspace(name = "%s")\n' % ctx.name)
    ctx.file("interpreter.bzl", 'PYTHON_INTERPRETER = "%s"\n' % python)
    ctx.file("run_python.sh", '#!/bin/sh\n# Runs the interpreter dprl is built for.\nexec "%s" "$@"\n' % python,
             executable = True)

python_libs = repository_rule(
    implementation = _python_libs_impl,
    environ = ["PATH", "PKG_CONFIG_PATH", "DPRL_PYTHON"],
    local = True,
)
