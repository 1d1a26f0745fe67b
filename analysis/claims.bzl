"""A paper's claims declared as data: the macros of analysis/BUILD.

Each paper's claims file analysis/<paper>/<paper>_claims.cc registers its claims itself
(analysis/claims/registry.h, RegisterClaims at static initialisation). dprl_paper_claims links it
with alwayslink = 1, so the registration survives linking, and marks it; the claims binary and
the tests that read the registry, declared after every dprl_paper_claims call, take
dprl_paper_claims_libraries() as deps, so a new paper's claims edit no list:

    dprl_paper_claims(
        name = "lu_claims",
        srcs = ["lu/lu_claims.cc"],
    )
"""

load("@rules_cc//cc:defs.bzl", "cc_library")

_PAPER_CLAIMS_TAG = "dprl_paper_claims"

def dprl_paper_claims(name, srcs, deps = []):
    """The claims library <name>: `srcs` register their claims (RegisterClaims).

    Args:
      name: the library, e.g. "lu_claims".
      srcs: the paper's claims files (several when a paper's claims are split by theorem).
      deps: deps beyond the claims registry, report and statistics (":claims_registry") and
        what every claims file reads (PAPER_CLAIMS_DEPS in analysis/BUILD).
    """
    cc_library(
        name = name,
        srcs = srcs,
        alwayslink = 1,
        tags = [_PAPER_CLAIMS_TAG],
        deps = [":claims_registry"] + deps,
    )

def dprl_paper_claims_libraries():
    """The dprl_paper_claims libraries declared above this call."""
    return sorted([
        ":" + rule["name"]
        for rule in native.existing_rules().values()
        if _PAPER_CLAIMS_TAG in rule.get("tags", [])
    ])
