"""Chowdhury et al. 2021's Thm. 1 expression (Thm. 3: with the private lambda_min = Lambda,
lambda_max = 3 Lambda, nu), every term's constant 1, evaluated from a private_ofu_fig group's
attributes (h5py) independently of analysis/chowdhury/chowdhury_claims.cc, for the claims tests:
  H sqrt(k) sqrt(H),  H sqrt(k) n(n+d) psi,  H sqrt(k) ln(1/alpha),
  H sqrt(k) (sqrt(lambda_max) + nu) sqrt(n(n+d) psi),  psi = ln(1 + H k / ((n+d) lambda_min));
ofu_rl (no Lambda attribute): lambda_min = lambda_max = regularizer_lambda, nu = 0.
"""
import math

import numpy


def _constants(attrs):
    if "Lambda" in attrs:
        return attrs["Lambda"], 3.0 * attrs["Lambda"], attrs["nu"]
    return attrs["regularizer_lambda"], attrs["regularizer_lambda"], 0.0


def epsilon_terms(attrs, k):
    """The terms that depend on eps (through lambda_min, lambda_max, nu), without the common
    H sqrt(k): n(n+d) psi, sqrt(lambda_max) sqrt(n(n+d) psi), nu sqrt(n(n+d) psi)."""
    n, d, h = attrs["state_dim"], attrs["control_dim"], attrs["horizon"]
    lambda_min, lambda_max, nu = _constants(attrs)
    nd = n * (n + d)
    psi = math.log(1.0 + h * k / ((n + d) * lambda_min))
    return [nd * psi, math.sqrt(lambda_max) * math.sqrt(nd * psi), nu * math.sqrt(nd * psi)]


def terms(attrs, k):
    """The four terms at k episodes."""
    h = attrs["horizon"]
    design, regularizer, noise = epsilon_terms(attrs, k)
    common = h * math.sqrt(k)
    return [common * math.sqrt(h), common * design,
            common * math.log(1.0 / attrs["confidence_alpha"]), common * (regularizer + noise)]


def expression(attrs, k):
    """Their sum."""
    return sum(terms(attrs, k))


def runs(lq, env, agent):
    """(eps, group) of `agent` on `env` in an opened private_ofu_fig file, by eps (eps None for
    ofu_rl)."""
    found = [(g.attrs.get("privacy_epsilon"), g) for g in lq.values()
             if g.attrs["env"] == env and g.attrs["agent"] == agent]
    return sorted(found, key=lambda pair: pair[0] or 0.0)


def loglog_slope(x, y):
    """Least-squares slope of log y on log x."""
    return numpy.polyfit(numpy.log(numpy.asarray(x, float)), numpy.log(numpy.asarray(y, float)),
                         1)[0]


def implied_constant(ratios, alpha, level=0.05):
    """The smallest C that a one-sided binomial test at `level` does not reject for
    P(ratio > C) <= alpha: the (k* + 1)-th largest ratio, k* the most exceedances with
    P(Bin(n, alpha) >= k*) >= level (0 when every seed may exceed)."""
    n = len(ratios)

    def upper_tail(k):
        return sum(math.comb(n, j) * alpha ** j * (1 - alpha) ** (n - j) for j in range(k, n + 1))

    allowed = 0
    while allowed < n and upper_tail(allowed + 1) >= level:
        allowed += 1
    ordered = sorted(ratios, reverse=True)
    return 0.0 if allowed >= n else ordered[allowed]


def largest_implied_constant(lq, env, agent):
    """The largest over `agent`'s runs on `env` of the implied constant of R_s(K) / expression at
    K (failure probability confidence_alpha): what chowdhury.implied_constant.* reports."""
    return max(implied_constant(g["cumulative_regret"][:, -1] /
                                expression(g.attrs, g["episode_grid"][0, -1]),
                                g.attrs["confidence_alpha"]) for _, g in runs(lq, env, agent))
