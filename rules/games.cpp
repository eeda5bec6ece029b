// Registers each game system present in this build (see rules/CMakeLists.txt).
#include "games.h"

#if FRONTIER_HAS_HAND_OF_DESTINY
#include "hand_of_destiny/register.h"
#endif
#if FRONTIER_HAS_LION
#include "lion/register.h"
#endif
#if FRONTIER_HAS_CROSSROADS
#include "crossroads/register.h"
#endif

namespace frontier {

const core::Registry& builtin_games() {
  static const core::Registry registry = [] {
    core::Registry r;
#if FRONTIER_HAS_HAND_OF_DESTINY
    hand_of_destiny::register_games(r);
#endif
#if FRONTIER_HAS_LION
    lion::register_games(r);
#endif
#if FRONTIER_HAS_CROSSROADS
    crossroads::register_games(r);
#endif
    return r;
  }();
  return registry;
}

}  // namespace frontier
