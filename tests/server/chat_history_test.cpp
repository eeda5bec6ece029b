// Chat history (FetchChat) against the real frontierd-fixture process: a page opened after the
// lines were said reads them, oldest first, with names and seats; a private match's conversation
// is closed to those without its invite code (reading and writing alike); the lines survive a
// crash, since every line is acknowledged only once committed.
#include <gtest/gtest.h>

#include "harness.h"

namespace frontier::testing {
namespace {

using Reply = core::Result<wire::ServerMessage>;

std::string describe(const Reply& r) {
  return r ? r->DebugString() : r.status().message();
}

wire::ClientMessage say(uint64_t id, const std::string& text) {
  wire::ClientMessage m;
  m.mutable_send_chat()->set_match_id(id);
  m.mutable_send_chat()->set_text(text);
  return m;
}

wire::ClientMessage fetch_chat(uint64_t id) {
  wire::ClientMessage m;
  m.mutable_fetch_chat()->set_match_id(id);
  return m;
}

wire::ClientMessage watch(uint64_t id, const std::string& code) {
  wire::ClientMessage m;
  m.mutable_watch_match()->set_match_id(id);
  m.mutable_watch_match()->set_invite_code(code);
  return m;
}

std::vector<std::string> lines_of(const Reply& r) {
  std::vector<std::string> out;
  if (!r || !r->has_chat_log()) return out;
  for (const auto& l : r->chat_log().lines()) {
    out.push_back(l.user_name() + "@" + std::to_string(l.seat()) + ": " + l.text());
  }
  return out;
}

TEST(ChatHistoryTest, LinesAreReadBackInOrderOnlyByThoseWhoMayWatchAndSurviveACrash) {
  ServerProcess server;
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player host, guest, fan;
  ASSERT_TRUE(register_player(host, server.port(), "chat_host"));
  ASSERT_TRUE(register_player(guest, server.port(), "chat_guest"));
  ASSERT_TRUE(register_player(fan, server.port(), "chat_fan"));
  auto created = host.c->request(create_match_msg("race", "", wire::PRIVATE));
  ASSERT_TRUE(created && created->has_created()) << describe(created);
  uint64_t id = created->created().match_id();
  std::string code = created->created().invite_code();
  wire::ClientMessage join = join_msg(id);
  join.mutable_join_match()->set_invite_code(code);
  auto joined = guest.c->request(join);
  ASSERT_TRUE(joined && joined->has_update()) << describe(joined);

  auto empty = guest.c->request(fetch_chat(id));
  ASSERT_TRUE(empty && empty->has_chat_log()) << describe(empty);
  EXPECT_EQ(empty->chat_log().match_id(), id);
  EXPECT_EQ(empty->chat_log().lines_size(), 0);

  ASSERT_TRUE(host.c->request(say(id, "good luck"))->ok());
  ASSERT_TRUE(guest.c->request(say(id, "and to you"))->ok());
  std::vector<std::string> expected = {host.name + "@0: good luck", guest.name + "@1: and to you"};

  // Without the invite code the conversation can be neither read nor joined.
  auto refused = fan.c->request(fetch_chat(id));
  ASSERT_TRUE(refused && refused->has_error()) << describe(refused);
  EXPECT_EQ(refused->error().code(), wire::BAD_INVITE);
  auto heckle = fan.c->request(say(id, "boo"));
  ASSERT_TRUE(heckle && heckle->has_error()) << describe(heckle);
  EXPECT_EQ(heckle->error().code(), wire::BAD_INVITE);
  EXPECT_EQ(lines_of(host.c->request(fetch_chat(id))), expected) << "the refused line was not stored";

  // With the code a spectator reads what was said before it came, and may speak.
  auto watching = fan.c->request(watch(id, code));
  ASSERT_TRUE(watching && watching->has_update()) << describe(watching);
  EXPECT_EQ(lines_of(fan.c->request(fetch_chat(id))), expected);
  ASSERT_TRUE(fan.c->request(say(id, "well played"))->ok());
  expected.push_back(fan.name + "@-1: well played");

  // Acknowledged lines are on disk: a crash loses none of them.
  server.kill_hard();
  ASSERT_TRUE(server.start(&error)) << error;
  ASSERT_TRUE(reconnect(guest, server.port(), id, 0));
  EXPECT_EQ(lines_of(guest.c->request(fetch_chat(id))), expected);
}

}  // namespace
}  // namespace frontier::testing
