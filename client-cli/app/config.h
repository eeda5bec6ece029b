// Where `frontier` keeps its settings and the session token: $XDG_CONFIG_HOME/frontier/config,
// else ~/.config/frontier/config. The token is a bearer credential, so the directory is created
// 0700 and the file written 0600 (and re-tightened if someone loosened it).
#pragma once

#include <filesystem>
#include <string>

#include "core/status.h"

namespace frontier::cli {

constexpr const char* kDefaultServer = "ws://127.0.0.1:8080/";

struct Config {
  std::string server;  // empty: kDefaultServer
  std::string token;   // empty: not logged in
  std::string user;    // name of the logged-in user, for messages only
  // The device token the server gave at the last login (AuthReply.device_token) and the account
  // it is for: sent with later logins to that account, so strangers' failed guesses at the name
  // do not hold this client out. Kept after logout; not a credential.
  std::string device_token;
  std::string device_user;

  const std::string& server_or_default() const;
};

// The directory, from the environment; NotFound when neither XDG_CONFIG_HOME nor HOME is set.
core::Result<std::filesystem::path> config_dir();
// A missing file is an empty Config; an unreadable one an error.
core::Result<Config> load_config(const std::filesystem::path& dir);
// Writes atomically (temporary file, rename) with owner-only permissions.
core::Status save_config(const std::filesystem::path& dir, const Config& config);

}  // namespace frontier::cli
