"""The dprl installed from the wheel (run by python/tests/wheel_test.sh with the virtual
environment's interpreter, outside the repository): it is imported from the environment's
site-packages, its version is the build stamp's, and its metadata's Requires-External packages
own every shared library the extension needs.

    installed_wheel_test.py BUILD_WHEEL_PY
"""
import importlib.metadata
import importlib.util
import os
import re
import subprocess
import sys
import sysconfig
import unittest

import dprl

BUILD_WHEEL = None  # python/packaging/build_wheel.py, loaded from argv[1]


def needed_libraries(shared_object):
    """(soname, resolved path) of each NEEDED entry of `shared_object`."""
    dynamic = subprocess.run(["readelf", "-d", shared_object], capture_output=True, text=True,
                             check=True).stdout
    resolved = dict(re.findall(r"^\s*(\S+) => (\S+)", subprocess.run(
        ["ldd", shared_object], capture_output=True, text=True, check=True).stdout, re.M))
    return [(name, resolved.get(name)) for name in re.findall(r"\(NEEDED\).*\[(.*)\]", dynamic)]


class InstalledWheelTest(unittest.TestCase):

    def test_imported_from_the_environment_not_the_repository(self):
        site_packages = sysconfig.get_paths()["purelib"]
        self.assertTrue(sys.prefix != sys.base_prefix, "not run in a virtual environment")
        self.assertEqual(os.path.dirname(os.path.dirname(dprl.__file__)), site_packages)
        self.assertNotIn("bazel-out", dprl.__file__)  # not bazel-bin's package
        self.assertNotIn(".runfiles", dprl.__file__)
        self.assertTrue(dprl._dprl.__file__.startswith(site_packages))
        self.assertTrue(dprl._dprl.__file__.endswith(sysconfig.get_config_var("EXT_SUFFIX")))

    def test_version_is_the_build_stamp(self):
        self.assertNotEqual(dprl.__version__, "")
        self.assertEqual(importlib.metadata.version("dprl"),
                         BUILD_WHEEL.pep440_version(dprl.__version__))

    def test_pep440_version_of_the_stamp(self):
        for describe, version in [("v1.2-5-gabc1234-dirty", "1.2+5.gabc1234.dirty"),
                                  ("1.2", "1.2"), ("v0.3-1-g0123abc", "0.3+1.g0123abc"),
                                  ("abc1234", "0+gabc1234"), ("abc1234-dirty", "0+gabc1234.dirty"),
                                  ("unknown", "0+unknown"), ("3926572", "0+g3926572"),
                                  ("3926572-dirty", "0+g3926572.dirty")]:
            self.assertEqual(BUILD_WHEEL.pep440_version(describe), version)
        with self.assertRaisesRegex(ValueError, "build stamp version 'release-x'"):
            BUILD_WHEEL.pep440_version("release-x")

    def test_required_debian_packages_own_every_needed_library(self):
        metadata = importlib.metadata.metadata("dprl")
        required = metadata.get_all("Requires-External")
        self.assertEqual(required, BUILD_WHEEL.REQUIRED_DEBIAN_PACKAGES)
        needed = needed_libraries(dprl._dprl.__file__)
        self.assertIn("libhdf5_serial.so.103", [name for name, _ in needed])
        for name, path in needed:
            with self.subTest(library=name):
                self.assertIsNotNone(path, name + " not found by the dynamic loader")
                owner = subprocess.run(["dpkg", "-S", os.path.realpath(path)],
                                       capture_output=True, text=True)
                if owner.returncode != 0:  # usrmerge: dpkg may know the /lib path only
                    owner = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True)
                self.assertEqual(owner.returncode, 0, owner.stderr)
                package = owner.stdout.split(":")[0]
                self.assertIn(package, required)

    def test_the_record_lists_every_installed_file_with_its_hash(self):
        files = importlib.metadata.files("dprl")
        names = {str(f) for f in files}
        self.assertIn("dprl/__init__.py", names)
        self.assertIn("dprl/_build_config.py", names)
        for f in files:
            if f.hash is not None:
                with self.subTest(file=str(f)):
                    self.assertEqual(f.hash.mode, "sha256")
                    self.assertEqual(os.path.getsize(f.locate()), f.size)


if __name__ == "__main__":
    spec = importlib.util.spec_from_file_location("build_wheel", sys.argv[1])
    BUILD_WHEEL = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(BUILD_WHEEL)
    unittest.main(argv=sys.argv[:1])
