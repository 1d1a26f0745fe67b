"""dprl.audit: the empirical privacy audit (audit/auditor.h) of any Python callable, and
dprl.audit_tabular_agent: the JDP audit of a registered tabular agent, run in C++.

A sampler is a function of one dprl.RandomStream that runs the mechanism (or the agent) on one of
the two neighbouring inputs and returns the observation, a float or a sequence of floats. All its
randomness must come from that stream (a fresh agent per call, seeded from it), so that an audit
is reproducible and its trials independent: dprl.audit checks that a stream gives the same
observation twice before it runs. A batched sampler (batch_size=n) takes a list of streams and
returns one observation per stream. Everything statistical is the C++ auditor's
(docs/privacy_audit.md): the event search on the training half, the exact Clopper-Pearson bound
on the held-out half, the verdict.
"""
import math
import sys
import time
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
    # The chosen statistic's held-out values on the first and the second input (the bound's
    # order: swapped events count the second input first), for plot_text and your own plots.
    heldout_first: tuple = ()
    heldout_second: tuple = ()

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
        if self.trials_needed is None or self.trials < self.trials_needed:
            lines.append(f"note: {self.trials} trials cannot refute this claim"
                         + (f"; {self.trials_needed} could" if self.trials_needed else ""))
        if self.control_epsilon_lower is not None:
            lines.append(f"A/A control (first against first): bound {self.control_epsilon_lower:.4f}"
                         + ("" if self.control_epsilon_lower == 0.0 else " (nonzero: see docs)"))
        return "\n".join(lines)

    def histogram(self, bins=16):
        """(edges, counts of the first, counts of the second): the chosen statistic's held-out
        values in `bins` equal bins over their joint range (inputs in the bound's order)."""
        if not isinstance(bins, int) or bins < 1:
            raise ValueError(f"histogram: bins must be an int >= 1, got {bins!r}")
        values = self.heldout_first + self.heldout_second
        low, high = min(values), max(values)
        if high == low:
            high = low + 1.0
        edges = [low + (high - low) * b / bins for b in range(bins + 1)]

        def counts(sample):
            out = [0] * bins
            for v in sample:
                out[min(bins - 1, int((v - low) / (high - low) * bins))] += 1
            return out

        return edges, counts(self.heldout_first), counts(self.heldout_second)

    def plot(self, path):
        """Writes a PNG to `path`: the chosen statistic's held-out tail probabilities on both
        inputs (log scale) and the event's threshold (audit/audit_plot.h). ValueError for a path
        that cannot be written."""
        _dprl._write_audit_plot(str(path), list(self.heldout_first), list(self.heldout_second),
                                self.result, self.claimed_epsilon)

    def plot_text(self, bins=16, width=30):
        """The two held-out distributions of the chosen statistic as a text chart: one row per
        bin, a bar per input (# first, = second, bars scaled to the larger count), the event's
        bins marked '*'."""
        if not isinstance(width, int) or width < 1:
            raise ValueError(f"plot_text: width must be an int >= 1, got {width!r}")
        edges, first, second = self.histogram(bins)
        r = self.result
        top = max(first + second) or 1
        rows = [f"{r.statistic}: held-out values, # first input, = second input (bound's order); "
                f"* the event {'>=' if r.upper_tail else '<='} {r.threshold:.6g}"]
        for b in range(len(first)):
            inside = edges[b + 1] >= r.threshold if r.upper_tail else edges[b] <= r.threshold
            bar = lambda n, c: (c * math.ceil(width * n / top)).ljust(width)  # noqa: E731
            rows.append(f"{'*' if inside else ' '} [{edges[b]:>10.4g}, {edges[b + 1]:>10.4g}) "
                        f"{bar(first[b], '#')} {first[b]:>7d} | {bar(second[b], '=')} "
                        f"{second[b]:>7d}")
        return "\n".join(rows)


# What the Python side keeps per trial and input, at least: the observation (a list of one float:
# 64 bytes of list plus a 24-byte float) and its statistic value (a float and its list slot).
_PYTHON_BYTES_PER_OBSERVATION = 120.0

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


class _Progress:
    """Progress lines on stderr: always (True), never (False), or (None) once the audit has run
    for more than 5 s, then every 5 s."""

    def __init__(self, mode, total):
        if mode not in (None, True, False):
            raise ValueError(f"audit: progress must be None, True or False, got {mode!r}")
        self.mode, self.total, self.done, self.printed = mode, total, 0, False
        self.start = self.last = time.monotonic()

    def advance(self, count):
        self.done += count
        now = time.monotonic()
        if self.mode is False or (self.mode is None and now - self.start <= 5.0):
            return
        if self.printed and now - self.last < 5.0 and self.done != self.total:
            return
        eta = (now - self.start) / self.done * (self.total - self.done)
        print(f"audit: {self.done}/{self.total} trials, {now - self.start:.0f} s, "
              f"ETA {eta:.0f} s", file=sys.stderr, flush=True)
        self.printed, self.last = True, now


