#include "ai/from_view.h"

#include <memory>
#include <utility>

namespace frontier::ai {

core::Result<std::unique_ptr<core::GameState>> root_from_view(const core::Game& game,
                                                              const frontier::MatchSetup& setup,
                                                              const frontier::GameView& view, core::Seat seat,
                                                              uint64_t seed) {
  core::Rng root_rng(seed, 0x524f4f54ULL /* "ROOT" */);
  return game.determinize(setup, view, seat, root_rng);
}

core::Result<SearchResult> search_from_view(const core::Game& game, const frontier::MatchSetup& setup,
                                            const frontier::GameView& view, core::Seat seat, uint64_t seed,
                                            SearchLimits limits) {
  // The root only lists the seat's choices, which every rebuilt position offers alike
  // (tests/ai/determinize_test.cpp); its hidden facts are one draw among the search's.
  auto root = root_from_view(game, setup, view, seat, seed);
  if (!root) return root.status();
  std::vector<core::Action> legal;
  game.legal_actions(*root.value(), seat, legal);
  if (legal.empty()) return core::Status::invalid_argument("the view holds no choice for this seat");
  limits.redraw = [&game, &setup, &view, seat](core::Rng& rng) -> std::unique_ptr<core::GameState> {
    auto rebuilt = game.determinize(setup, view, seat, rng);
    // The same view rebuilt at the root, so it cannot fail here; if it did, the root stands in.
    return rebuilt ? std::move(rebuilt.value()) : nullptr;
  };
  return search(game, *root.value(), seat, seed, limits);
}

}  // namespace frontier::ai
