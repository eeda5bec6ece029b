// A stand-in for libFuzzer's main in compilers without -fsanitize=fuzzer (the GCC build), for the
// rules targets: runs the target on every file of the folders given (the corpus kept in
// tests/fuzz/corpus/<target>), then on `--runs N` inputs made by mutating the target's seeds
// (random playouts) with a fixed generator, so `make test` replays the corpus and a little more.
// `--game N` mutates only game N's seeds; `--write-seeds DIR` writes the seeds as files (how the corpus was
// started). The coverage-guided run is the clang build (docs/operations.md, "Fuzzing").
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "rules_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

// FRONTIER_FUZZ_LAST=file: each input is written there before it runs, so a crash leaves it behind.
void run(const std::string& input) {
  if (const char* last = std::getenv("FRONTIER_FUZZ_LAST")) std::ofstream(last, std::ios::binary) << input;
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(input.data()), input.size());
}

// A few of libFuzzer's simpler mutations: flip, set, insert, erase, copy a run, truncate.
std::string mutate(std::string s, std::mt19937& rng) {
  int n = 1 + static_cast<int>(rng() % 6);
  for (int i = 0; i < n; ++i) {
    size_t pos = s.empty() ? 0 : rng() % s.size();
    switch (rng() % 6) {
      case 0:
        if (!s.empty()) s[pos] = static_cast<char>(s[pos] ^ (1 << (rng() % 8)));
        break;
      case 1:
        if (!s.empty()) s[pos] = static_cast<char>(rng());
        break;
      case 2:
        s.insert(s.begin() + static_cast<long>(pos), static_cast<char>(rng()));
        break;
      case 3:
        if (!s.empty()) s.erase(pos, 1 + rng() % 4);
        break;
      case 4:
        if (s.size() > 8) s.insert(pos, s.substr(rng() % (s.size() - 4), 4));
        break;
      default:
        s.resize(pos);
    }
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  long runs = 0;
  int only_game = -1;  // --game N: mutate only the seeds of the registry's game N (byte 0)
  size_t files = 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
      runs = std::atol(argv[++i]);
    } else if (std::strcmp(argv[i], "--game") == 0 && i + 1 < argc) {
      only_game = std::atoi(argv[++i]);
    } else if (std::strcmp(argv[i], "--write-seeds") == 0 && i + 1 < argc) {
      std::filesystem::path dir(argv[++i]);
      std::filesystem::create_directories(dir);
      int k = 0;
      for (const auto& seed : frontier::fuzz::target_seeds()) {
        char name[32];
        std::snprintf(name, sizeof name, "seed-%03d", k++);
        std::ofstream(dir / name, std::ios::binary) << seed;
      }
      std::printf("wrote %d seeds to %s\n", k, dir.c_str());
      return 0;
    } else {
      // A folder (a corpus) or one file (a crash to reproduce), as libFuzzer takes them.
      std::vector<std::filesystem::path> paths;
      if (std::filesystem::is_directory(argv[i])) {
        for (const auto& entry : std::filesystem::recursive_directory_iterator(argv[i])) {
          if (entry.is_regular_file()) paths.push_back(entry.path());
        }
      } else {
        paths.emplace_back(argv[i]);
      }
      for (const auto& path : paths) {
        std::ifstream in(path, std::ios::binary);
        std::stringstream buf;
        buf << in.rdbuf();
        run(buf.str());
        ++files;
      }
    }
  }
  auto seeds = frontier::fuzz::target_seeds();
  if (only_game >= 0) {
    std::erase_if(seeds, [&](const std::string& s) { return s.empty() || s[0] != only_game; });
  }
  if (seeds.empty()) return runs > 0 ? 1 : 0;
  std::mt19937 rng(48);
  for (long r = 0; r < runs; ++r) run(mutate(seeds[static_cast<size_t>(r) % seeds.size()], rng));
  std::printf("replayed %zu corpus files and %ld mutated seeds without a crash\n", files, runs);
  return 0;
}
