// How long an fdatasync takes on this machine, alone and while other threads keep CPUs busy.
//
// Every acknowledged action with `--sync full` waits for one (shared by its group commit), so the
// tail of this distribution is a floor under the server's p99 submit->ack. It writes like
// SQLite's WAL: a preallocated file, overwritten in 4 KB pages, then fdatasync.
//
//   frontier-fsync-bench [--kb 16] [--syncs 5000] [--spin CPU,CPU...] [--dir /tmp]
//                        [--priority normal|nice:N|fifo:N]
//
// --spin starts one thread per listed CPU that only spins there for the length of the run; the
// measuring thread stays where the shell put it (e.g. `taskset -c 1`). --priority sets the
// measuring thread's scheduling (nice:-10, or fifo:10 for SCHED_FIFO; both need CAP_SYS_NICE):
// whether the tail beside busy CPUs is the wait for the disk or the wait to run again after it.
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Options {
  size_t kb = 16;
  int syncs = 5000;
  std::vector<int> spin_cpus;
  std::string dir = "/tmp";
  std::string priority = "normal";
};

constexpr size_t kPage = 4096;
constexpr size_t kFileBytes = size_t{64} << 20;  // the WAL between checkpoints is about this size

void pin_to(std::thread& t, int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  pthread_setaffinity_np(t.native_handle(), sizeof(set), &set);
}

// Applies --priority to the calling thread; false (with a message) when the system refuses it.
bool set_priority(const std::string& priority) {
  if (priority == "normal") return true;
  auto colon = priority.find(':');
  std::string kind = priority.substr(0, colon);
  int value = colon == std::string::npos ? 0 : std::stoi(priority.substr(colon + 1));
  if (kind == "nice") {
    // Linux nice values are per thread: setpriority on the thread id affects only this thread.
    if (setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), value) == 0) return true;
  } else if (kind == "fifo") {
    sched_param param{};
    param.sched_priority = value;
    if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &param) == 0) return true;
  }
  std::fprintf(stderr, "cannot set priority %s\n", priority.c_str());
  return false;
}

double percentile(const std::vector<double>& sorted, double p) {
  auto i = static_cast<size_t>(p * static_cast<double>(sorted.size() - 1));
  return sorted[i];
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string k = argv[i], v = argv[i + 1];
    if (k == "--kb")
      o.kb = std::stoul(v);
    else if (k == "--syncs")
      o.syncs = std::stoi(v);
    else if (k == "--spin")
      for (size_t at = 0; at < v.size();) {
        size_t comma = v.find(',', at);
        o.spin_cpus.push_back(std::stoi(v.substr(at, comma - at)));
        at = comma == std::string::npos ? v.size() : comma + 1;
      }
    else if (k == "--dir")
      o.dir = v;
    else if (k == "--priority")
      o.priority = v;
    else {
      std::fprintf(stderr, "unknown flag %s\n", k.c_str());
      return 2;
    }
  }
  std::string path = o.dir + "/frontier-fsync-bench." + std::to_string(getpid());
  int fd = open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0600);
  if (fd < 0) {
    std::perror(path.c_str());
    return 1;
  }
  unlink(path.c_str());  // gone when the descriptor closes, whatever happens
  // Preallocated and synced first, so the measured syncs flush data only, as a reused WAL does.
  std::vector<char> page(kPage, 'x');
  for (size_t off = 0; off < kFileBytes; off += kPage) {
    if (pwrite(fd, page.data(), kPage, static_cast<off_t>(off)) != static_cast<ssize_t>(kPage)) return 1;
  }
  fsync(fd);

  std::atomic<bool> stop{false};
  std::vector<std::thread> spinners;
  for (int cpu : o.spin_cpus) {
    spinners.emplace_back([&stop] {
      while (!stop.load(std::memory_order_relaxed)) {
      }
    });
    pin_to(spinners.back(), cpu);
  }

  if (!set_priority(o.priority)) return 2;
  std::vector<double> millis;
  millis.reserve(static_cast<size_t>(o.syncs));
  size_t off = 0;
  size_t pages = std::max<size_t>(1, o.kb * 1024 / kPage);
  for (int i = 0; i < o.syncs; ++i) {
    auto start = std::chrono::steady_clock::now();
    for (size_t p = 0; p < pages; ++p) {
      if (off + kPage > kFileBytes) off = 0;
      if (pwrite(fd, page.data(), kPage, static_cast<off_t>(off)) != static_cast<ssize_t>(kPage)) return 1;
      off += kPage;
    }
    if (fdatasync(fd) != 0) return 1;
    millis.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  stop = true;
  for (auto& t : spinners) t.join();
  close(fd);

  std::sort(millis.begin(), millis.end());
  std::string spun;
  for (int cpu : o.spin_cpus) {
    if (!spun.empty()) spun += ',';
    spun += std::to_string(cpu);
  }
  std::printf(
      "%zu KB + fdatasync, %d times, spinning on CPUs [%s], priority %s: "
      "p50 %.3f  p90 %.3f  p99 %.3f  p99.9 %.3f  max %.3f ms\n",
      pages * kPage / 1024, o.syncs, spun.c_str(), o.priority.c_str(), percentile(millis, 0.5),
      percentile(millis, 0.9), percentile(millis, 0.99), percentile(millis, 0.999), millis.back());
  return 0;
}
