// Replay: local re-run with board, or the server's log when the rules are not built in.
#include "app/replay.h"

#include <unistd.h>

#include <iostream>
#include <map>

#include "app/commands.h"
#include "app/terminal.h"
#include "core/seed_commitment.h"
#include "render/render.h"

namespace frontier::cli {

core::Result<LocalReplay> LocalReplay::start(const core::Game& game, const GameRecord& record) {
  LocalReplay r(game, record);
  auto initial = game.initial(record.setup());
  if (!initial) return initial.status();
  r.state_ = std::move(initial.value());
  return r;
}

core::Status LocalReplay::step() {
  const auto& ra = record_.actions(static_cast<int>(position_));
  auto action = core::from_proto(ra.action());
  if (!action) return action.status();
  last_label_ = game_->describe(*state_, ra.seat(), *action);
  std::vector<core::LogEvent> events;
  auto result = core::apply(*game_, *state_, ra.seat(), *action, &events);
  if (!result.status)
    return core::Status::corruption("Action " + std::to_string(position_ + 1) + " (" + last_label_ +
                                    ") is refused when re-run: " + result.status.message());
  last_lines_.clear();
  for (const auto& e : events) {
    if (auto line = core::line_for(e, core::kObserver)) last_lines_.push_back(*line);
  }
  ++position_;
  return core::Status::ok();
}

core::Status LocalReplay::seek(size_t position) {
  position = std::min(position, size());
  if (position < position_) {
    auto initial = game_->initial(record_.setup());
    if (!initial) return initial.status();
    state_ = std::move(initial.value());
    position_ = 0;
    last_label_.clear();
    last_lines_.clear();
  }
  while (position_ < position) {
    if (auto st = step(); !st) return st;
  }
  return core::Status::ok();
}

wire::MatchUpdate LocalReplay::update(uint64_t match_id) const {
  wire::MatchUpdate u;
  u.set_match_id(match_id);
  u.set_seq(static_cast<uint32_t>(position_));
  u.set_your_seat(core::kObserver);
  u.set_game(record_.setup().game());
  u.set_scenario(record_.setup().scenario());
  game_->view(*state_, core::kObserver, *u.mutable_view());
  game_->status(*state_, *u.mutable_game_status());
  u.set_status(position_ == size() ? wire::FINISHED : wire::RUNNING);
  *u.mutable_seats() = seats_;
  if (seats_.empty()) {
    for (int s = 0; s < game_->seat_count(); ++s) {
      auto* seat = u.add_seats();
      seat->set_seat(s);
      seat->set_side(game_->seat_name(s));
    }
  }
  return u;
}

namespace {

// Reads the next navigation command; "" (Enter) means next. nullopt at end of input.
std::optional<std::string> next_command(bool tty, const Style& style, size_t pos, size_t size) {
  if (tty)
    std::cout << style.dim("[" + std::to_string(pos) + "/" + std::to_string(size) +
                           "] Enter/n next · p previous · g N go to · e end · q quit > ")
              << std::flush;
  std::string line;
  if (!std::getline(std::cin, line)) return std::nullopt;
  return line;
}

// Applies a navigation command to a position; false to quit.
bool navigate(const std::string& cmd, size_t& pos, size_t size) {
  if (cmd == "q" || cmd == "quit") return false;
  if (cmd.empty() || cmd == "n") {
    pos = std::min(pos + 1, size);
  } else if (cmd == "p") {
    pos = pos > 0 ? pos - 1 : 0;
  } else if (cmd == "e" || cmd == "end") {
    pos = size;
  } else if (cmd.rfind("g ", 0) == 0) {
    pos = std::min(static_cast<size_t>(std::strtoul(cmd.c_str() + 2, nullptr, 10)), size);
  }
  return true;
}

void print_position(Context& ctx, LocalReplay& r, uint64_t id) {
  wire::MatchUpdate u = r.update(id);
  if (ctx.json) {
    std::string lines;
    for (const auto& l : r.last_lines()) lines += (lines.empty() ? "" : ",") + json_quote(l);
    *ctx.out << "{\"position\":" << r.position() << ",\"label\":" << json_quote(r.last_label())
             << ",\"log\":[" << lines << "],\"update\":" << to_json(u) << "}\n";
    return;
  }
  BoardOptions board;
  if (int columns = terminal_size().columns; columns > 0) board.width = columns;
  *ctx.out << ctx.style.clear_screen()
           << render_heading(u, ctx.style, game_title(ctx, u.game(), u.scenario()))
           << render_status(u, ctx.style) << render_board(u.view(), ctx.style, board);
  if (r.position() > 0) {
    *ctx.out << ctx.style.bold("Action " + std::to_string(r.position()) + ": ") << r.last_label() << "\n";
    for (const auto& l : r.last_lines()) *ctx.out << "  " << l << "\n";
  }
}

int replay_local(Context& ctx, uint64_t id, const core::Game& game, const GameRecord& record,
                 const wire::MatchUpdate& seen) {
  auto started = LocalReplay::start(game, record);
  if (!started) return ctx.fail(started.status());
  LocalReplay& r = *started;
  r.set_seats(seen.seats());
  // Verify first: the whole match re-run from the revealed seed must end on the server's hash.
  if (auto st = r.seek(r.size()); !st) return ctx.fail(st);
  bool verified = record.final_hash().empty() || r.state_hash() == record.final_hash();
  std::string check =
      "Re-ran " + std::to_string(r.size()) + " actions from the revealed seed " +
      std::to_string(record.setup().seed()) + ": final hash " + r.state_hash() +
      (verified ? " matches the server's" : " DIFFERS from the server's " + record.final_hash());
  if (ctx.json) {
    *ctx.out << "{\"verified\":" << (verified ? "true" : "false") << ",\"actions\":" << r.size()
             << ",\"final_hash\":" << json_quote(r.state_hash()) << "}\n";
  } else {
    *ctx.out << (verified ? ctx.style.green(check) : ctx.style.red(check)) << "\n";
  }
  if (!verified) return 1;
  size_t pos = ctx.args.has("at") ? std::stoul(ctx.args.get("at")) : 0;
  if (ctx.args.has("at") || ctx.args.has("all")) {
    size_t from = ctx.args.has("all") ? 0 : pos;
    size_t to = ctx.args.has("all") ? r.size() : pos;
    for (size_t k = from; k <= to; ++k) {
      if (auto st = r.seek(k); !st) return ctx.fail(st);
      print_position(ctx, r, id);
    }
    return 0;
  }
  bool tty = isatty(STDIN_FILENO) == 1 && !ctx.json;
  for (;;) {
    if (auto st = r.seek(pos); !st) return ctx.fail(st);
    print_position(ctx, r, id);
    auto cmd = next_command(tty, ctx.style, pos, r.size());
    if (!cmd || !navigate(*cmd, pos, r.size())) return 0;
  }
}

// Without the rules: the log, one seq at a time.
int replay_log(Context& ctx, uint64_t id, const GameRecord& record) {
  wire::ClientMessage m;
  m.mutable_fetch_log()->set_match_id(id);
  auto reply = (*ctx.connect(false))->call(std::move(m));
  if (!reply) return ctx.fail(reply.status());
  std::map<uint32_t, std::vector<std::string>> by_seq;
  for (const auto& e : reply->log().entries()) by_seq[e.seq()].push_back(e.text());
  std::vector<uint32_t> seqs;
  for (const auto& [seq, lines] : by_seq) seqs.push_back(seq);
  ctx.say("This client does not carry the rules of " + record.setup().game() +
          ": stepping through the log (no board, and the final hash is not re-computed).\n");
  auto print = [&](size_t k) {
    if (seqs.empty()) return;
    uint32_t seq = seqs[k];
    if (ctx.json) {
      std::string lines;
      for (const auto& l : by_seq[seq]) lines += (lines.empty() ? "" : ",") + json_quote(l);
      *ctx.out << "{\"seq\":" << seq << ",\"log\":[" << lines << "]}\n";
      return;
    }
    *ctx.out << ctx.style.bold("seq " + std::to_string(seq)) << "\n";
    for (const auto& l : by_seq[seq]) *ctx.out << "  " << l << "\n";
  };
  size_t last = seqs.empty() ? 0 : seqs.size() - 1;
  if (ctx.args.has("all")) {
    for (size_t k = 0; k < seqs.size(); ++k) print(k);
    return 0;
  }
  size_t pos = 0;
  bool tty = isatty(STDIN_FILENO) == 1 && !ctx.json;
  for (;;) {
    print(pos);
    auto cmd = next_command(tty, ctx.style, pos, last);
    if (!cmd || !navigate(*cmd, pos, last)) return 0;
  }
}

}  // namespace

namespace {

// The commitment shown from the match's first view must be the hash of the revealed seed and
// nonce: the server fixed the dice before the first move (docs/protocol.md, verifiable dice).
core::Result<bool> check_commitment(Context& ctx, uint64_t id, uint64_t seed, const std::string& nonce,
                                    wire::MatchUpdate* seen) {
  wire::ClientMessage m;
  m.mutable_watch_match()->set_match_id(id);
  m.mutable_watch_match()->set_since_seq(~0u);
  auto reply = (*ctx.connect(false))->call(std::move(m));
  if (!reply) return reply.status();
  *seen = reply->update();
  return core::seed_commitment(seed, nonce) == seen->seed_commitment();
}

}  // namespace

int cmd_replay(Context& ctx) {
  auto id = match_arg(ctx);
  if (!id) return ctx.fail(id.status());
  auto session = ctx.connect(false);
  if (!session) return ctx.fail(session.status());
  wire::ClientMessage m;
  m.mutable_fetch_replay()->set_match_id(*id);
  auto reply = (*session)->call(std::move(m));
  if (!reply) return ctx.fail(reply.status());
  const GameRecord& record = reply->replay().record();
  wire::MatchUpdate seen;
  auto committed = check_commitment(ctx, *id, record.setup().seed(), reply->replay().seed_nonce(), &seen);
  if (!committed) return ctx.fail(committed.status());
  const std::string& commitment = seen.seed_commitment();
  if (ctx.json) {
    *ctx.out << "{\"seed\":\"" << record.setup().seed() << "\",\"seed_commitment\":" << json_quote(commitment)
             << ",\"commitment_verified\":" << (*committed ? "true" : "false") << "}\n";
  } else {
    std::string text = "Seed " + std::to_string(record.setup().seed()) + " and nonce " +
                       reply->replay().seed_nonce() + (*committed ? " match" : " DO NOT match") +
                       " the commitment " + commitment + " shown since the first move";
    *ctx.out << (*committed ? ctx.style.green(text) : ctx.style.red(text)) << "\n";
  }
  if (!*committed) return 1;
  const core::Game* game = ctx.games ? ctx.games->find(record.setup().game()) : nullptr;
  if (game != nullptr) return replay_local(ctx, *id, *game, record, seen);
  return replay_log(ctx, *id, record);
}

}  // namespace frontier::cli
