"""dprl.results: read a dprl results file (docs/hdf5_schema.md) into NumPy arrays.

    results = dprl.results.load("results/vietri_fig/vietri_fig.h5")
    results.attrs["scale"]                        # root attributes (provenance)
    group = results.groups["riverswim_pucb_eps=1000"]
    group.attrs["agent"], group.datasets["cumulative_regret"]   # [seeds, grid points]
    results.frame("cumulative_regret")            # pandas long table, if pandas is installed

load() refuses, with ValueError, what the analysis binaries refuse, by the same C++ check
(analysis/results_check.h, CheckResultsFile): a file that is not a dprl results file or has another
schema version, a dataset that is not numeric 1-D/2-D, holds NaN or +-inf or has not one row per
seed, and a regret group that is incomplete or mis-shaped (episode_grid, cumulative_regret,
total_regret, attributes env and agent).

h5py (Debian python3-h5py) is imported by load(), not by `import dprl`: the rest of dprl runs
without it.
"""
import dataclasses
from typing import Dict

import numpy as np

from dprl import _dprl


@dataclasses.dataclass
class Group:
    """One configuration: its parameters (attributes) and its datasets."""

    name: str
    attrs: Dict[str, object]
    datasets: Dict[str, np.ndarray]


@dataclasses.dataclass
class Results:
    """A whole results file: root attributes and one Group per configuration, in file order."""

    path: str
    attrs: Dict[str, object]
    groups: Dict[str, Group]

    def frame(self, dataset: str):
        """A pandas DataFrame with one row per (group, seed, column) of `dataset`.

        Columns: group, the group's attributes, seed, column, value. Raises ImportError when
        pandas (Debian python3-pandas) is not installed, KeyError when no group has `dataset`.
        """
        import pandas as pd  # optional dependency

        rows = []
        for group in self.groups.values():
            if dataset not in group.datasets:
                continue
            values = np.atleast_2d(group.datasets[dataset])
            for seed in range(values.shape[0]):
                for column in range(values.shape[1]):
                    rows.append({"group": group.name, **group.attrs, "seed": seed,
                                 "column": column, "value": values[seed, column]})
        if not rows:
            raise KeyError(f"no group of {self.path} has a dataset '{dataset}'")
        return pd.DataFrame(rows)


def _attributes(node) -> Dict[str, object]:
    out = {}
    for key, value in node.attrs.items():
        if isinstance(value, bytes):
            value = value.decode("utf-8")
        elif isinstance(value, np.generic):
            value = value.item()
        out[key] = value
    return out


def load(path: str) -> Results:
    """Reads every group of a results file; ValueError for files the analysis binaries refuse."""
    import h5py  # only here: `import dprl` does not need h5py

    path = str(path)
    _dprl.check_results_file(path)
    with h5py.File(path, "r") as f:
        groups = {}
        for name, node in f.items():
            if not isinstance(node, h5py.Group):
                continue
            datasets = {key: value[()] for key, value in node.items()
                        if isinstance(value, h5py.Dataset)}
            groups[name] = Group(name=name, attrs=_attributes(node), datasets=datasets)
        return Results(path=path, attrs=_attributes(f), groups=groups)
