// Default behaviours of the Game interface.
#include "core/game.h"

#include <algorithm>
#include <cctype>

namespace frontier::core {

std::string Game::explain_illegal(const GameState& state, Seat seat, const Action& action) const {
  return "That is not one of the choices open to " + seat_name(seat) + " now";
}

Status Game::edit(GameState& state, std::string_view command) const {
  return Status::invalid_argument(info().id() + " does not support script edits");
}

Result<std::unique_ptr<GameState>> Game::determinize(const frontier::MatchSetup&, const frontier::GameView&,
                                                     Seat, Rng&) const {
  return Status::failed_check(info().id() + " cannot yet rebuild a position from a seat's view");
}

void Game::bot_skips_among(const GameState& state, Seat seat, const std::vector<Action>& legal,
                           std::vector<uint8_t>& skipped) const {
  skipped.resize(legal.size());
  for (size_t i = 0; i < legal.size(); ++i) skipped[i] = bot_skips(state, seat, legal[i]);
}

Seat Game::seat_by_name(std::string_view name) const {
  auto lower = [](std::string_view s) {
    std::string r(s);
    std::transform(r.begin(), r.end(), r.begin(), [](unsigned char c) { return std::tolower(c); });
    return r;
  };
  for (int i = 0; i < info().seats_size(); ++i) {
    if (lower(info().seats(i)) == lower(name)) return i;
  }
  return kObserver;
}

std::string Game::seat_name(Seat seat) const {
  if (seat >= 0 && seat < info().seats_size()) return info().seats(seat);
  return "observer";
}

}  // namespace frontier::core
