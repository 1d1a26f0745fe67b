"""Packs the dprl package (python/lib/dprl + the extension module) into a platform wheel.

    run_python.sh build_wheel.py OUT_DIR STABLE_STATUS PACKAGE_FILE...

Run with the interpreter the extension is built for (@python_libs): the wheel's tags are that
interpreter's (cp311-cp311-linux_x86_64 for Debian 12's /usr/bin/python3), so pip refuses the
wheel for any other Python version. Writes OUT_DIR/dprl-VERSION-TAG.whl, a zip of
  dprl/<each PACKAGE_FILE>      _dprl.so is stored under the interpreter's extension suffix
                                (_dprl.cpython-311-x86_64-linux-gnu.so)
  dprl-VERSION.dist-info/       WHEEL, METADATA, RECORD (sha256 of every file), PEP 427
with fixed timestamps, so the same inputs give the same bytes.

VERSION is the build stamp's (STABLE_DPRL_VERSION of Bazel's stable status file, what every
binary's --version and dprl.__version__ print: `git describe --tags --always --dirty`) written as
a PEP 440 version (pep440_version).

The shared libraries the extension links are not bundled: they are Debian 12 packages, named in
METADATA as Requires-External (REQUIRED_DEBIAN_PACKAGES; the wheel test checks that they own
every library the extension needs). NumPy (and h5py, for dprl.results) come from Debian too:
install the wheel into a virtual environment made with --system-site-packages.
"""
import base64
import hashlib
import os
import re
import sys
import sysconfig
import zipfile

# The Debian 12 runtime packages owning the shared libraries _dprl.so needs (readelf -d: NEEDED).
# The -dev packages of deps/debian_packages.txt depend on them, so a machine that builds dprl has
# them all. (PLplot draws AuditReport.plot's PNG; its cairo driver, plplot-driver-cairo, is loaded
# at run time and listed too.)
REQUIRED_DEBIAN_PACKAGES = [
    "libabsl20220623",
    "libc6",
    "libceres3",
    "libgcc-s1",
    "libgflags2.2",
    "libglpk40",
    "libgoogle-glog0v6",
    "libhdf5-103-1",
    "libplplot17",
    "libplplotcxx15",
    "libstdc++6",
    "libtomlplusplus3",
    "plplot-driver-cairo",
]

# Zip entries' time (the earliest a zip can store): the wheel's bytes depend on its contents only.
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def pep440_version(describe):
    """`git describe --tags --always --dirty` output as a PEP 440 version.

    'v1.2-5-gabc1234-dirty' -> '1.2+5.gabc1234.dirty', '1.2' -> '1.2',
    'abc1234' (no tag) -> '0+gabc1234', 'abc1234-dirty' -> '0+gabc1234.dirty',
    'unknown' (not built from a git checkout) -> '0+unknown'. Raises ValueError otherwise.
    A bare commit of 7 or more hex digits (git's shortest abbreviation) is a commit even when all
    its digits are decimal: '3926572' -> '0+g3926572', never the release 3926572.
    """
    untagged = re.fullmatch(r"([0-9a-f]{4,40})(-dirty)?", describe)
    tagged = re.fullmatch(r"v?(\d+(?:\.\d+)*)(?:-(\d+)-g([0-9a-f]+))?(-dirty)?", describe)
    if untagged and (len(untagged.group(1)) >= 7 or not tagged):
        return "0+g" + untagged.group(1) + (".dirty" if untagged.group(2) else "")
    if tagged:
        release, distance, commit, dirty = tagged.groups()
        local = ([distance, "g" + commit] if distance else []) + (["dirty"] if dirty else [])
        return release + ("+" + ".".join(local) if local else "")
    if describe == "unknown":
        return "0+unknown"
    raise ValueError("build stamp version %r is neither a version tag (v1.2[-N-gHASH][-dirty]) "
                     "nor a commit (HASH[-dirty])" % describe)


def stamped_version(stable_status_path):
    """STABLE_DPRL_VERSION of Bazel's stable status file ('unknown' when absent)."""
    with open(stable_status_path) as status:
        for line in status:
            key, _, value = line.rstrip("\n").partition(" ")
            if key == "STABLE_DPRL_VERSION" and value:
                return value
    return "unknown"


def wheel_tag():
    """The running interpreter's wheel tag, e.g. 'cp311-cp311-linux_x86_64'."""
    if sys.implementation.name != "cpython":
        raise ValueError("dprl's wheel is built for CPython, not " + sys.implementation.name)
    python = "cp%d%d" % sys.version_info[:2]
    platform = re.sub(r"[-.]", "_", sysconfig.get_platform())
    return "%s-%s%s-%s" % (python, python, sys.abiflags, platform)


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


def _metadata(version):
    lines = [
        "Metadata-Version: 2.1",
        "Name: dprl",
        "Version: " + version,
        "Summary: Exact differential-privacy mechanisms, accountants, environments and agents "
        "(the dprl C++ library)",
        "Requires-Python: ==%d.%d.*" % sys.version_info[:2],
        "Requires-Dist: numpy",
        "Provides-Extra: results",
        'Requires-Dist: h5py; extra == "results"',
    ]
    lines += ["Requires-External: " + package for package in REQUIRED_DEBIAN_PACKAGES]
    lines += [
        "Description-Content-Type: text/markdown",
        "",
        "`import dprl`: the C++ library's mechanisms, accountants, environments and agents, for "
        "the interpreter this wheel is tagged for, on Debian 12 with the Requires-External "
        "packages installed (docs/python.md, \"Installing the wheel\").",
    ]
    return "\n".join(lines) + "\n"


def build_wheel(out_dir, version, package_files):
    """Writes the wheel of `package_files` (paths) into out_dir; returns its path."""
    tag = wheel_tag()
    dist_info = "dprl-%s.dist-info" % version
    entries = []
    for path in sorted(package_files):
        name = os.path.basename(path)
        if name == "_dprl.so":
            name = "_dprl" + sysconfig.get_config_var("EXT_SUFFIX")
        with open(path, "rb") as f:
            entries.append(("dprl/" + name, f.read()))
    entries.append((dist_info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: dprl build_wheel.py\n"
                                           "Root-Is-Purelib: false\nTag: %s\n" % tag).encode()))
    entries.append((dist_info + "/METADATA", _metadata(version).encode()))
    record = [_record_line(name, data) for name, data in entries] + [dist_info + "/RECORD,,"]
    entries.append((dist_info + "/RECORD", ("\n".join(record) + "\n").encode()))

    wheel_path = os.path.join(out_dir, "dprl-%s-%s.whl" % (version, tag))
    with zipfile.ZipFile(wheel_path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in entries:
            info = zipfile.ZipInfo(name, _ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (0o755 if name.endswith(".so") else 0o644) << 16
            wheel.writestr(info, data)
    return wheel_path


def main(argv):
    if len(argv) < 4:
        sys.exit("usage: build_wheel.py OUT_DIR STABLE_STATUS PACKAGE_FILE...")
    out_dir, stable_status, package_files = argv[1], argv[2], argv[3:]
    os.makedirs(out_dir, exist_ok=True)
    build_wheel(out_dir, pep440_version(stamped_version(stable_status)), package_files)


if __name__ == "__main__":
    main(sys.argv)
