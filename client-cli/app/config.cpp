// A tiny "key=value" file: readable, editable by hand, and nothing to parse wrongly.
#include "app/config.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>

namespace frontier::cli {

namespace fs = std::filesystem;

const std::string& Config::server_or_default() const {
  static const std::string fallback = kDefaultServer;
  return server.empty() ? fallback : server;
}

core::Result<fs::path> config_dir() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg != nullptr && *xdg == '/') return fs::path(xdg) / "frontier";
  const char* home = std::getenv("HOME");
  if (home != nullptr && *home != '\0') return fs::path(home) / ".config" / "frontier";
  return core::Status::not_found(
      "Neither XDG_CONFIG_HOME nor HOME is set: nowhere to keep the configuration");
}

core::Result<Config> load_config(const fs::path& dir) {
  Config config;
  fs::path file = dir / "config";
  std::error_code ec;
  if (!fs::exists(file, ec)) return config;
  std::ifstream in(file);
  if (!in) return core::Status::not_found("Cannot read " + file.string());
  std::string line;
  while (std::getline(in, line)) {
    auto eq = line.find('=');
    if (line.empty() || line[0] == '#' || eq == std::string::npos) continue;
    std::string key = line.substr(0, eq);
    std::string value = line.substr(eq + 1);
    if (key == "server") config.server = value;
    if (key == "token") config.token = value;
    if (key == "user") config.user = value;
    if (key == "device_token") config.device_token = value;
    if (key == "device_user") config.device_user = value;
  }
  return config;
}

core::Status save_config(const fs::path& dir, const Config& config) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return core::Status::not_found("Cannot create " + dir.string() + ": " + ec.message());
  fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace, ec);
  std::string body = "# frontier client settings; the token is a secret: keep this file private\n";
  body += "server=" + config.server + "\n";
  body += "token=" + config.token + "\n";
  body += "user=" + config.user + "\n";
  if (!config.device_token.empty()) {
    body += "device_token=" + config.device_token + "\n";
    body += "device_user=" + config.device_user + "\n";
  }
  fs::path tmp = dir / "config.tmp";
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return core::Status::not_found("Cannot write " + tmp.string() + ": " + std::strerror(errno));
  // The mode given to open() is filtered by the umask and ignored for an existing file.
  bool ok =
      ::fchmod(fd, 0600) == 0 && ::write(fd, body.data(), body.size()) == static_cast<ssize_t>(body.size());
  ok = (::fsync(fd) == 0) && ok;
  ::close(fd);
  if (!ok || ::rename(tmp.c_str(), (dir / "config").c_str()) != 0)
    return core::Status::not_found("Cannot write " + (dir / "config").string() + ": " + std::strerror(errno));
  return core::Status::ok();
}

}  // namespace frontier::cli
