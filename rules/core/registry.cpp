// Registry: a small ordered list; a handful of games needs nothing cleverer.
#include "core/registry.h"

#include "core/view.h"

namespace frontier::core {

void Registry::add(std::unique_ptr<Game> game) {
  frontier::GameInfo entry = game->info();
  describe_view(game->view_type(), entry);
  catalogue_.push_back(std::move(entry));
  games_.push_back(std::move(game));
}

void Registry::refuse(const std::string& game_id, const Status& why) {
  problems_.push_back(Status::corruption(game_id + ": " + why.message()));
}

const Game* Registry::find(std::string_view id) const {
  for (const auto& g : games_) {
    if (g->id() == id) return g.get();
  }
  return nullptr;
}

std::vector<const Game*> Registry::games() const {
  std::vector<const Game*> out;
  for (const auto& g : games_) out.push_back(g.get());
  return out;
}

}  // namespace frontier::core
