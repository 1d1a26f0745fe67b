"""dprl.attributes: the names of a results file's attributes and regret datasets, as the C++
schema that writes them declares them (schema/attribute_fields.h, common/hdf5_names.h;
docs/hdf5_schema.md, "Attribute reference"), so that Python code spells no attribute name.

    group.attrs[dprl.attributes.PRIVACY_EPSILON]       # "privacy_epsilon"
    dprl.attributes.DOCS[dprl.attributes.PRIVACY_EPSILON]   # its doc, as the C++ bindings give it
    group.datasets[dprl.attributes.CUMULATIVE_REGRET]

Every attribute field is a constant named by its name in upper case; DOCS and TYPES ("int64",
"float64" or "string") map each name to its doc and its HDF5 type. The dataset constants are
EPISODE_GRID, CUMULATIVE_REGRET and TOTAL_REGRET.
"""
from dprl import _dprl

DOCS = {}
TYPES = {}
for _name, _type, _doc in _dprl._attribute_fields():
    globals()[_name.upper()] = _name
    DOCS[_name] = _doc
    TYPES[_name] = _type
for _name in _dprl._regret_dataset_names():
    globals()[_name.upper()] = _name
del _name, _type, _doc