def _draw(name, sampler, seed, input_index, trials, batch_size, progress):
    """The observations of `trials` trials of one input (lists of floats)."""
    observations = []
    for start in range(0, trials, batch_size or 1):
        indices = range(start, min(trials, start + (batch_size or 1)))
        streams = [_dprl.audit_trial_stream(seed, input_index, i) for i in indices]
        if batch_size:
            batch = sampler(streams)
            if not hasattr(batch, "__len__") or len(batch) != len(streams):
                raise ValueError(f"audit: batched sampler '{name}' returned "
                                 f"{len(batch) if hasattr(batch, '__len__') else type(batch)}"
                                 f" observations for {len(streams)} streams")
            observations.extend(_dprl._audit_observation(o) for o in batch)
        else:
            observations.append(_dprl._audit_observation(sampler(streams[0])))
        progress.advance(len(streams))
    return observations


def _check_determinism(name, sampler, seed, input_index, num_checks, batch_size):
    """Runs each of the first num_checks trials twice on copies of its stream (ValueError if the
    two observations differ)."""
    for trial in range(num_checks):
        stream = _dprl.audit_trial_stream(seed, input_index, trial)
        runs = []
        for _ in range(2):
            value = sampler([stream.copy()])[0] if batch_size else sampler(stream.copy())
            runs.append(_dprl._audit_observation(value))
        if runs[0] != runs[1]:
            raise ValueError(
                f"audit: sampler '{name}' is not a function of its stream: trial {trial} gave "
                f"{runs[0]} and then {runs[1]} (take all randomness from the stream, e.g. build a "
                "fresh agent from it in every call)")


def _statistic_rows(name, candidates, observations):
    length = len(observations[0])
    for trial, o in enumerate(observations):
        if len(o) != length:
            raise ValueError(f"audit: observation of trial {trial} of input {name} has {len(o)} "
                             f"entries, the first one had {length}")
    return [[float(function(o)) for o in observations] for _, function in candidates]


