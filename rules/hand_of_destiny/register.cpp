// Khartoum is the Hand of Destiny system over rules/data/khartoum.txtpb; another campaign would
// be one more line here with its own data file.
#include "hand_of_destiny/register.h"

#include "hand_of_destiny/game.h"

namespace frontier::hand_of_destiny {

void register_games(core::Registry& r) {
  auto khartoum = load_scenario("khartoum.txtpb");
  if (!khartoum) return r.refuse("khartoum", khartoum.status());
  r.add(std::make_unique<HandOfDestinyGame>("khartoum", **khartoum, "campaign",
                                            "The campaign, 1883-1885 (9 turns)"));
}

}  // namespace frontier::hand_of_destiny
