// Play-by-web requests as one-shot commands (docs/play-by-web.md): abort a match nobody has
// fully started, offer or answer a takeback, ask for a rematch with sides swapped.
#include "app/commands.h"

namespace frontier::cli {

namespace {

// Prints `text` (or {"ok":true,...} with --json) after an `ok` reply.
int done(Context& ctx, uint64_t id, const std::string& text) {
  if (ctx.json) {
    *ctx.out << "{\"ok\":true,\"match_id\":" << id << "}\n";
  } else {
    *ctx.out << text << "\n";
  }
  return 0;
}

}  // namespace

int cmd_abort(Context& ctx) {
  auto id = match_arg(ctx);
  if (!id) return ctx.fail(id.status());
  wire::ClientMessage m;
  m.mutable_abort_match()->set_match_id(*id);
  auto reply = ask(ctx, std::move(m));
  if (!reply) return ctx.fail(reply.status());
  return done(ctx, *id, "Match " + std::to_string(*id) + " is aborted: no result");
}

int cmd_takeback(Context& ctx) {
  auto id = match_arg(ctx);
  if (!id) return ctx.fail(id.status());
  std::string what = ctx.args.positional.size() > 1 ? ctx.args.positional[1] : "offer";
  wire::ClientMessage m;
  std::string text;
  if (what == "offer") {
    m.mutable_offer_takeback()->set_match_id(*id);
    text = "Takeback offered in match " + std::to_string(*id) + "; your opponent accepts or refuses";
  } else if (what == "accept" || what == "refuse" || what == "withdraw") {
    m.mutable_answer_takeback()->set_match_id(*id);
    m.mutable_answer_takeback()->set_accept(what == "accept");
    text = what == "accept"
               ? "Takeback accepted: the match is back where it was"
               : "The takeback offer is " + std::string(what == "refuse" ? "refused" : "withdrawn");
  } else {
    return ctx.fail(
        core::Status::invalid_argument("Usage: frontier takeback MATCH [offer|accept|refuse|withdraw]"));
  }
  auto reply = ask(ctx, std::move(m));
  if (!reply) return ctx.fail(reply.status());
  return done(ctx, *id, text);
}

int cmd_rematch(Context& ctx) {
  auto id = match_arg(ctx);
  if (!id) return ctx.fail(id.status());
  wire::ClientMessage m;
  m.mutable_rematch()->set_match_id(*id);
  auto reply = ask(ctx, std::move(m));
  if (!reply) return ctx.fail(reply.status());
  uint64_t next = reply->rematch().new_match_id();
  if (ctx.json) {
    *ctx.out << "{\"match_id\":" << *id << ",\"new_match_id\":" << next << "}\n";
  } else if (next == 0) {
    *ctx.out << "Rematch of match " << *id << " asked for; it starts when your opponent asks too\n";
  } else {
    *ctx.out << "The rematch is match " << ctx.style.bold(std::to_string(next))
             << " (sides swapped): `frontier play " << next << "`\n";
  }
  return 0;
}

}  // namespace frontier::cli
