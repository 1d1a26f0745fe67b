"""`import dprl` under an interpreter the extension was not built for raises one ImportError naming
the interpreter it was built for (dprl/_interpreter.py), and `import dprl` does not import h5py.

Runs against whichever dprl is imported (bazel-bin's package under Bazel, the installed wheel in
//python:wheel_test). The refusal is checked on described interpreters (always) and by importing
the same package with every other python3 installed here (pyenv's, /usr/bin/python3.N), if any.
"""
import glob
import os
import subprocess
import sys
import unittest

import dprl
from dprl import _build_config, _interpreter

BUILT_FOR = _build_config.BUILT_FOR


def changed(**fields):
    interpreter = dict(BUILT_FOR)
    interpreter.update(fields)
    return interpreter


def other_interpreters():
    """Every python3 here other than the installation dprl was built for."""
    candidates = (glob.glob(os.path.expanduser("~/.pyenv/versions/3.*/bin/python3")) +
                  glob.glob("/usr/bin/python3.[0-9]*") + glob.glob("/usr/local/bin/python3.[0-9]*"))
    found = {}
    for path in candidates:
        if path.endswith("-config") or not os.access(path, os.X_OK):
            continue
        probe = subprocess.run([path, "-c", "import sys; print(sys.base_prefix)"],
                               capture_output=True, text=True)
        if probe.returncode != 0:
            continue
        prefix = os.path.realpath(probe.stdout.strip())
        if prefix != os.path.realpath(BUILT_FOR["base_prefix"]):
            found.setdefault(os.path.realpath(path), path)
    return sorted(found.values())


class InterpreterCheckTest(unittest.TestCase):

    def test_the_build_interpreter_and_its_virtual_environments_pass(self):
        self.assertIsNone(_interpreter.mismatch(BUILT_FOR, dict(BUILT_FOR)))
        # A venv: another executable, the same installation (sys.base_prefix).
        self.assertIsNone(_interpreter.mismatch(
            BUILT_FOR, changed(executable="/tmp/venv/bin/python3")))
        self.assertIsNone(_interpreter.check(BUILT_FOR))  # the running one: it imported dprl

    def test_another_version_implementation_or_installation_is_refused(self):
        major, minor = BUILT_FOR["version"]
        for running in [changed(version=[major, minor + 1]), changed(version=[major, minor - 1]),
                        changed(implementation="pypy"),
                        changed(base_prefix="/root/.pyenv/versions/3.11.7",
                                executable="/root/.pyenv/versions/3.11.7/bin/python3")]:
            with self.subTest(running=running):
                with self.assertRaises(ImportError) as raised:
                    _interpreter.check(BUILT_FOR, running)
                message = str(raised.exception)
                self.assertIn("built for " + _interpreter.describe(BUILT_FOR), message)
                self.assertIn("this interpreter is " + _interpreter.describe(running), message)
                self.assertIn(BUILT_FOR["executable"] + " -m venv --system-site-packages", message)

    def test_describe_names_version_executable_and_installation(self):
        self.assertEqual(
            _interpreter.describe({"implementation": "cpython", "version": [3, 12],
                                   "executable": "/opt/bin/python3", "base_prefix": "/opt"}),
            "CPython 3.12 (/opt/bin/python3, installation /opt)")

    def test_import_under_other_installed_interpreters(self):
        others = other_interpreters()
        if not others:
            self.skipTest("no python3 here other than " + BUILT_FOR["executable"])
        package_parent = os.path.dirname(os.path.dirname(os.path.abspath(dprl.__file__)))
        expected = "ImportError: dprl's extension module was built for " + _interpreter.describe(
            BUILT_FOR)
        for python in others:
            with self.subTest(python=python):
                result = subprocess.run(
                    [python, "-c", "import dprl"], capture_output=True, text=True,
                    env=dict(os.environ, PYTHONPATH=package_parent))
                self.assertEqual(result.returncode, 1, result.stderr)
                self.assertIn(expected, result.stderr)
                self.assertIn("this interpreter is ", result.stderr)


class LazyH5pyTest(unittest.TestCase):

    def test_import_dprl_does_not_import_h5py(self):
        result = subprocess.run(
            [sys.executable, "-c",
             "import sys, dprl; dprl.riverswim(); print('h5py' in sys.modules)"],
            capture_output=True, text=True, check=True)
        self.assertEqual(result.stdout.strip(), "False")


if __name__ == "__main__":
    unittest.main()
