"""dprl.results.load reads a results file into arrays and refuses what the analysis binaries
refuse, by their check (analysis/results_check.h): no dprl schema attribute, another schema
version, non-finite values, datasets without one row per seed, incomplete or mis-shaped regret
groups."""
import os
import tempfile
import unittest

import h5py
import numpy as np

import dprl
from dprl import attributes


def write(path, version=dprl.RESULTS_SCHEMA_VERSION, value=1.5, grid_rows=2, total=True):
    """A two-seed regret group (docs/hdf5_schema.md); the arguments break one rule each."""
    with h5py.File(path, "w") as f:
        if version is not None:
            f.attrs[dprl.SCHEMA_VERSION_ATTRIBUTE] = np.int64(version)
        f.attrs[attributes.EXPERIMENT] = "toy"
        f.attrs[attributes.SEEDS] = np.int64(2)
        group = f.create_group("riverswim_pucb")
        group.attrs[attributes.ENV] = "riverswim"
        group.attrs[attributes.AGENT] = "pucb"
        group.attrs[attributes.PRIVACY_EPSILON] = 1000.0
        group.create_dataset(attributes.CUMULATIVE_REGRET,
                             data=np.array([[0.5, value], [0.25, 2.0]]))
        group.create_dataset(attributes.EPISODE_GRID, data=np.array([[1.0, 2.0]] * grid_rows))
        if total:
            group.create_dataset(attributes.TOTAL_REGRET, data=np.array([value, 2.0]))


class ResultsTest(unittest.TestCase):

    def setUp(self):
        self.directory = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        self.path = os.path.join(self.directory, "toy.h5")

    def test_load(self):
        write(self.path)
        results = dprl.results.load(self.path)
        self.assertEqual(results.attrs[attributes.EXPERIMENT], "toy")
        self.assertEqual(results.attrs[dprl.SCHEMA_VERSION_ATTRIBUTE], 2)
        group = results.groups["riverswim_pucb"]
        self.assertEqual(group.attrs,
                         {attributes.ENV: "riverswim", attributes.AGENT: "pucb",
                          attributes.PRIVACY_EPSILON: 1000.0})
        np.testing.assert_array_equal(group.datasets[attributes.CUMULATIVE_REGRET],
                                      [[0.5, 1.5], [0.25, 2.0]])

    def test_attribute_names_are_the_schema_fields(self):
        # dprl.attributes holds every field of schema/attribute_fields.h: each constant is the
        # name the C++ writers use, with its doc and HDF5 type.
        self.assertEqual(set(attributes.DOCS), set(attributes.TYPES))
        for name, doc in attributes.DOCS.items():
            self.assertEqual(getattr(attributes, name.upper()), name)
            self.assertTrue(doc, name)
            self.assertIn(attributes.TYPES[name], {"int64", "float64", "string"}, name)
        self.assertEqual(attributes.TYPES[attributes.PRIVACY_EPSILON], "float64")
        self.assertEqual(attributes.TYPES[attributes.SEEDS], "int64")

    def test_label_is_plain_utf8(self):
        # The writer stores `label` as a variable-length UTF-8 string (docs/hdf5_schema.md,
        # display labels); load() gives the text as written, with no PLplot escapes to undo.
        write(self.path)
        with h5py.File(self.path, "a") as f:
            f["riverswim_pucb"].attrs[attributes.LABEL] = "PUCB (ε=10, exact-tail E)"
        group = dprl.results.load(self.path).groups["riverswim_pucb"]
        self.assertEqual(group.attrs[attributes.LABEL], "PUCB (ε=10, exact-tail E)")

    def test_wrong_version_refused_with_the_analysis_message(self):
        write(self.path, version=1)
        with self.assertRaises(ValueError) as caught:
            dprl.results.load(self.path)
        self.assertIn("has dprl_schema_version 1; this binary reads version 2 (an older layout: "
                      "rerun the experiment)", str(caught.exception))

    def test_not_a_results_file(self):
        write(self.path, version=None)
        with self.assertRaisesRegex(ValueError, "is not a dprl results file"):
            dprl.results.load(self.path)

    def test_missing_file(self):
        with self.assertRaises(ValueError):
            dprl.results.load(os.path.join(self.directory, "absent.h5"))

    def test_non_finite_refused(self):
        write(self.path, value=float("nan"))
        with self.assertRaisesRegex(ValueError, "cumulative_regret' holds a non-finite value"):
            dprl.results.load(self.path)

    def test_mis_shaped_regret_group_refused_as_the_analysis_binaries_refuse_it(self):
        # Before, load accepted both files; regret_figure refused them with these messages.
        write(self.path, grid_rows=1)
        with self.assertRaisesRegex(ValueError, "root attribute 'seeds' is 2 but dataset "
                                                "'riverswim_pucb/episode_grid' has 1 seeds"):
            dprl.results.load(self.path)
        write(self.path, total=False)
        with self.assertRaisesRegex(ValueError, "group 'riverswim_pucb' has no dataset "
                                                "'total_regret'"):
            dprl.results.load(self.path)

    def test_frame(self):
        try:
            import pandas  # noqa: F401
        except ImportError:
            self.skipTest("python3-pandas is not installed (the frame view is optional)")
        write(self.path)
        frame = dprl.results.load(self.path).frame(attributes.CUMULATIVE_REGRET)
        self.assertEqual(len(frame), 4)
        self.assertEqual(list(frame["value"]), [0.5, 1.5, 0.25, 2.0])
        self.assertEqual(set(frame[attributes.AGENT]), {"pucb"})


if __name__ == "__main__":
    unittest.main()
