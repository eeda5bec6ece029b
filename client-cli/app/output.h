// What every command shares: the parsed arguments, the configuration, the output mode (text
// with or without colour, or one JSON object per line with --json) and a lazily opened session.
#pragma once

#include <google/protobuf/message.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "app/args.h"
#include "app/config.h"
#include "app/session.h"
#include "core/registry.h"
#include "render/style.h"

namespace frontier::cli {

// A protobuf message as one line of JSON (proto field names, defaults included).
std::string to_json(const google::protobuf::Message& msg);
// A JSON string literal.
std::string json_quote(const std::string& s);

struct Context {
  Args args;
  std::filesystem::path dir;
  Config config;
  bool json = false;
  Style style;
  std::ostream* out = &std::cout;
  std::ostream* err = &std::cerr;
  // Rules this binary carries: replay re-runs finished matches locally with them.
  const core::Registry* games = nullptr;
  std::unique_ptr<Session> session;
  // The server's catalogue of games (ListGames), once asked for (commands.h: catalogue()).
  std::optional<wire::GameList> games_offered;

  // Opens the session on first use. `need_login`: refuse early when no token is stored.
  core::Result<Session*> connect(bool need_login = true);
  // Prints `st` (as {"error": ...} with --json) and returns the exit status 1.
  int fail(const core::Status& st);
  // Prints a protobuf message as JSON (with --json) or nothing.
  void emit(const google::protobuf::Message& msg);
  // Text mode only: prints `text` as is.
  void say(const std::string& text);
  core::Status save();
};

}  // namespace frontier::cli
