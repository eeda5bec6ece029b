// Play-by-web settings from the terminal: `--clock` for new matches and events, `frontier vacation`
// and `frontier profile` (`frontier email`: email_commands.cpp).
#include <charconv>
#include <ctime>

#include "app/commands.h"

namespace frontier::cli {

namespace {

std::string when(int64_t unix_seconds) {
  std::time_t t = static_cast<std::time_t>(unix_seconds);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", std::gmtime(&t));
  return buf;
}

int show_profile(Context& ctx, const core::Result<wire::ServerMessage>& reply) {
  if (!reply) return ctx.fail(reply.status());
  const wire::Profile& p = reply->profile();
  if (ctx.json) {
    ctx.emit(p);
    return 0;
  }
  *ctx.out << p.user_name() << "\n  webhook: " << (p.webhook_url().empty() ? "(none)" : p.webhook_url())
           << "\n  notify: your turn " << (p.notify_your_turn() ? "on" : "off") << ", start/end "
           << (p.notify_match_start_end() ? "on" : "off") << ", time low "
           << (p.notify_time_low() ? "on" : "off") << "\n  vacation: " << p.vacation_days_left() << " of "
           << p.vacation_days_per_year() << " days left this year";
  if (p.vacation_until() != 0) *ctx.out << "; on vacation until " << when(p.vacation_until());
  const wire::EmailSettings& e = p.email();
  if (!e.address().empty()) {
    *ctx.out << "\n  e-mail: " << e.address() << (e.verified() ? " (verified)" : " (not verified)")
             << "; `frontier email` shows what is mailed";
  } else if (e.server_sends()) {
    *ctx.out << "\n  e-mail: none; `frontier email set ADDRESS` to have notices mailed";
  }
  *ctx.out << "\n";
  return 0;
}

core::Result<wire::ServerMessage> call(Context& ctx, wire::ClientMessage m) {
  auto session = ctx.connect(true);
  if (!session) return session.status();
  return (*session)->call(std::move(m));
}

}  // namespace

core::Result<uint32_t> parse_duration(const std::string& text) {
  if (text.empty()) return core::Status::invalid_argument("An empty duration");
  uint64_t unit = 1;
  std::string digits = text;
  switch (text.back()) {
    case 'd':
      unit = 86400;
      break;
    case 'h':
      unit = 3600;
      break;
    case 'm':
      unit = 60;
      break;
    case 's':
      break;
    default:
      unit = 0;
  }
  if (unit != 0) {
    digits.pop_back();
  } else {
    unit = 1;
  }
  uint64_t n = 0;
  auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (ec != std::errc() || p != digits.data() + digits.size() || n * unit > 0xffffffffull)
    return core::Status::invalid_argument("'" + text + "' is not a duration (like 3d, 12h, 90m or 45s)");
  return static_cast<uint32_t>(n * unit);
}

std::string format_duration(int64_t seconds) {
  if (seconds <= 0) return "0 s";
  int64_t d = seconds / 86400, h = seconds % 86400 / 3600, m = seconds % 3600 / 60;
  if (d > 0) return std::to_string(d) + "d " + std::to_string(h) + "h";
  if (h > 0) return std::to_string(h) + "h " + std::to_string(m) + "m";
  if (m > 0) return std::to_string(m) + "m " + std::to_string(seconds % 60) + "s";
  return std::to_string(seconds) + " s";
}

std::string clock_summary(const wire::MatchSummary& s) {
  std::string out;
  for (int seat : s.your_seats()) {
    for (const auto& c : s.clocks()) {
      if (c.seat() != seat) continue;
      out += std::string(out.empty() ? "" : ", ") + "your clock " + format_duration(c.remaining_seconds()) +
             (c.on_vacation() ? " (vacation)"
              : c.running()   ? " (running)"
                              : "");
    }
  }
  return out;
}

core::Result<wire::TimeControl> parse_clock(const std::string& text) {
  wire::TimeControl tc;
  if (text.find('/') == std::string::npos) {
    tc.set_preset(text);  // the server knows its presets and refuses unknown names
    return tc;
  }
  size_t first = text.find('/');
  size_t second = text.find('/', first + 1);
  if (second == std::string::npos || text.find('/', second + 1) != std::string::npos)
    return core::Status::invalid_argument("--clock is fast, slow or BANK/INCREMENT/CAP (e.g. 3d/12h/5d)");
  auto bank = parse_duration(text.substr(0, first));
  auto inc = parse_duration(text.substr(first + 1, second - first - 1));
  auto cap = parse_duration(text.substr(second + 1));
  for (const auto* r : {&bank, &inc, &cap}) {
    if (!*r) return r->status();
  }
  tc.set_kind(wire::TimeControl::CORRESPONDENCE);
  tc.set_initial_seconds(bank.value());
  tc.set_increment_seconds(inc.value());
  tc.set_cap_seconds(cap.value());
  return tc;
}

int cmd_vacation(Context& ctx) {
  uint32_t days = 0;
  const std::string word = ctx.args.positional.empty() ? "" : ctx.args.positional[0];
  auto [p, ec] = std::from_chars(word.data(), word.data() + word.size(), days);
  if (ctx.args.positional.size() != 1 || ec != std::errc() || p != word.data() + word.size())
    return ctx.fail(core::Status::invalid_argument("Usage: frontier vacation DAYS (0 ends a vacation)"));
  wire::ClientMessage m;
  m.mutable_set_vacation()->set_days(days);
  return show_profile(ctx, call(ctx, std::move(m)));
}

int cmd_profile(Context& ctx) {
  wire::ClientMessage m;
  if (!ctx.args.has("webhook") && !ctx.args.has("notify")) {
    m.mutable_get_profile();
    return show_profile(ctx, call(ctx, std::move(m)));
  }
  auto* u = m.mutable_update_profile();
  if (ctx.args.has("webhook")) u->set_webhook_url(ctx.args.get("webhook"));
  for (const auto& setting : ctx.args.all("notify")) {
    auto eq = setting.find('=');
    std::string kind = setting.substr(0, eq);
    std::string value = eq == std::string::npos ? "" : setting.substr(eq + 1);
    if (value != "on" && value != "off")
      return ctx.fail(core::Status::invalid_argument("--notify wants KIND=on|off, not '" + setting + "'"));
    bool on = value == "on";
    if (kind == "your-turn") {
      u->set_notify_your_turn(on);
    } else if (kind == "start-end") {
      u->set_notify_match_start_end(on);
    } else if (kind == "time-low") {
      u->set_notify_time_low(on);
    } else {
      return ctx.fail(core::Status::invalid_argument(
          "--notify kinds are your-turn, start-end and time-low, not '" + kind + "'"));
    }
  }
  return show_profile(ctx, call(ctx, std::move(m)));
}

}  // namespace frontier::cli
