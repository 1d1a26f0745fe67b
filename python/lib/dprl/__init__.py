"""dprl: exact differential-privacy mechanisms, accountants, environments and agents.

Every function and class is the C++ implementation of the dprl library (the extension module
dprl._dprl); nothing is re-implemented in Python. Randomness always comes from an explicit
dprl.RandomStream, the C++ Philox stream: the same key gives the same bits as in C++.
C++ errors (absl::Status) are raised as ValueError with the C++ message. See docs/python.md.

Submodules: dprl.results (read results files with h5py).
"""
from dprl._dprl import *  # noqa: F401,F403  (the bindings are the API)
from dprl._dprl import RESULTS_SCHEMA_VERSION, SCHEMA_VERSION_ATTRIBUTE  # noqa: F401
from dprl import results  # noqa: F401


def fields(result) -> dict:
    """The named fields of a typed result (e.g. compute_rlsvi_privacy(...)) as a dict."""
    return {name: getattr(result, name) for name in dir(result)
            if not name.startswith("_") and not callable(getattr(result, name))}
