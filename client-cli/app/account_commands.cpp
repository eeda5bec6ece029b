// server, register, login, logout: the commands that change what is stored in the config file.
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <iostream>

#include "app/commands.h"
#include "auth/auth.h"

namespace frontier::cli {

int cmd_server(Context& ctx) {
  if (ctx.args.positional.empty()) {
    if (ctx.json) {
      *ctx.out << "{\"server\":" << json_quote(ctx.config.server_or_default()) << "}\n";
    } else {
      *ctx.out << ctx.config.server_or_default() << "\n";
    }
    return 0;
  }
  const std::string& url = ctx.args.positional[0];
  if (auto a = parse_server_url(url); !a) return ctx.fail(a.status());
  bool changed = url != ctx.config.server_or_default();
  ctx.config.server = url;
  // A token belongs to the server that issued it.
  if (changed) ctx.config.token.clear(), ctx.config.user.clear(), ctx.config.device_token.clear();
  if (auto st = ctx.save(); !st) return ctx.fail(st);
  if (ctx.json) {
    *ctx.out << "{\"server\":" << json_quote(url) << "}\n";
  } else {
    *ctx.out << "Server set to " << url << (changed ? " (log in again there)" : "") << "\n";
  }
  return 0;
}

namespace {

// One line from the terminal without echo, after `question`.
std::string ask_quietly(const char* question) {
  termios old{};
  tcgetattr(STDIN_FILENO, &old);
  termios quiet = old;
  quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
  tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
  std::cerr << question << std::flush;
  std::string line;
  std::getline(std::cin, line);
  std::cerr << "\n";
  tcsetattr(STDIN_FILENO, TCSANOW, &old);
  return line;
}

// --password, else FRONTIER_PASSWORD, else asked on the terminal without echo, else one line of
// stdin. A new password (`is_new`) must keep the server's rules (auth::validate_password, the
// server's own check): on a terminal it is asked again until it does, and only then a second
// time to confirm it; elsewhere a bad one is refused before anything is sent.
core::Result<std::string> read_password(Context& ctx, bool is_new) {
  auto checked = [&](std::string pw) -> core::Result<std::string> {
    if (is_new)
      if (auto st = auth::validate_password(pw); !st) return st;
    return pw;
  };
  if (ctx.args.has("password")) return checked(ctx.args.get("password"));
  if (const char* env = std::getenv("FRONTIER_PASSWORD")) return checked(env);
  if (!isatty(STDIN_FILENO)) {
    std::string pw;
    std::getline(std::cin, pw);
    return checked(pw);
  }
  constexpr int kTries = 3;
  for (int tries = 0; tries < kTries; ++tries) {
    std::string pw = ask_quietly("Password: ");
    if (!is_new) return pw;
    if (auto st = auth::validate_password(pw); !st) {
      std::cerr << st.message() << "; try again.\n";
      continue;
    }
    if (ask_quietly("Again: ") != pw) return core::Status::invalid_argument("The two passwords differed");
    return pw;
  }
  return core::Status::invalid_argument("No password that keeps the rules was given");
}

// Account names are compared without regard to case, as the server finds them.
bool same_name(const std::string& a, const std::string& b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(),
                    [](unsigned char x, unsigned char y) { return std::tolower(x) == std::tolower(y); });
}

int authenticate(Context& ctx, bool is_register) {
  if (ctx.args.positional.size() != 1)
    return ctx.fail(
        core::Status::invalid_argument(std::string("Usage: frontier ") + ctx.args.command + " NAME"));
  std::string name = ctx.args.positional[0];
  // A name the server would refuse is refused before a password is asked for.
  if (is_register)
    if (auto st = auth::validate_name(name); !st) return ctx.fail(st);
  auto read = read_password(ctx, is_register);
  if (!read) return ctx.fail(read.status());
  std::string password = *read;
  if (password.empty()) return ctx.fail(core::Status::invalid_argument("No password given"));
  ctx.config.token.clear();
  auto session = ctx.connect(false);
  if (!session) return ctx.fail(session.status());
  wire::ClientMessage m;
  if (is_register) {
    m.mutable_register_()->set_name(name);
    m.mutable_register_()->set_password(password);
  } else {
    m.mutable_login()->set_name(name);
    m.mutable_login()->set_password(password);
    if (!ctx.config.device_token.empty() && same_name(ctx.config.device_user, name))
      m.mutable_login()->set_device_token(ctx.config.device_token);
  }
  auto reply = (*session)->call(std::move(m));
  if (!reply) return ctx.fail(reply.status());
  ctx.config.token = reply->auth().token();
  ctx.config.user = reply->auth().user_name();
  if (!reply->auth().device_token().empty()) {
    ctx.config.device_token = reply->auth().device_token();
    ctx.config.device_user = reply->auth().user_name();
  }
  if (auto st = ctx.save(); !st) return ctx.fail(st);
  if (ctx.json) {
    *ctx.out << "{\"user_id\":" << reply->auth().user_id() << ",\"user_name\":" << json_quote(ctx.config.user)
             << "}\n";
  } else {
    *ctx.out << (is_register ? "Registered and logged in as " : "Logged in as ") << ctx.config.user << " on "
             << ctx.config.server_or_default() << "\n";
  }
  return 0;
}

}  // namespace

int cmd_register(Context& ctx) {
  return authenticate(ctx, true);
}

int cmd_login(Context& ctx) {
  return authenticate(ctx, false);
}

int cmd_logout(Context& ctx) {
  if (ctx.config.token.empty()) {
    ctx.say("Not logged in\n");
    if (ctx.json) *ctx.out << "{\"ok\":true}\n";
    return 0;
  }
  // Ending the session on the server is best effort: the local token is forgotten regardless.
  std::string note;
  if (auto session = ctx.connect(); session) {
    wire::ClientMessage m;
    m.mutable_logout();
    if (auto reply = (*session)->call(std::move(m)); !reply)
      note = " (server: " + reply.status().message() + ")";
  } else {
    note = " (the server was not told: " + session.status().message() + ")";
  }
  std::string user = ctx.config.user;
  ctx.config.token.clear();
  ctx.config.user.clear();
  if (auto st = ctx.save(); !st) return ctx.fail(st);
  if (ctx.json) {
    *ctx.out << "{\"ok\":true}\n";
  } else {
    *ctx.out << "Logged out " << user << note << "\n";
  }
  return 0;
}

}  // namespace frontier::cli
