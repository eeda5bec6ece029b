#include "play_support.h"

namespace frontier::testing {

uint64_t start_race(Player& a, Player& b, uint16_t port, const wire::TimeControl& tc,
                    const std::string& stem) {
  if (!register_player(a, port, stem + "a") || !register_player(b, port, stem + "b")) return 0;
  auto msg = create_match_msg("race", "North");
  *msg.mutable_create_match()->mutable_time_control() = tc;
  auto created = a.c->request(msg);
  if (!created || !created->has_created()) return 0;
  uint64_t id = created->created().match_id();
  auto joined = b.c->request(join_msg(id));
  if (!joined || !joined->has_update()) return 0;
  b.last = joined->update();
  for (;;) {
    auto m = a.c->wait_for([](const wire::ServerMessage& x) { return x.has_update(); });
    if (!m) return 0;
    a.last = m->update();
    if (a.last.status() == wire::RUNNING) return id;
  }
}

int64_t advance(Player& p, uint64_t seconds) {
  wire::ClientMessage m;
  m.mutable_advance_clock()->set_seconds(seconds);
  auto r = p.c->request(m);
  return r && r->body_case() == wire::ServerMessage::kClock ? r->clock() : -1;
}

bool leave(Player& p, uint64_t id) {
  wire::ClientMessage m;
  m.mutable_unsubscribe()->set_match_id(id);
  auto r = p.c->request(m);
  return r && r->ok();
}

bool act(Player& p, uint64_t id, uint32_t& seq, const frontier::Action& action) {
  auto r = p.c->request(submit_msg(id, seq, action, {}));
  if (!r || !r->has_submitted()) return false;
  seq = r->submitted().seq();
  return true;
}

}  // namespace frontier::testing
