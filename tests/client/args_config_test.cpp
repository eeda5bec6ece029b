// Command-line parsing and the config file (owner-only, atomic, round-trips).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "app/args.h"
#include "app/config.h"
#include "app/session.h"

namespace frontier::cli {
namespace {

TEST(Args, CommandWordsFlagsAndValues) {
  auto a =
      parse_args({"new", "khartoum", "--side", "British", "--option=fog=on", "--option", "x=1", "--json"});
  ASSERT_TRUE(a.is_ok());
  EXPECT_EQ(a->command, "new");
  EXPECT_EQ(a->positional, std::vector<std::string>{"khartoum"});
  EXPECT_EQ(a->get("side"), "British");
  EXPECT_EQ(a->all("option"), (std::vector<std::string>{"fog=on", "x=1"}));
  EXPECT_TRUE(a->has("json"));
  auto chat = parse_args({"chat", "3", "--", "--json", "is", "text"});
  EXPECT_EQ(chat->positional, (std::vector<std::string>{"3", "--json", "is", "text"}));
  EXPECT_FALSE(chat->has("json"));
  EXPECT_EQ(parse_args({"new", "--side"}).status().message(), "--side needs a value");
  EXPECT_EQ(parse_args({"list", "--fast"}).status().message(), "Unknown option --fast (see `frontier help`)");
}

TEST(Config, WrittenOwnerOnlyAndReadBack) {
  auto dir = std::filesystem::temp_directory_path() / ("frontier-cli-cfg-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  ::umask(022);
  ASSERT_TRUE(save_config(dir, {"ws://example.org:9000/", std::string(64, 'a'), "alice", std::string(96, 'd'),
                                "Alice"})
                  .is_ok());
  struct stat st {};
  ASSERT_EQ(::stat((dir / "config").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  auto back = load_config(dir);
  ASSERT_TRUE(back.is_ok());
  EXPECT_EQ(back->server, "ws://example.org:9000/");
  EXPECT_EQ(back->token, std::string(64, 'a'));
  EXPECT_EQ(back->user, "alice");
  EXPECT_EQ(back->device_token, std::string(96, 'd'));
  EXPECT_EQ(back->device_user, "Alice");
  EXPECT_TRUE(load_config(dir / "absent")->token.empty());
  std::filesystem::remove_all(dir);

  ::setenv("XDG_CONFIG_HOME", "/tmp/xdg-test", 1);
  EXPECT_EQ(config_dir()->string(), "/tmp/xdg-test/frontier");
  ::unsetenv("XDG_CONFIG_HOME");
  ::setenv("HOME", "/home/someone", 1);
  EXPECT_EQ(config_dir()->string(), "/home/someone/.config/frontier");
}

TEST(ServerUrl, ParsedOrRefusedWithAReason) {
  auto a = parse_server_url("ws://play.example.org:8443/ws");
  ASSERT_TRUE(a.is_ok());
  EXPECT_EQ(a->host, "play.example.org");
  EXPECT_EQ(a->port, 8443);
  EXPECT_EQ(a->path, "/ws");
  EXPECT_EQ(parse_server_url("localhost:8080")->port, 8080);
  EXPECT_EQ(parse_server_url("ws://h/")->port, 80);
  EXPECT_NE(parse_server_url("wss://h/").status().message().find("reverse proxy"), std::string::npos);
  EXPECT_NE(parse_server_url("ws://h:99999/").status().message().find("not a port number"),
            std::string::npos);
}

}  // namespace
}  // namespace frontier::cli
