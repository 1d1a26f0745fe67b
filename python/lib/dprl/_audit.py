"""dprl.audit: the empirical privacy audit (audit/auditor.h) of any Python callable.

A sampler is a function of one dprl.RandomStream that runs the mechanism (or the agent) on one of
the two neighbouring inputs and returns the observation, a float or a sequence of floats. All its
randomness must come from that stream (a fresh agent per call, seeded from it), so that an audit
is reproducible and its trials independent: dprl.audit checks that a stream gives the same
observation twice before it runs. Everything statistical is the C++ auditor's
(docs/privacy_audit.md): the event search on the training half, the exact Clopper-Pearson bound
on the held-out half, the verdict.
"""
import math
import warnings
from dataclasses import dataclass
from typing import Optional

from dprl import _dprl


@dataclass(frozen=True)
class AuditReport:
    """What an audit found: the bound, the event, the counts and the verdict on the claim."""

    claimed_epsilon: float
    target_delta: float
    confidence_beta: float
    trials: int
    trials_needed: Optional[int]  # fewest trials that could refute the claim (None: none can)
    result: object  # dprl.AuditResult
    verdict: str  # "refuted" or "no evidence against the claim"
    control_epsilon_lower: Optional[float]  # the A/A control's bound (first against first)

    @property
    def epsilon_lower(self) -> float:
        return self.result.epsilon_lower

    def __str__(self) -> str:
        r = self.result
        event = f"{r.statistic} {'>=' if r.upper_tail else '<='} {r.threshold:.6g}"
        order = "second input vs first" if r.swapped else "first input vs second"
        lines = [
            f"claim: ({self.claimed_epsilon:g}, {self.target_delta:g})-DP",
            f"trials: {self.trials} per input (half train the event, half test it); "
            f"confidence 1 - {self.confidence_beta:g}",
            f"event: {event} ({order})",
            f"held-out counts: {r.count_first}/{r.heldout_trials} vs "
            f"{r.count_second}/{r.heldout_trials}",
            f"epsilon lower bound: {r.epsilon_lower:.4f} (point estimate {r.epsilon_point:.4f})",
            f"verdict: {self.verdict}",
        ]
        if self.trials_needed is not None and self.trials < self.trials_needed:
            lines.append(f"note: {self.trials} trials cannot refute this claim; "
                         f"{self.trials_needed} could")
        if self.control_epsilon_lower is not None:
            lines.append(f"A/A control (first against first): bound {self.control_epsilon_lower:.4f}"
                         + ("" if self.control_epsilon_lower == 0.0 else " (nonzero: see docs)"))
        return "\n".join(lines)


def _statistics_list(statistics, length):
    if statistics is None:
        if length == 1:
            return [("observation", lambda o: o[0])]
        # A vector observation: each entry and their sum.
        named = [(f"entry {i}", (lambda i: lambda o: o[i])(i)) for i in range(length)]
        return named + [("sum", lambda o: math.fsum(o))]
    items = list(statistics.items()) if isinstance(statistics, dict) else list(statistics)
    for item in items:
        if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str)
                and callable(item[1])):
            raise TypeError("audit: statistics must be a dict or a list of (name, function) "
                            f"pairs, got {item!r}")
    return items


def _observation(sampler, stream):
    return _dprl._audit_observation(sampler(stream))


def _observation_length(name, sampler, seed, input_index, num_checks):
    """The length of the sampler's observations, from its first trial, after running each of its
    first num_checks trials twice on copies of the trial's stream (ValueError if they differ)."""
    length = None
    for trial in range(max(num_checks, 1)):
        stream = _dprl.audit_trial_stream(seed, input_index, trial)
        once = _observation(sampler, stream.copy())
        if length is None:
            length = len(once)
        if trial < num_checks:
            again = _observation(sampler, stream.copy())
            if once != again:
                raise ValueError(
                    f"audit: sampler '{name}' is not a function of its stream: trial {trial} gave "
                    f"{once} and then {again} (take all randomness from the stream, e.g. build a "
                    "fresh agent from it in every call)")
    return length


def audit(first, second, *, claimed_epsilon, target_delta=0.0, trials=20000,
          confidence_beta=1e-6, statistics=None, seed=1, max_thresholds=400,
          determinism_checks=3, control=False):
    """Audits the claim that the mechanism behind `first` and `second` is
    (claimed_epsilon, target_delta)-DP for this pair of neighbouring inputs.

    first, second: callables of a dprl.RandomStream returning the observation (a float or a
      sequence of floats) of one run on each input.
    trials: runs per input (>= 2); half choose the event, half test it.
    confidence_beta: the probability that the bound exceeds the true privacy loss, in (0, 1).
    statistics: candidate statistics of a vector observation, {name: function} or [(name,
      function)]; default: the observation itself (a float), or each entry and the sum.
    seed: the trials' streams are dprl.audit_trial_stream(seed, input, trial).
    determinism_checks: trials of each input run twice on copies of their stream first; a
      sampler that returns something else the second time raises ValueError.
    control: also run the A/A audit (first against first, seed + 1): its bound is 0 with
      probability >= 1 - confidence_beta; a nonzero one means the sampler is not what it seems.

    Returns an AuditReport (str() gives a readable report). The verdict is "refuted" or "no
    evidence against the claim", never "private". Raises TypeError for a non-callable sampler or
    a bad statistics argument, ValueError for a bad option (the C++ message) or a sampler that
    is not a function of its stream; an exception a sampler raises propagates.
    """
    for name, sampler in (("first", first), ("second", second)):
        if not callable(sampler):
            raise TypeError(f"audit: {name} must be callable, got {type(sampler).__name__}")
    if not isinstance(claimed_epsilon, (int, float)) or not math.isfinite(claimed_epsilon) \
            or claimed_epsilon < 0:
        raise ValueError(f"audit: claimed_epsilon must be a finite number >= 0, got "
                         f"{claimed_epsilon!r}")
    if not isinstance(determinism_checks, int) or determinism_checks < 0:
        raise ValueError(f"audit: determinism_checks must be an int >= 0, got "
                         f"{determinism_checks!r}")
    # The options first (the C++ validation), before any sampler runs.
    _dprl.max_reportable_epsilon(trials, confidence_beta, target_delta)
    lengths = {_observation_length("first", first, seed, 0, determinism_checks),
               _observation_length("second", second, seed, 1, determinism_checks)}
    if len(lengths) != 1:
        raise ValueError(f"audit: first and second return observations of lengths {sorted(lengths)}")
    candidates = _statistics_list(statistics, lengths.pop())
    try:
        needed = _dprl.trials_needed_to_refute(claimed_epsilon, confidence_beta, target_delta)
    except ValueError:
        needed = None
    if needed is None or trials < needed:
        warnings.warn(f"audit: {trials} trials per input cannot refute epsilon = "
                      f"{claimed_epsilon:g}" + (f"; {needed} could" if needed else ""),
                      stacklevel=2)
    result = _dprl._audit_neighbours(first, second, candidates, trials, confidence_beta,
                                     target_delta, max_thresholds, seed)
    control_bound = None
    if control:
        control_bound = _dprl._audit_neighbours(first, first, candidates, trials,
                                                confidence_beta, target_delta, max_thresholds,
                                                seed + 1).epsilon_lower
    return AuditReport(claimed_epsilon=float(claimed_epsilon), target_delta=float(target_delta),
                       confidence_beta=float(confidence_beta), trials=int(trials),
                       trials_needed=needed, result=result,
                       verdict=_dprl.audit_verdict(result, claimed_epsilon),
                       control_epsilon_lower=control_bound)
