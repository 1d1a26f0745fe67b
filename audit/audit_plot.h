// The figure of one audit: the two held-out distributions of the chosen statistic and the event.
//
// One panel: for each input, the empirical tail probability of the statistic over its held-out
// trials (P(T >= t) for an upper-tail event, P(T <= t) for a lower one: the event's probability
// at every threshold t), log y, on the inputs in the bound's order (AuditResult::swapped); the
// chosen threshold as a dashed vertical line; the title gives the bound and the claim, the note
// the held-out counts. Where the two curves are far apart at the threshold, the event separates
// the inputs: their ratio there is e^(point estimate).
#ifndef DPRL_AUDIT_AUDIT_PLOT_H_
#define DPRL_AUDIT_AUDIT_PLOT_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "audit/auditor.h"

namespace dprl {

// Writes the figure above as a PNG to `png_path` (all or nothing: a temporary file renamed into
// place). heldout_first / heldout_second: the chosen statistic's held-out values of the bound's
// first and second input. Errors (InvalidArgument): a path that cannot be written (naming it), no
// values or a value that is not finite, a claimed_epsilon that is not finite and >= 0.
absl::Status WriteAuditPlot(const std::string& png_path, const std::vector<double>& heldout_first,
                            const std::vector<double>& heldout_second, const AuditResult& result,
                            double claimed_epsilon);

}  // namespace dprl

#endif  // DPRL_AUDIT_AUDIT_PLOT_H_
