// `frontier verify MATCH`: are the dice of a finished match fair? The server re-runs the match
// from its revealed seed (VerifyMatch); when this binary carries the game's rules the check is
// also made here, without trusting the server: the commitment shown since the first move is the
// hash of the revealed seed and nonce, and the record re-runs to the server's final hash.
#include "app/commands.h"
#include "core/record.h"
#include "core/seed_commitment.h"

namespace frontier::cli {

int cmd_verify(Context& ctx) {
  auto id = match_arg(ctx);
  if (!id) return ctx.fail(id.status());
  auto session = ctx.connect(false);
  if (!session) return ctx.fail(session.status());
  wire::ClientMessage m;
  m.mutable_verify_match()->set_match_id(*id);
  auto reply = (*session)->call(std::move(m));
  if (!reply) return ctx.fail(reply.status());
  const wire::VerifyReply& v = reply->verify();
  bool server_ok = v.commitment_ok() && v.hash_ok();

  // The local check, when the rules are built in.
  std::optional<bool> local_ok;
  std::string local_hash;
  wire::ClientMessage fetch;
  fetch.mutable_fetch_replay()->set_match_id(*id);
  auto record_reply = (*session)->call(std::move(fetch));
  if (!record_reply) return ctx.fail(record_reply.status());
  const GameRecord& record = record_reply->replay().record();
  if (const core::Game* game = ctx.games ? ctx.games->find(record.setup().game()) : nullptr) {
    bool commitment = core::seed_commitment(record.setup().seed(), record_reply->replay().seed_nonce()) ==
                      v.seed_commitment();
    GameRecord unchecked = record;
    unchecked.clear_final_hash();
    auto rerun = core::replay(*game, unchecked);
    if (rerun) local_hash = core::state_hash(*game, *rerun->state);
    local_ok = commitment && rerun && local_hash == v.stored_final_hash();
  }

  if (ctx.json) {
    *ctx.out << "{\"match\":" << *id << ",\"seed\":\"" << v.revealed_seed()
             << "\",\"seed_commitment\":" << json_quote(v.seed_commitment())
             << ",\"commitment_ok\":" << (v.commitment_ok() ? "true" : "false")
             << ",\"final_hash\":" << json_quote(v.stored_final_hash())
             << ",\"server_hash_ok\":" << (v.hash_ok() ? "true" : "false") << ",\"actions\":" << v.actions();
    if (local_ok) *ctx.out << ",\"local_ok\":" << (*local_ok ? "true" : "false");
    *ctx.out << "}\n";
  } else {
    auto line = [&](bool ok, const std::string& text) {
      *ctx.out << (ok ? ctx.style.green("ok   " + text) : ctx.style.red("FAIL " + text)) << "\n";
    };
    line(v.commitment_ok(), "seed " + std::to_string(v.revealed_seed()) + " and nonce " + v.seed_nonce() +
                                " hash to the commitment " + v.seed_commitment());
    line(v.hash_ok(), "the server re-ran " + std::to_string(v.actions()) + " actions to the final hash " +
                          v.stored_final_hash());
    if (local_ok) {
      line(*local_ok, "re-run here from the revealed seed: final hash " + local_hash);
    } else {
      *ctx.out << "     (this client does not carry the rules of " << record.setup().game()
               << ": no local re-run)\n";
    }
  }
  return server_ok && local_ok.value_or(true) ? 0 : 1;
}

}  // namespace frontier::cli
