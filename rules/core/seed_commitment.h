// The seed commitment (docs/protocol.md, "Verifiable dice"): before the first move every player is
// shown the hash of the match's secret seed and a nonce; at the end both are revealed and anyone can
// recompute it. It lives beside the rules because the server that commits and every client that
// checks must compute it alike, and the rules core is the one library they all link.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace frontier::core {

// Hex SHA-256 of "frontier-seed-v1:<seed>:<nonce>".
std::string seed_commitment(uint64_t seed, std::string_view nonce);

}  // namespace frontier::core
