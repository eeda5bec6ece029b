// `frontier email`: the e-mail notices of the browser's settings page from the terminal
// (docs/play-by-web.md, "E-mail notices"): the address and its verification code, the per-account
// choices of what to mail, and the delay before a "your turn" mail.
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "app/commands.h"

namespace frontier::cli {

namespace {

// One per-account choice: its word on the command line, as shown, and how it is set.
struct EmailChoice {
  const char* word;
  const char* shown;
  const char* alias;  // a shorter word also taken
  bool (wire::EmailSettings::*get)() const;
  void (wire::UpdateEmailChoices::*set)(bool);
};

const EmailChoice kChoices[] = {
    {"your-turn", "your turn", "turn", &wire::EmailSettings::your_turn,
     &wire::UpdateEmailChoices::set_your_turn},
    {"daily-digest", "daily digest", "digest", &wire::EmailSettings::daily_digest,
     &wire::UpdateEmailChoices::set_daily_digest},
    {"clock-warnings", "clock warnings", "clock", &wire::EmailSettings::clock_warnings,
     &wire::UpdateEmailChoices::set_clock_warnings},
    {"tournament-pairings", "tournament pairings", "pairings", &wire::EmailSettings::tournament_pairings,
     &wire::UpdateEmailChoices::set_tournament_pairings},
    {"game-over", "game over", "over", &wire::EmailSettings::game_over,
     &wire::UpdateEmailChoices::set_game_over},
};

constexpr const char* kUsage =
    "Usage: frontier email [set ADDRESS | verify CODE | remove | on CHOICE... | off CHOICE... | delay TIME]";

std::string choice_words() {
  std::string out;
  for (const auto& c : kChoices) out += std::string(out.empty() ? "" : ", ") + c.word;
  return out;
}

// The choices a word names: one by its word, its alias or a unique start of its word; every one
// for "all".
core::Result<std::vector<const EmailChoice*>> choices_named(const std::string& word) {
  std::vector<const EmailChoice*> found;
  for (const auto& c : kChoices) {
    if (word == "all" || word == c.word || word == c.alias) found.push_back(&c);
  }
  if (found.empty()) {
    for (const auto& c : kChoices) {
      if (!word.empty() && std::string(c.word).starts_with(word)) found.push_back(&c);
    }
    if (found.size() > 1) found.clear();
  }
  if (found.empty())
    return core::Status::invalid_argument("No e-mail choice '" + word + "'; the choices are " +
                                          choice_words() + " (or all)");
  return found;
}

// "at once", "after 45 minutes without looking at the match", "after 1 day 2 hours ...".
std::string turn_delay_words(uint32_t minutes) {
  if (minutes == 0) return "at once";
  auto part = [](uint32_t n, const char* unit) {
    return std::to_string(n) + " " + unit + (n == 1 ? "" : "s");
  };
  uint32_t days = minutes / 1440, hours = minutes % 1440 / 60, rest = minutes % 60;
  std::string out;
  for (auto [n, unit] : {std::pair{days, "day"}, {hours, "hour"}, {rest, "minute"}}) {
    if (n != 0) out += (out.empty() ? "" : " ") + part(n, unit);
  }
  return "after " + out + " without looking at the match";
}

// `frontier email delay TIME`: 90 (minutes), 90m, 2h or 1d; whole minutes.
core::Result<uint32_t> delay_minutes(const std::string& text) {
  bool bare = !text.empty() && text.back() >= '0' && text.back() <= '9';
  auto seconds = parse_duration(bare ? text + "m" : text);
  if (!seconds) return seconds.status();
  if (*seconds % 60 != 0)
    return core::Status::invalid_argument("The delay is in whole minutes (like 30m, 2h or 1d), not '" + text +
                                          "'");
  return *seconds / 60;
}

void show(Context& ctx, const wire::EmailSettings& e) {
  std::ostream& out = *ctx.out;
  if (!e.server_sends() && e.address().empty()) {
    out << "This server sends no e-mail (its operator gave it no mail relay).\n";
    return;
  }
  if (e.address().empty()) {
    out << "E-mail notices: no address (`frontier email set ADDRESS` to have notices mailed).\n";
    return;
  }
  out << "E-mail notices to " << e.address();
  if (e.verified()) {
    out << " (verified)\n";
  } else if (e.code_pending()) {
    out << " (not verified yet: `frontier email verify CODE` with the code mailed to it; nothing else is "
           "mailed until then)\n";
  } else {
    out << " (not verified, and its code has expired: `frontier email set " << e.address()
        << "` mails a new one)\n";
  }
  if (!e.server_sends()) out << "  This server no longer sends e-mail (it has no mail relay).\n";
  for (const auto& c : kChoices) {
    bool on = (e.*c.get)();
    out << "  " << c.shown << ": " << (on ? "on" : "off");
    if (c.get == &wire::EmailSettings::your_turn && on)
      out << ", " << turn_delay_words(e.your_turn_delay_minutes());
    out << "\n";
  }
}

// Sends an e-mail request and prints the settings the server answered, after the sentence
// `said` makes of them (text only; --json prints the settings alone).
int change(Context& ctx, wire::ClientMessage m,
           const std::function<std::string(const wire::EmailSettings&)>& said) {
  auto reply = ask(ctx, std::move(m));
  if (!reply) return ctx.fail(reply.status());
  const wire::EmailSettings& e = reply->email_settings();
  if (ctx.json) {
    ctx.emit(e);
    return 0;
  }
  *ctx.out << said(e) << "\n";
  show(ctx, e);
  return 0;
}

int change(Context& ctx, wire::ClientMessage m, const std::string& said) {
  return change(ctx, std::move(m), [&](const wire::EmailSettings&) { return said; });
}

int set_address(Context& ctx, const std::string& address) {
  wire::ClientMessage m;
  m.mutable_set_email()->set_address(address);
  return change(ctx, std::move(m), [&](const wire::EmailSettings& e) -> std::string {
    if (address.empty()) return "Address removed: nothing more is mailed.";
    // The server mails no code to the address that is verified already.
    if (e.verified()) return address + " is verified already; no code was mailed.";
    return "A code was mailed to " + address + ". Give it with `frontier email verify CODE` within 24 hours.";
  });
}

int switch_choices(Context& ctx, bool on) {
  const auto& words = ctx.args.positional;
  if (words.size() < 2)
    return ctx.fail(core::Status::invalid_argument(
        "Name the choices to turn " + std::string(on ? "on" : "off") + ": " + choice_words() + " (or all)"));
  wire::ClientMessage m;
  auto* u = m.mutable_update_email_choices();
  for (size_t i = 1; i < words.size(); ++i) {
    auto named = choices_named(words[i]);
    if (!named) return ctx.fail(named.status());
    for (const EmailChoice* c : *named) (u->*c->set)(on);
  }
  return change(ctx, std::move(m), "Saved.");
}

}  // namespace

int cmd_email(Context& ctx) {
  const auto& words = ctx.args.positional;
  const std::string what = words.empty() ? "" : words[0];
  auto usage = [&] { return ctx.fail(core::Status::invalid_argument(kUsage)); };
  if (what.empty()) {
    wire::ClientMessage m;
    m.mutable_get_profile();
    auto reply = ask(ctx, std::move(m));
    if (!reply) return ctx.fail(reply.status());
    if (ctx.json) {
      ctx.emit(reply->profile().email());
    } else {
      show(ctx, reply->profile().email());
    }
    return 0;
  }
  if (what == "set") {
    if (words.size() != 2 || words[1].empty()) return usage();
    return set_address(ctx, words[1]);
  }
  if (what == "remove") {
    if (words.size() != 1) return usage();
    return set_address(ctx, "");
  }
  if (what == "verify") {
    if (words.size() < 2) return usage();
    // "1234 5678" as the mail may be read out is one code: the server ignores the spaces.
    std::string code;
    for (size_t i = 1; i < words.size(); ++i) code += words[i];
    wire::ClientMessage m;
    m.mutable_verify_email()->set_code(code);
    return change(ctx, std::move(m), "Address verified.");
  }
  if (what == "on" || what == "off") return switch_choices(ctx, what == "on");
  if (what == "delay") {
    if (words.size() != 2) return usage();
    auto minutes = delay_minutes(words[1]);
    if (!minutes) return ctx.fail(minutes.status());
    wire::ClientMessage m;
    m.mutable_update_email_choices()->set_your_turn_delay_minutes(*minutes);
    return change(ctx, std::move(m), "Saved.");
  }
  return usage();
}

}  // namespace frontier::cli
