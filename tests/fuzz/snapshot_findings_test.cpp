// The snapshot fuzz target's findings (tests/fuzz/findings/, docs/operations.md "Fuzzing", F1)
// replayed as regressions: each is a malformed snapshot that restore() once accepted and the
// rules then crashed on; now restore() must refuse it with a typed corruption error. The kept
// corpus (real snapshots from random playouts) must still restore, to the same bytes.
// Inputs are the fuzz target's: [game][choice seed] then the snapshot bytes.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "rules_fuzz.h"

namespace frontier::fuzz {
namespace {

std::vector<std::filesystem::path> files_in(const std::string& folder) {
  const char* root = std::getenv("FRONTIER_SOURCE_DIR");
  std::filesystem::path dir = std::filesystem::path(root ? root : ".") / "tests/fuzz" / folder;
  std::vector<std::filesystem::path> out;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.is_regular_file()) out.push_back(entry.path());
  return out;
}

std::string contents(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

TEST(SnapshotFindings, EveryFindingIsRefusedAsCorrupt) {
  auto findings = files_in("findings");
  ASSERT_GE(findings.size(), 5u);
  for (const auto& path : findings) {
    std::string input = contents(path);
    ASSERT_GE(input.size(), 2u) << path;
    const core::Game& game = game_for(static_cast<uint8_t>(input[0]));
    auto restored = game.restore(std::string_view(input).substr(2));
    ASSERT_FALSE(restored.is_ok()) << path << " restored as a " << game.id() << " position";
    EXPECT_EQ(restored.status().code(), core::StatusCode::kCorruption) << path;
  }
}

TEST(SnapshotFindings, RealSnapshotsStillRestoreExactly) {
  auto corpus = files_in("corpus/rules_snapshot_fuzz");
  ASSERT_FALSE(corpus.empty());
  for (const auto& path : corpus) {
    std::string input = contents(path);
    const core::Game& game = game_for(static_cast<uint8_t>(input[0]));
    std::string_view bytes = std::string_view(input).substr(2);
    auto restored = game.restore(bytes);
    ASSERT_TRUE(restored.is_ok()) << path << ": " << restored.status().message();
    EXPECT_EQ(core::snapshot(game, *restored.value()), bytes) << path;
  }
}

}  // namespace
}  // namespace frontier::fuzz
