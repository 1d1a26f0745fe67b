"""A paper's claims declared as data: the macros of analysis/BUILD.

Each paper's claims files analysis/<paper>/*_claims.cc register their claims themselves
(analysis/claims/registry.h, RegisterClaims at static initialisation). dprl_paper_claims, given
every claims file by a glob, links each paper's files into one library <paper>_claims with
alwayslink = 1, so the registrations survive linking, and marks it; the claims binary and the
tests that read the registry, declared after the dprl_paper_claims call, take
dprl_paper_claims_libraries() as deps, so a new claims file edits no BUILD file:

    dprl_paper_claims(
        srcs = glob(["*/*_claims.cc"]),
        deps = _PAPER_CLAIMS_DEPS,
    )
"""

load("@rules_cc//cc:defs.bzl", "cc_library")

_PAPER_CLAIMS_TAG = "dprl_paper_claims"

def dprl_paper_claims(srcs, deps = []):
    """One claims library <paper>_claims per paper folder of `srcs` (<paper>/<file>_claims.cc).

    Args:
      srcs: every claims file, e.g. glob(["*/*_claims.cc"]); each registers its claims
        (RegisterClaims).
      deps: deps beyond the claims registry, report and statistics (":claims_registry") and
        what every claims file reads (PAPER_CLAIMS_DEPS in analysis/BUILD).
    """
    by_paper = {}
    for src in srcs:
        paper = src.split("/")[0]
        by_paper[paper] = by_paper.get(paper, []) + [src]
    for paper in sorted(by_paper):
        cc_library(
            name = paper + "_claims",
            srcs = by_paper[paper],
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
