"""The interpreter check `import dprl` runs before it loads the extension module dprl._dprl.

The extension is compiled against one interpreter (third_party/python_libs.bzl: Debian's
/usr/bin/python3 unless DPRL_PYTHON names another); the build records it in
dprl/_build_config.py (BUILT_FOR, written by python/packaging/write_build_config.py). An
interpreter may import dprl when it is the same implementation and minor version *and* the same
installation (the same sys.base_prefix, which a virtual environment made from that interpreter
shares): another installation of the same version (a pyenv or conda CPython 3.11) has neither
the NumPy nor the h5py the build was checked with. Any other interpreter gets one ImportError
naming the interpreter the extension was built for, instead of a failure deep in the import.

Written for any Python 3: it must run, and explain, under the interpreters it refuses.
"""
import os
import sys


def running_interpreter():
    """The running interpreter, described by the keys of BUILT_FOR."""
    return {
        "implementation": sys.implementation.name,
        "version": [sys.version_info[0], sys.version_info[1]],
        "base_prefix": sys.base_prefix,
        "executable": sys.executable,
    }


def describe(interpreter):
    """'CPython 3.11 (/usr/bin/python3, installation /usr)'."""
    name = {"cpython": "CPython", "pypy": "PyPy"}.get(interpreter["implementation"],
                                                     interpreter["implementation"])
    return "{} {}.{} ({}, installation {})".format(name, interpreter["version"][0],
                                                   interpreter["version"][1],
                                                   interpreter["executable"],
                                                   interpreter["base_prefix"])


def _same_path(a, b):
    return os.path.realpath(a) == os.path.realpath(b)


def mismatch(built_for, running):
    """None when `running` may load an extension built for `built_for`, else the ImportError text."""
    if (running["implementation"] == built_for["implementation"]
            and list(running["version"]) == list(built_for["version"])
            and _same_path(running["base_prefix"], built_for["base_prefix"])):
        return None
    return ("dprl's extension module was built for {}; this interpreter is {}. Import dprl with "
            "{} or a virtual environment made from it ({} -m venv --system-site-packages DIR), or "
            "rebuild dprl for this interpreter (DPRL_PYTHON, docs/python.md).").format(
                describe(built_for), describe(running), built_for["executable"],
                built_for["executable"])


def check(built_for, running=None):
    """Raises ImportError (see mismatch) unless the running interpreter matches `built_for`."""
    message = mismatch(built_for, running_interpreter() if running is None else running)
    if message is not None:
        raise ImportError(message)
