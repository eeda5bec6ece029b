// A stand-in for libFuzzer's main in compilers without -fsanitize=fuzzer (the GCC build): runs
// the target on every file given (a folder: every file in it, the kept corpus), then on `--runs N`
// deterministic inputs built from valid envelopes with random mutations, so the suite always exercises the
// target briefly. The coverage-guided run is the clang build (docs/operations.md, "Fuzzing").
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "wire.pb.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" void frontier_fuzz_counts(uint64_t* actions, uint64_t* matches);

namespace {

void add_frame(std::string& input, int conn, const std::string& bytes) {
  input.push_back(static_cast<char>(conn));
  input.push_back(static_cast<char>(bytes.size() & 0xff));
  input.push_back(static_cast<char>((bytes.size() >> 8) & 0xff));
  input += bytes;
}

// Valid requests the mutations start from.
std::vector<std::string> seeds() {
  using frontier::wire::ClientMessage;
  std::vector<std::string> out;
  auto put = [&](ClientMessage m) { out.push_back(m.SerializeAsString()); };
  // The fixture's whole action space: bids 0-3, a roll, cards 1-9 (plus what mutation makes).
  std::vector<std::pair<int, int>> actions = {{2, 0}};
  for (int b = 0; b <= 3; ++b) actions.emplace_back(1, b);
  for (int c = 1; c <= 9; ++c) actions.emplace_back(3, c);
  for (auto [kind, a] : actions) {
    ClientMessage m;
    auto* s = m.mutable_submit_action();
    s->set_match_id(1);
    s->mutable_action()->set_kind(static_cast<uint32_t>(kind));
    s->mutable_action()->set_a(a);
    s->set_client_action_id("x");
    put(m);
  }
  ClientMessage m;
  m.mutable_undo()->set_match_id(1);
  put(m);
  m.Clear();
  m.mutable_send_chat()->set_match_id(1);
  m.mutable_send_chat()->set_text("hi");
  put(m);
  m.Clear();
  m.mutable_fetch_log()->set_match_id(1);
  put(m);
  m.Clear();
  m.mutable_join_match()->set_match_id(1);
  put(m);
  m.Clear();
  m.mutable_list_matches()->set_filter(frontier::wire::ListMatches::MINE);
  put(m);
  m.Clear();
  m.mutable_create_match()->set_game("race");
  put(m);
  m.Clear();
  m.mutable_hello()->set_protocol_version(1);
  put(m);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  long runs = 2000;
  int files = 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
      runs = std::atol(argv[++i]);
      continue;
    }
    std::vector<std::filesystem::path> paths;
    if (std::filesystem::is_directory(argv[i])) {
      for (const auto& entry : std::filesystem::directory_iterator(argv[i])) {
        if (entry.is_regular_file()) paths.push_back(entry.path());
      }
      std::sort(paths.begin(), paths.end());  // the same order on every machine: a failure replays
    } else {
      paths.emplace_back(argv[i]);
    }
    for (const auto& path : paths) {
      ++files;
      std::ifstream in(path, std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      std::string data = ss.str();
      LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(data.data()), data.size());
    }
  }
  auto base = seeds();
  std::mt19937 rng(12345);
  for (long r = 0; r < runs; ++r) {
    std::string input;
    int frames = 1 + static_cast<int>(rng() % 4);
    for (int f = 0; f < frames; ++f) {
      std::string bytes = base[rng() % base.size()];
      int mutations = static_cast<int>(rng() % 4);
      for (int k = 0; k < mutations && !bytes.empty(); ++k) {
        switch (rng() % 4) {
          case 0:
            bytes[rng() % bytes.size()] = static_cast<char>(rng());
            break;
          case 1:
            bytes.insert(bytes.begin() + static_cast<long>(rng() % bytes.size()), static_cast<char>(rng()));
            break;
          case 2:
            bytes.erase(bytes.begin() + static_cast<long>(rng() % bytes.size()));
            break;
          default:
            bytes.resize(rng() % (bytes.size() + 1));
        }
      }
      add_frame(input, static_cast<int>(rng() % 2) | (rng() % 8 == 0 ? 2 : 0), bytes);  // some text frames
    }
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(input.data()), input.size());
  }
  uint64_t actions = 0, matches = 0;
  frontier_fuzz_counts(&actions, &matches);
  std::printf(
      "fuzz driver: %ld generated inputs (plus %d files) ran clean; %llu actions applied in %llu matches\n",
      runs, files, static_cast<unsigned long long>(actions), static_cast<unsigned long long>(matches));
  return 0;
}
