// Tournament and rating requests: validation of what the client sent, the change on the event
// (all rules live in server/tournament_rules/), and the replies.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "auth/auth.h"
#include "clock/time_control.h"
#include "tournament_host/host.h"
#include "tournament_host/wire_format.h"
#include "tournament_rules/event_proto.h"

namespace frontier::server {

namespace tn = frontier::tournament;

bool TournamentHost::handle(const ConnPtr& conn, uint64_t rid, const wire::ClientMessage& msg) {
  if (follows()) {
    switch (msg.body_case()) {
      case wire::ClientMessage::kCreateTournament:
      case wire::ClientMessage::kJoinTournament:
      case wire::ClientMessage::kLeaveTournament:
      case wire::ClientMessage::kStartTournament:
      case wire::ClientMessage::kManageTournament:
        // A change forwarded here by a node that took this one for the leader: it has moved.
        if (conn->forwarded()) {
          send_error(*conn, rid, wire::INTERNAL, "The site's leader changed meanwhile; try again");
        } else {
          to_leader_(conn, msg);
        }
        return true;
      case wire::ClientMessage::kListTournaments:
      case wire::ClientMessage::kGetTournament:
      case wire::ClientMessage::kGetRatings:
        // The leader's changes are in the database: read them before answering.
        load_and_resume(false);
        break;
      default:
        return false;
    }
  }
  switch (msg.body_case()) {
    case wire::ClientMessage::kCreateTournament:
      create(conn, rid, msg.create_tournament());
      return true;
    case wire::ClientMessage::kListTournaments:
      list(conn, rid, msg.list_tournaments());
      return true;
    case wire::ClientMessage::kGetTournament:
      get(conn, rid, msg.get_tournament().tournament_id());
      return true;
    case wire::ClientMessage::kJoinTournament:
      join(conn, rid, msg.join_tournament().tournament_id(), false);
      return true;
    case wire::ClientMessage::kLeaveTournament:
      join(conn, rid, msg.leave_tournament().tournament_id(), true);
      return true;
    case wire::ClientMessage::kStartTournament:
      begin(conn, rid, msg.start_tournament().tournament_id());
      return true;
    case wire::ClientMessage::kManageTournament:
      manage(conn, rid, msg.manage_tournament());
      return true;
    case wire::ClientMessage::kGetRatings:
      ratings(conn, rid, msg.get_ratings());
      return true;
    default:
      return false;
  }
}

void TournamentHost::create(const ConnPtr& conn, uint64_t rid, const wire::CreateTournament& req) {
  const core::Game* game = matches_.games().find(req.game());
  if (!game) return send_error(*conn, rid, wire::UNKNOWN_GAME, "No game '" + req.game() + "' here");
  if (game->seat_count() != 2) {
    return send_error(*conn, rid, wire::INVALID_ARGUMENT,
                      game->info().title() + " is not a two-player game: tournaments pair two players");
  }
  frontier::MatchSetup setup;
  setup.set_game(game->id());
  setup.set_scenario(req.scenario().empty() && game->info().scenarios_size() > 0
                         ? game->info().scenarios(0).id()
                         : req.scenario());
  *setup.mutable_options() = req.options();
  if (auto st = core::validate_setup(*game, setup); !st)
    return send_error(*conn, rid, wire::INVALID_ARGUMENT, st.message());
  auto config = config_from_wire(req);
  if (!config) return send_error(*conn, rid, wire::INVALID_ARGUMENT, config.status().message());
  auto time_control = clock::normalize(req.time_control());
  if (!time_control) return send_error(*conn, rid, wire::INVALID_ARGUMENT, time_control.status().message());
  if (clock::timed(time_control.value())) config.value().clock = time_control.value().SerializeAsString();
  config.value().game = game->id();
  config.value().scenario = setup.scenario();
  config.value().options = setup.SerializeAsString();
  Identity who = conn->identity();
  auto event = tn::create_event(std::move(config.value()), static_cast<tn::PlayerId>(who.user_id));
  if (!event) return send_error(*conn, rid, wire::TOURNAMENT_REFUSED, event.status().message());
  {
    std::lock_guard lock(mu_);
    if (open_of_locked(who.user_id) >= max_open_per_user_) {
      return send_error(*conn, rid, wire::LIMIT_REACHED,
                        "You already organise " + std::to_string(max_open_per_user_) +
                            " unfinished tournaments; create the next when one has finished");
    }
    ++storing_by_user_[who.user_id];
  }
  std::string bytes = tn::serialize_event(event.value());
  auto id = std::make_shared<uint64_t>(0);
  writer_.submit(
      [id, bytes, now = now_()](storage::Store& s) {
        auto put = s.put_tournament(0, bytes, now);
        if (!put) return put.status();
        *id = put.value();
        return core::Status::ok();
      },
      [this, conn, rid, id, who, event = std::move(event.value())](bool ok) mutable {
        {
          std::lock_guard lock(mu_);
          if (--storing_by_user_[who.user_id] == 0) storing_by_user_.erase(who.user_id);
        }
        if (!ok || *id == 0) return send_error(*conn, rid, wire::INTERNAL, "Could not store the event");
        wire::ServerMessage m;
        m.set_request_id(rid);
        {
          std::lock_guard lock(mu_);
          names_[who.user_id] = who.user_name;
          Hosted& h = events_[*id];
          h.id = *id;
          h.event = std::move(event);
          *m.mutable_tournament() = info_locked(h, true);
        }
        spdlog::info("tournament {}: created by user {}", *id, who.user_id);
        conn->send(m);
      });
}

size_t TournamentHost::open_of_locked(uint64_t user) const {
  size_t open = 0;
  for (const auto& [id, h] : events_) {
    if (h.event.organiser == user && h.event.phase != tn::Phase::kFinished) ++open;
  }
  if (auto it = storing_by_user_.find(user); it != storing_by_user_.end()) open += it->second;
  return open;
}

void TournamentHost::list(const ConnPtr& conn, uint64_t rid, const wire::ListTournaments& req) {
  size_t limit = req.limit() == 0 ? 50 : std::min<size_t>(req.limit(), 200);
  wire::ServerMessage m;
  m.set_request_id(rid);
  auto* list = m.mutable_tournaments();
  {
    std::lock_guard lock(mu_);
    auto it = req.before_id() == 0 ? events_.end() : events_.lower_bound(req.before_id());
    while (it != events_.begin() && static_cast<size_t>(list->tournaments_size()) < limit) {
      --it;
      *list->add_tournaments() = info_locked(it->second, false);
    }
    if (it != events_.begin()) list->set_next_before_id(it->first);
  }
  conn->send(m);
}

void TournamentHost::get(const ConnPtr& conn, uint64_t rid, uint64_t id) {
  wire::ServerMessage m;
  m.set_request_id(rid);
  {
    std::lock_guard lock(mu_);
    auto it = events_.find(id);
    if (it == events_.end())
      return send_error(*conn, rid, wire::UNKNOWN_TOURNAMENT, "There is no tournament " + std::to_string(id));
    *m.mutable_tournament() = info_locked(it->second, true);
  }
  conn->send(m);
}

void TournamentHost::change(const ConnPtr& conn, uint64_t rid, uint64_t id, bool organiser_only,
                            const std::function<core::Status(Hosted&, uint64_t)>& fn) {
  Identity who = conn->identity();
  std::vector<NewGame> games;
  wire::ServerMessage m;
  m.set_request_id(rid);
  {
    std::lock_guard lock(mu_);
    auto it = events_.find(id);
    if (it == events_.end())
      return send_error(*conn, rid, wire::UNKNOWN_TOURNAMENT, "There is no tournament " + std::to_string(id));
    Hosted& h = it->second;
    if (organiser_only && h.event.organiser != who.user_id)
      return send_error(*conn, rid, wire::NOT_ORGANISER,
                        "Only the organiser of tournament " + std::to_string(id) + " may do that");
    names_[who.user_id] = who.user_name;
    // The library validates first and changes nothing on failure; a copy makes that certain here.
    tn::Event before = h.event;
    if (auto st = fn(h, who.user_id); !st) {
      h.event = std::move(before);
      return send_error(*conn, rid, wire::TOURNAMENT_REFUSED, st.message());
    }
    games = plan_locked(h, now_());
    *m.mutable_tournament() = info_locked(h, true);
    // Answered only once the change is committed: an acknowledged join, leave or organiser's
    // change survives a SIGKILL right after the answer, like an acknowledged move.
    persist_locked(h, {}, 0, [conn, rid, m = std::move(m)](bool ok) {
      if (ok) return conn->send(m);
      send_error(*conn, rid, wire::INTERNAL, "The change could not be stored");
    });
  }
  create_games(games);
}

void TournamentHost::join(const ConnPtr& conn, uint64_t rid, uint64_t id, bool leave) {
  change(conn, rid, id, false, [this, leave](Hosted& h, uint64_t user) {
    auto player = static_cast<tn::PlayerId>(user);
    if (leave) return tn::withdraw_player(h.event, player);
    double seed = book_.pool(tn::RatingBook::title_key(h.event.config.game)).rating(player).rating;
    return tn::register_player(h.event, player, seed, now_());
  });
}

void TournamentHost::begin(const ConnPtr& conn, uint64_t rid, uint64_t id) {
  change(conn, rid, id, true, [this](Hosted& h, uint64_t) { return tn::start_event(h.event, now_()); });
}

void TournamentHost::manage(const ConnPtr& conn, uint64_t rid, const wire::ManageTournament& req) {
  change(conn, rid, req.tournament_id(), true, [this, &req](Hosted& h, uint64_t user) -> core::Status {
    tn::Event& ev = h.event;
    switch (req.action_case()) {
      case wire::ManageTournament::kPause:
        return tn::set_paused(ev, req.pause());
      case wire::ManageTournament::kRemove:
        return tn::remove_player(ev, static_cast<tn::PlayerId>(req.remove().user_id()),
                                 req.remove().disqualify());
      case wire::ManageTournament::kForbid:
        return tn::forbid_pairing(ev, static_cast<tn::PlayerId>(req.forbid().user_a()),
                                  static_cast<tn::PlayerId>(req.forbid().user_b()));
      case wire::ManageTournament::kAdjust: {
        const auto& a = req.adjust();
        auto result = parse_board_result(a.result());
        if (!result) return result.status();
        // Boards are numbered from 1 on the wire; bracket matches keep their ids.
        int board = a.round() == 0 ? static_cast<int>(a.board()) : static_cast<int>(a.board()) - 1;
        return tn::adjust_result(ev, static_cast<int>(a.round()), board, result.value(), a.reason(),
                                 static_cast<tn::PlayerId>(user), now_());
      }
      case wire::ManageTournament::kFinish:
        return tn::finish_event(ev);
      case wire::ManageTournament::kAddBot: {
        std::optional<SeatHolder> bot = bot_finder_ ? bot_finder_(req.add_bot()) : std::nullopt;
        if (!bot)
          return core::Status::invalid_argument("No computer opponent '" + req.add_bot() +
                                                "' here (levels: easy, normal, hard)");
        auto player = static_cast<tn::PlayerId>(bot->user_id);
        double seed = book_.pool(tn::RatingBook::title_key(ev.config.game)).rating(player).rating;
        auto st = tn::register_player(ev, player, seed, now_());
        if (st) names_[bot->user_id] = bot->user_name;
        return st;
      }
      default:
        return core::Status::invalid_argument("ManageTournament needs an action");
    }
  });
}

void TournamentHost::ratings(const ConnPtr& conn, uint64_t rid, const wire::GetRatings& req) {
  const core::Game* game = matches_.games().find(req.game());
  if (!game) return send_error(*conn, rid, wire::UNKNOWN_GAME, "No game '" + req.game() + "' here");
  std::string key = tn::RatingBook::title_key(game->id());
  if (!req.side().empty()) {
    int seat = game->seat_by_name(req.side());
    if (req.side() == "A" || req.side() == "a") seat = 0;
    if (req.side() == "B" || req.side() == "b") seat = 1;
    if (seat < 0 || seat > 1)
      return send_error(*conn, rid, wire::INVALID_ARGUMENT,
                        "'" + req.side() + "' is not a side of " + game->info().title());
    key = tn::RatingBook::side_key(game->id(), seat == 0 ? tn::Side::kA : tn::Side::kB);
  }
  size_t limit = req.limit() == 0 ? 100 : std::min<size_t>(req.limit(), 1000);
  wire::ServerMessage m;
  m.set_request_id(rid);
  auto* board = m.mutable_leaderboard();
  board->set_game(game->id());
  board->set_pool(key);
  {
    std::lock_guard lock(mu_);
    auto it = book_.pools().find(key);
    if (it != book_.pools().end()) {
      for (const auto& row : it->second.leaderboard(req.include_provisional())) {
        if (static_cast<size_t>(board->rows_size()) >= limit) break;
        auto* r = board->add_rows();
        r->set_user_id(row.player);
        r->set_user_name(name_of(row.player));
        r->set_bot(auth::is_bot_name(r->user_name()));
        r->set_rating(row.rating.rating);
        r->set_deviation(row.rating.deviation);
        r->set_volatility(row.rating.volatility);
        r->set_games(row.games);
        r->set_provisional(row.provisional);
      }
      if (!req.include_provisional()) {
        uint32_t hidden = 0;
        for (const auto& [player, entry] : it->second.entries())
          hidden += it->second.provisional(player) ? 1 : 0;
        board->set_provisional_hidden(hidden);
      }
      for (const auto& change : it->second.history()) {
        if (req.history_of() == 0 || change.player != req.history_of()) continue;
        auto* h = board->add_history();
        h->set_match_id(change.match_id);
        h->set_finished_at(change.finished_at);
        h->set_opponent(change.opponent);
        h->set_score(change.score);
        h->set_rating_before(change.before.rating);
        h->set_rating_after(change.after.rating);
        h->set_deviation_after(change.after.deviation);
      }
    }
  }
  conn->send(m);
}

wire::TournamentInfo TournamentHost::info_locked(const Hosted& h, bool full) const {
  const tn::Event& ev = h.event;
  wire::TournamentInfo info;
  info.set_tournament_id(h.id);
  info.set_name(ev.config.name);
  info.set_game(ev.config.game);
  info.set_scenario(ev.config.scenario);
  info.set_format(format_to_wire(ev.config.format));
  info.set_phase(ev.phase == tn::Phase::kRegistration ? "registration"
                 : ev.phase == tn::Phase::kRunning    ? "running"
                                                      : "finished");
  info.set_paused(ev.paused);
  info.set_organiser(ev.organiser);
  info.set_rounds(ev.config.format == tn::Format::kSwiss ? static_cast<uint32_t>(ev.config.rounds) : 0);
  info.set_current_round(static_cast<uint32_t>(ev.current_round));
  info.set_mini_match(ev.config.games_per_board == 2);
  info.set_rated(ev.config.rated);
  info.set_player_count(static_cast<uint32_t>(ev.players.size()));
  for (tn::Tiebreak t : ev.config.tiebreaks) info.add_tiebreaks(tiebreak_wire_name(t));
  if (ev.phase == tn::Phase::kFinished) {
    if (auto w = tn::event_winner(ev)) info.set_winner(*w);
  }
  if (!full) return info;
  for (const tn::EventPlayer& p : ev.players) {
    auto* out = info.add_players();
    out->set_user_id(p.id);
    out->set_user_name(name_of(p.id));
    out->set_bot(auth::is_bot_name(out->user_name()));
    out->set_status(player_status_name(p.status));
    out->set_pairing_number(p.pairing_number);
    out->set_seed_rating(p.rating);
    out->set_entry_round(p.entry_round);
  }
  auto add_board = [&](int round, int board, const tn::Board& b) {
    auto* out = info.add_boards();
    out->set_round(static_cast<uint32_t>(round));
    out->set_board(static_cast<uint32_t>(round == 0 ? board : board + 1));
    out->set_a_user(b.a);
    out->set_b_user(b.b);
    out->set_a_name(name_of(b.a));
    out->set_b_name(b.b == 0 ? "" : name_of(b.b));
    out->set_result(board_result_text(b.result, ev.config.games_per_board));
    if (auto it = h.board_matches.find({round, board}); it != h.board_matches.end())
      for (uint64_t id : it->second) out->add_match_ids(id);
  };
  for (const tn::Round& r : ev.rounds) {
    if (r.number > ev.current_round) break;
    for (size_t i = 0; i < r.boards.size(); ++i) add_board(r.number, static_cast<int>(i), r.boards[i]);
    if (r.bye) {
      auto* out = info.add_boards();
      out->set_round(static_cast<uint32_t>(r.number));
      out->set_board(static_cast<uint32_t>(r.boards.size() + 1));
      out->set_a_user(*r.bye);
      out->set_a_name(name_of(*r.bye));
      out->set_result("bye");
    }
  }
  for (const auto& [id, board] : ev.bracket_boards) add_board(0, id, board);
  bracket_to_wire(ev.bracket, info);
  if (ev.phase != tn::Phase::kRegistration) {
    for (const tn::StandingRow& row : tn::event_standings(ev)) {
      auto* out = info.add_standings();
      out->set_rank(row.rank);
      out->set_user_id(row.player);
      out->set_user_name(name_of(row.player));
      out->set_half_points(row.points);
      for (int64_t t : row.tiebreaks) out->add_tiebreaks(t);
    }
  }
  for (const tn::ResultAdjustment& a : ev.adjustments) {
    auto* out = info.add_adjustments();
    out->set_round(static_cast<uint32_t>(a.round));
    out->set_board(static_cast<uint32_t>(a.round == 0 ? a.board : a.board + 1));
    out->set_before(board_result_text(a.before, ev.config.games_per_board));
    out->set_after(board_result_text(a.after, ev.config.games_per_board));
    out->set_reason(a.reason);
    out->set_organiser(a.organiser);
    out->set_at(a.at);
  }
  return info;
}

}  // namespace frontier::server
