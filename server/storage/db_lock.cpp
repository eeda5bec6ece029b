// flock, not fcntl: an fcntl lock belongs to the process and is dropped when any descriptor of
// the file closes, and SQLite uses fcntl locks on the database itself; a flock on a separate
// file is independent of both. The kernel drops it when the process dies, even on SIGKILL, so a
// crash never leaves a stale lock behind.
#include "storage/db_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace frontier::storage {

core::Result<DatabaseLock> DatabaseLock::acquire(const std::string& db_path) {
  std::string path = db_path + ".lock";
  // Before the database exists: its folder is made here as open_store would make it.
  std::error_code ignored;
  auto parent = std::filesystem::path(db_path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, ignored);
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return core::Status::not_found("Cannot open the lock file " + path + ": " + std::strerror(errno));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    int err = errno;
    std::string holder;
    char buf[32] = {};
    if (::pread(fd, buf, sizeof buf - 1, 0) > 0) holder = std::string(buf);
    while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' ')) holder.pop_back();
    ::close(fd);
    if (err == EWOULDBLOCK)
      return core::Status::invalid_argument(
          "The database " + db_path + " is already served by another frontierd" +
          (holder.empty() ? std::string() : " (pid " + holder + ")") +
          "; one server per database: stop the other one first, or give this one its own --db");
    return core::Status::not_found("Cannot lock " + path + ": " + std::strerror(err));
  }
  // The holder's pid, for the message another start-up prints (informative only: the lock is
  // the flock, not the file's contents).
  std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, pid.data(), pid.size(), 0) < 0) {
    // The lock is held either way; only the message of a second start-up loses the pid.
  }
  return DatabaseLock(fd);
}

DatabaseLock& DatabaseLock::operator=(DatabaseLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

DatabaseLock::~DatabaseLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the flock
}

}  // namespace frontier::storage
