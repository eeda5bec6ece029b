// A brute-force oracle for Swiss pairings, independent of the pairer's search: does any
// pairing exist that meets the absolute criteria (no rematch, no forbidden pairing, no
// second bye, and optionally the side limits)? Exponential; for fields of up to ~14.
#pragma once

#include <optional>

#include "tournament_rules/swiss.h"

namespace frontier::tournament::testing {

bool pairing_exists(const SwissRequest& request, bool with_side_limits,
                    std::optional<PlayerId> forced_bye = std::nullopt);

}  // namespace frontier::tournament::testing