def _run(first, second, candidates_for, trials, confidence_beta, target_delta, max_thresholds,
         seed, batch_size, progress):
    meter = _Progress(progress, 2 * trials)
    observations = [_draw(n, s, seed, j, trials, batch_size, meter)
                    for j, (n, s) in enumerate((("first", first), ("second", second)))]
    length = len(observations[0][0])
    if len(observations[1][0]) != length:
        raise ValueError(f"audit: first and second return observations of lengths "
                         f"{sorted({length, len(observations[1][0])})}")
    candidates = candidates_for(length)
    rows = [_statistic_rows(n, candidates, o) for n, o in zip(("first", "second"), observations)]
    names = [n for n, _ in candidates]
    result = _dprl._audit_sampled(names, rows[0], rows[1], trials, confidence_beta, target_delta,
                                  max_thresholds, seed)
    chosen = names.index(result.statistic)
    heldout = [tuple(row[chosen][trials // 2:]) for row in rows]
    if result.swapped:
        heldout.reverse()
    return result, heldout


def audit(first, second, *, claimed_epsilon, target_delta=0.0, trials=20000,
          confidence_beta=1e-6, statistics=None, seed=1, max_thresholds=400,
          determinism_checks=3, control=False, batch_size=None, progress=None):
    """Audits the claim that the mechanism behind `first` and `second` is
    (claimed_epsilon, target_delta)-DP for this pair of neighbouring inputs.

    first, second: callables of a dprl.RandomStream returning the observation (a float or a
      sequence of floats) of one run on each input; with batch_size, callables of a list of
      streams returning one observation per stream.
    trials: runs per input (>= 2); half choose the event, half test it.
    confidence_beta: the probability that the bound exceeds the true privacy loss, in
      [1e-300, 1).
    statistics: candidate statistics of the observation, {name: function} or [(name, function)],
      each function taking the observation as a list of floats (one entry for a float);
      default: the observation itself (a float), or each entry and the sum.
    seed: the trials' streams are dprl.audit_trial_stream(seed, input, trial).
    determinism_checks: trials of each input run twice on copies of their stream first; a
      sampler that returns something else the second time raises ValueError.
    control: also run the A/A audit (first against first, seed + 1): its bound is 0 with
      probability >= 1 - confidence_beta; a nonzero one means the sampler is not what it seems.
    batch_size: None (one stream per call) or the streams per call of a batched sampler (>= 1).
    progress: progress lines on stderr: None (after 5 s, every 5 s), True (always), False.

    Returns an AuditReport (str() gives a readable report, plot_text() the two distributions).
    The verdict is "refuted" or "no evidence against the claim", never "private". Raises
    TypeError for a non-callable sampler or a bad statistics argument, ValueError for a bad
    option (the C++ message) or a sampler that is not a function of its stream; an exception a
    sampler raises propagates. Before running, warns when `trials` cannot refute the claim.
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
    if batch_size is not None and (not isinstance(batch_size, int) or isinstance(batch_size, bool)
                                   or batch_size < 1):
        raise ValueError(f"audit: batch_size must be None or an int >= 1, got {batch_size!r}")
    _Progress(progress, 1)  # validates progress
    # The options first (the C++ validation), before any sampler runs; then the memory the
    # observations will take (one float per trial and input at least, as Python objects).
    _dprl.max_reportable_epsilon(trials, confidence_beta, target_delta)
    _dprl._check_audit_memory(trials, 1, _PYTHON_BYTES_PER_OBSERVATION)
    try:
        needed = _dprl.trials_needed_to_refute(claimed_epsilon, confidence_beta, target_delta)
    except ValueError:
        needed = None
    if needed is None or trials < needed:
        warnings.warn(f"audit: {trials} trials per input cannot refute epsilon = "
                      f"{claimed_epsilon:g}" + (f"; {needed} could" if needed else ""),
                      stacklevel=2)
    for index, (name, sampler) in enumerate((("first", first), ("second", second))):
        _check_determinism(name, sampler, seed, index, min(determinism_checks, trials),
                           batch_size)

    def candidates_for(length):
        return _statistics_list(statistics, length)

    options = (trials, confidence_beta, target_delta, max_thresholds)
    result, heldout = _run(first, second, candidates_for, *options, seed, batch_size, progress)
    control_bound = None
    if control:
        control_bound = _run(first, first, candidates_for, *options, seed + 1, batch_size,
                             progress)[0].epsilon_lower
    return AuditReport(claimed_epsilon=float(claimed_epsilon), target_delta=float(target_delta),
                       confidence_beta=float(confidence_beta), trials=int(trials),
                       trials_needed=needed, result=result,
                       verdict=_dprl.audit_verdict(result, claimed_epsilon),
                       control_epsilon_lower=control_bound, heldout_first=heldout[0],
                       heldout_second=heldout[1])


def audit_tabular_agent(agent, *, agent_parameters=None, environment="riverswim",
                        environment_parameters=None, users=32, target=0, relation="add_remove",
                        claimed_epsilon=None, trials=20000, confidence_beta=1e-6,
                        target_delta=0.0, seed=1, threads=None, progress=None):
    """The JDP audit of the registered tabular agent `agent` (dprl.tabular_agent_names()) on the
    registered environment `environment` (audit/registered_agent_audit.h, docs/privacy_audit.md):
    user `target` of `users` added/removed or replaced (relation 'add_remove' or
    'replacement'), the other users colluding and observing their own actions. Runs in C++ on
    `threads` threads (default: this machine's cores) without holding the GIL; the result does
    not depend on the thread count.

    agent_parameters, environment_parameters: dicts of their registered parameters (the rest at
      the registered defaults; num_episodes defaults to `users` and the agent's neighbour
      relation to `relation`).
    claimed_epsilon: the claim (default: the agent's privacy level, e.g. PUCB's privacy_epsilon;
      required for a non-private agent).
    progress: progress lines on stderr (written by C++): None (after 5 s, every 5 s), True
      (always), False.
    Returns a dprl.TabularAgentAudit (str() is the report; .epsilon_lower, .verdict, .result,
    .plot(path) the PNG of the two held-out distributions).
    Raises ValueError naming the bad value, TypeError for a parameter of the wrong type.
    """
    if threads is None:
        import os
        threads = max(1, os.cpu_count() or 1)
    if not isinstance(threads, int) or isinstance(threads, bool) or not 1 <= threads <= 1024:
        raise ValueError(f"audit_tabular_agent: threads must be an int in [1, 1024], got "
                         f"{threads!r}")
    for label, value in (("users", users), ("target", target)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"audit_tabular_agent: {label} must be an int, got {value!r}")
    if progress not in (None, True, False):
        raise ValueError(f"audit_tabular_agent: progress must be None, True or False, got "
                         f"{progress!r}")
    return _dprl._audit_tabular_agent(
        agent, dict(agent_parameters or {}), environment, dict(environment_parameters or {}),
        users, target, relation, claimed_epsilon, trials, confidence_beta, target_delta, seed,
        threads, {None: 1, True: 2, False: 0}[progress])
