"""Compares two dprl results files (docs/hdf5_schema.md) with h5py, bit for bit.

usage: compare_results.py A.h5 B.h5

Every group, attribute and dataset must be identical (float64 data compared as raw bits, so
NaNs and signed zeros count too), except the root attribute command_line, which records how
each run was started. Exits 1 with a description of the first difference.
"""
import sys

import h5py
import numpy as np


def fail(message):
    print("compare_results: " + message, file=sys.stderr)
    sys.exit(1)


def attrs(obj, skip=()):
    return {k: obj.attrs[k] for k in obj.attrs if k not in skip}


def same_value(a, b):
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.dtype.kind == "f":
        return a.tobytes() == b.tobytes()
    return bool(np.all(a == b))


def compare_attrs(where, a, b):
    if sorted(a) != sorted(b):
        fail(f"{where}: attribute names differ: {sorted(a)} vs {sorted(b)}")
    for key in a:
        if not same_value(a[key], b[key]):
            fail(f"{where}: attribute {key} differs: {a[key]!r} vs {b[key]!r}")


def main():
    if len(sys.argv) != 3:
        fail("usage: compare_results.py A.h5 B.h5")
    with h5py.File(sys.argv[1], "r") as a, h5py.File(sys.argv[2], "r") as b:
        # Provenance that may differ between runs of the same results: how it was started and
        # the build that ran it (uncommitted changes, version, stamp time and host, and the code
        # version of each task where they differ: task_code_versions).
        provenance = ("command_line", "git_dirty", "dprl_version", "build_time", "build_host",
                      "task_code_versions")
        compare_attrs("/", attrs(a, provenance), attrs(b, provenance))
        if list(a) != list(b):
            fail(f"groups differ: {list(a)} vs {list(b)}")
        datasets = 0
        for name in a:
            compare_attrs(name, attrs(a[name]), attrs(b[name]))
            if list(a[name]) != list(b[name]):
                fail(f"{name}: datasets differ: {list(a[name])} vs {list(b[name])}")
            for key in a[name]:
                x, y = a[name][key], b[name][key]
                if x.dtype != np.float64 or y.dtype != np.float64:
                    fail(f"{name}/{key}: not float64")
                if x.shape != y.shape or x[()].tobytes() != y[()].tobytes():
                    fail(f"{name}/{key}: data differ")
                datasets += 1
        if datasets == 0:
            fail("no datasets compared")
    print(f"compare_results: identical ({datasets} datasets)")


if __name__ == "__main__":
    main()
