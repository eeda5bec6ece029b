#include "auth/device_token.h"

#include <fcntl.h>
#include <sodium.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <fstream>

#include "auth/auth.h"

namespace frontier::auth {

namespace {

constexpr size_t kNonceHex = 32;
constexpr size_t kMacHex = 2 * crypto_auth_hmacsha256_BYTES;
constexpr size_t kKeyBytes = crypto_auth_hmacsha256_KEYBYTES;

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool is_lower_hex(std::string_view s) {
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

}  // namespace

DeviceTokens::DeviceTokens(std::string key) : key_(std::move(key)) {
  init_crypto();
  if (key_.size() != kKeyBytes) {
    key_.assign(kKeyBytes, '\0');
    randombytes_buf(key_.data(), key_.size());
  }
}

std::string DeviceTokens::mac_hex(std::string_view name, std::string_view nonce) const {
  // The name is lower-cased because logins find accounts case-insensitively: "Ann" and "ann"
  // are one account, so one device token serves both spellings.
  std::string message = "frontier-device\n" + lower(name) + "\n" + std::string(nonce);
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256(mac, reinterpret_cast<const unsigned char*>(message.data()), message.size(),
                         reinterpret_cast<const unsigned char*>(key_.data()));
  std::string out(kMacHex + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), mac, sizeof mac);
  out.pop_back();
  return out;
}

std::string DeviceTokens::issue(std::string_view name) const {
  std::string nonce = random_hex(kNonceHex / 2);
  return nonce + mac_hex(name, nonce);
}

std::string DeviceTokens::device_of(std::string_view token, std::string_view name) const {
  if (token.size() != kNonceHex + kMacHex || !is_lower_hex(token)) return {};
  std::string_view nonce = token.substr(0, kNonceHex);
  std::string expected = mac_hex(name, nonce);
  // Constant time: a timing difference must not let a client build a valid token byte by byte.
  if (sodium_memcmp(expected.data(), token.data() + kNonceHex, kMacHex) != 0) return {};
  return std::string(nonce);
}

core::Result<std::string> load_device_key(const std::string& path) {
  init_crypto();
  std::string hex;
  if (std::ifstream in(path); in) {
    std::getline(in, hex);
  } else {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) return core::Status::not_found("cannot create the device key file " + path);
    hex = random_hex(kKeyBytes);
    std::string line = hex + "\n";
    bool written = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
    bool synced = ::fsync(fd) == 0;
    ::close(fd);
    if (!written || !synced) return core::Status::not_found("cannot write the device key file " + path);
  }
  std::string key(kKeyBytes, '\0');
  size_t len = 0;
  if (hex.size() != 2 * kKeyBytes ||
      sodium_hex2bin(reinterpret_cast<unsigned char*>(key.data()), key.size(), hex.data(), hex.size(),
                     nullptr, &len, nullptr) != 0 ||
      len != kKeyBytes) {
    return core::Status::invalid_argument("the device key file " + path + " does not hold 64 hex digits");
  }
  return key;
}

}  // namespace frontier::auth
