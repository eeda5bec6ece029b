// The catalogue of game systems a binary offers. Shipped binaries use builtin_games() (rules/games.h,
// generated from the game folders by cmake/game_folders.cmake); tests build their own Registry.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace frontier::core {

class Registry {
 public:
  void add(std::unique_ptr<Game> game);
  // A game system whose data did not load says so here instead of aborting: the programs that
  // offer games refuse to start and print these (the rules library never throws or aborts).
  void refuse(const std::string& game_id, const Status& why);
  const std::vector<Status>& problems() const { return problems_; }
  // nullptr when no game has this id.
  const Game* find(std::string_view id) const;
  // In registration order.
  std::vector<const Game*> games() const;
  // What a server lists: each game's info with its view's type and schema (core/view.h), built
  // once when the game is added.
  const std::vector<frontier::GameInfo>& catalogue() const { return catalogue_; }

 private:
  std::vector<std::unique_ptr<Game>> games_;
  std::vector<frontier::GameInfo> catalogue_;
  std::vector<Status> problems_;
};

}  // namespace frontier::core
