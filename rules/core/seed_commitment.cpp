#include "core/seed_commitment.h"

#include <sodium.h>

namespace frontier::core {

std::string seed_commitment(uint64_t seed, std::string_view nonce) {
  std::string text = "frontier-seed-v1:" + std::to_string(seed) + ":";
  text.append(nonce);
  unsigned char digest[crypto_hash_sha256_BYTES];
  // SHA-256 needs no sodium_init(): it uses no randomness and no CPU-specific state.
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(2 * sizeof digest);
  for (unsigned char byte : digest) {
    hex.push_back(kDigits[byte >> 4]);
    hex.push_back(kDigits[byte & 0xf]);
  }
  return hex;
}

}  // namespace frontier::core
