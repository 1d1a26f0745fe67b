"""dprl: exact differential-privacy mechanisms, accountants, environments and agents.

Every function and class is the C++ implementation of the dprl library (the extension module
dprl._dprl); nothing is re-implemented in Python. Randomness always comes from an explicit
dprl.RandomStream, the C++ Philox stream: the same key gives the same bits as in C++.
C++ errors (absl::Status) are raised as ValueError with the C++ message. See docs/python.md.

Tabular agents and environments are created by their registered names (tabular_agent,
tabular_environment); their keyword arguments are the registered parameters, listed with their
defaults by tabular_agent_parameters / tabular_environment_parameters and in the docstrings.

Submodules: dprl.results (read results files; needs h5py only when a file is loaded),
dprl.attributes (the names, docs and types of a results file's attributes, from the C++ schema).
dprl.audit(first, second, claimed_epsilon=...) audits any Python sampler with the C++ privacy
auditor, dprl.audit_tabular_agent(name, ...) a registered agent's JDP claim in C++
(docs/privacy_audit.md, "Audit your own agent").

The extension is built for one interpreter (dprl._build_config.BUILT_FOR); any other gets an
ImportError naming it before the extension is loaded (dprl._interpreter).
"""
from dprl import _build_config, _interpreter

_interpreter.check(_build_config.BUILT_FOR)

from dprl._dprl import *  # noqa: F401,F403,E402  (the bindings are the API)
from dprl._dprl import RESULTS_SCHEMA_VERSION, SCHEMA_VERSION_ATTRIBUTE  # noqa: F401,E402
from dprl._dprl import __version__  # noqa: F401,E402  (the build stamp, as --version prints it)
from dprl import attributes, results  # noqa: F401,E402
from dprl._audit import AuditReport, audit, audit_tabular_agent  # noqa: F401,E402  (docs/privacy_audit.md)


def fields(result) -> dict:
    """The named fields of a typed result (e.g. compute_rlsvi_privacy(...)) as a dict."""
    return {name: getattr(result, name) for name in dir(result)
            if not name.startswith("_") and not callable(getattr(result, name))}


def _require_type(caller, name, value, expected):
    if not isinstance(value, expected):
        raise TypeError(f"{caller}: {name} must be a dprl.{expected.__name__}, "
                        f"got {type(value).__name__}")


def tabular_agent(name, shape, *, noise_stream, **options):
    # The docstring, with every registered agent's parameters, is set below.
    if not isinstance(shape, (TabularShape, TabularMdp)):
        raise TypeError(f"tabular_agent: shape must be a dprl.TabularShape or a dprl.TabularMdp, "
                        f"got {type(shape).__name__}")
    _require_type("tabular_agent", "noise_stream", noise_stream, RandomStream)
    return _dprl._tabular_agent(name, shape, noise_stream, options)


def tabular_environment(name, *, generation_stream, **options):
    # The docstring, with every registered environment's parameters, is set below.
    _require_type("tabular_environment", "generation_stream", generation_stream, RandomStream)
    return _dprl._tabular_environment(name, generation_stream, options)


def _registered_parameters_doc(names, parameters):
    lines = []
    for name in names():
        specs = parameters(name)
        lines.append(f"  {name}" + ("" if specs else ": no parameters"))
        lines.extend(f"    {spec.name} ({spec.type}, default {spec.default!r}): {spec.doc}"
                     for spec in specs)
    return "\n".join(lines)


tabular_agent.__doc__ = f"""The registered tabular agent `name` for an MDP of `shape` (a TabularShape).

`shape` may also be the TabularMdp itself: agents that assume the rewards known (dp_nash_vi_jdp,
dp_nash_vi_ldp, nash_vi: Qiao & Wang 2024, Sec. 2.1) read its mean rewards and raise ValueError
for a shape alone; every other agent reads only the MDP's shape.

noise_stream (a RandomStream, copied, not advanced) is the agent's randomness: the privacy
noise of the private agents, the posterior samples of PSRL; agents that draw nothing ignore it.
It is required of every agent, so that no agent runs from a hidden seed. The keyword `options`
are the agent's registered parameters; each one not given takes its registered default. An
unknown keyword or a value of the wrong type raises TypeError, a bad value ValueError, each
naming the parameter. An agent with a num_episodes parameter (T) runs at most T episodes.

Registered agents (tabular_agent_names()) and their parameters (tabular_agent_parameters(name)):
{_registered_parameters_doc(tabular_agent_names, tabular_agent_parameters)}
"""

tabular_environment.__doc__ = f"""The registered tabular environment `name` (a TabularMdp).

generation_stream (a RandomStream, advanced) is the stream a random environment draws its
instance from; environments that draw nothing ignore it. The keyword `options` are the
environment's registered parameters, with its registered defaults, checked as in tabular_agent.

Registered environments (tabular_environment_names()) and their parameters
(tabular_environment_parameters(name)):
{_registered_parameters_doc(tabular_environment_names, tabular_environment_parameters)}
"""
