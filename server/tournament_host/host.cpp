// The host's life cycle: loading, planning the games boards need, creating their matches,
// recording results and ratings, and the clock (start times, round deadlines).
#include "tournament_host/host.h"

#include <spdlog/spdlog.h>

#include "auth/auth.h"
#include "tournament.pb.h"
#include "tournament_rules/event_proto.h"
#include "tournament_rules/mini_match.h"

namespace frontier::server {

namespace tn = frontier::tournament;

namespace {

// A board still waiting for a game: undecided, or a mini-match / knock-out tie between games
// (record_game marks a board played from its first game on).
bool board_open(const tn::Event& ev, int round, const tn::Board& b) {
  if (b.result.kind == tn::ResultKind::kPending) return true;
  if (b.result.kind != tn::ResultKind::kPlayed) return false;  // forfeited
  return !tn::board_complete(b.result, ev.config.games_per_board, round == 0);
}

// Round 0 names a bracket match.
const tn::Board* board_of(const tn::Event& ev, int round, int board) {
  if (round == 0) {
    auto it = ev.bracket_boards.find(board);
    return it == ev.bracket_boards.end() ? nullptr : &it->second;
  }
  if (round < 1 || round > static_cast<int>(ev.rounds.size())) return nullptr;
  const auto& boards = ev.rounds[static_cast<size_t>(round) - 1].boards;
  return board >= 0 && board < static_cast<int>(boards.size()) ? &boards[static_cast<size_t>(board)]
                                                               : nullptr;
}

// Who forfeits a game still unfinished at the round deadline (docs/tournaments.md): in a timed
// match the side that has used more of its time (both banks started equal, so the lower one);
// when the banks are equal or the match is untimed, the side(s) the match is waiting for.
std::pair<bool, bool> late_at_deadline(const Match::Outcome& o, int a_seat) {
  size_t a = static_cast<size_t>(a_seat);
  size_t b = static_cast<size_t>(1 - a_seat);
  if (o.remaining.size() == 2 && o.remaining[a] != o.remaining[b])
    return {o.remaining[a] < o.remaining[b], o.remaining[b] < o.remaining[a]};
  return {(o.awaiting & (1u << a)) != 0, (o.awaiting & (1u << b)) != 0};
}

}  // namespace

TournamentHost::TournamentHost(MatchRegistry& matches, storage::Writer& writer, std::function<int64_t()> now,
                               uint32_t max_open_per_user)
    : matches_(matches), writer_(writer), now_(std::move(now)), max_open_per_user_(max_open_per_user) {}

TournamentHost::~TournamentHost() {
  stop();
}

void TournamentHost::start() {
  load_and_resume();
  matches_.set_finish_listener([this](uint64_t id) { on_finished(id); });
  clock_ = std::thread([this] { clock_loop(); });
}

void TournamentHost::reload() {
  spdlog::info("tournaments: reading every event again (this node now runs the tournament clock)");
  load_and_resume();
}

void TournamentHost::load_and_resume(bool resume) {
  struct Loaded {
    std::vector<std::pair<uint64_t, std::string>> events;
    std::vector<storage::TournamentMatchRow> links;
    std::vector<std::pair<std::string, std::string>> pools;
    std::vector<uint64_t> unrated;  // finished rated matches outside tournaments not yet rated
    std::map<uint64_t, std::string> names;
  };
  auto loaded = std::make_shared<Loaded>();
  core::Status read;
  writer_.run_sync([loaded, &read](storage::Store& s) {
    auto events = s.tournaments();
    auto links = s.tournament_matches();
    auto pools = s.rating_pools();
    auto unrated = s.rated_matches_unrecorded();
    for (const core::Status* st : {&events.status(), &links.status(), &pools.status(), &unrated.status()}) {
      if (!st->is_ok() && read.is_ok()) read = *st;
    }
    if (!read) return;
    loaded->events = std::move(events.value());
    loaded->links = std::move(links.value());
    loaded->pools = std::move(pools.value());
    loaded->unrated = std::move(unrated.value());
  });
  // Nothing read is not "no tournaments": what this node holds stays as it was.
  if (!read) {
    spdlog::error("tournaments: cannot read them from the database: {}", read.message());
    return;
  }

  std::vector<NewGame> games;
  std::vector<uint64_t> unrecorded;
  {
    std::lock_guard lock(mu_);
    // What the database holds replaces what this node had (a reload: other nodes changed it).
    events_.clear();
    links_.clear();
    for (const auto& [key, bytes] : loaded->pools) {
      tournament_pb::RatingPool message;
      if (!message.ParseFromString(bytes)) {
        spdlog::error("rating pool {}: stored bytes do not decode", key);
        continue;
      }
      auto pool = tn::pool_from_proto(message);
      if (!pool) {
        spdlog::error("rating pool {}: {}", key, pool.status().message());
        continue;
      }
      for (const auto& change : pool.value().history()) rated_matches_.insert(change.match_id);
      book_.put_pool(key, std::move(pool.value()));
    }
    for (const auto& [id, bytes] : loaded->events) {
      auto event = tn::parse_event(bytes);
      if (!event) {
        spdlog::error("tournament {}: {}", id, event.status().message());
        continue;
      }
      Hosted& h = events_[id];
      h.id = id;
      h.event = std::move(event.value());
    }
    for (const auto& link : loaded->links) {
      links_[link.match_id] = link;
      auto it = events_.find(link.tournament_id);
      if (it == events_.end()) continue;
      auto& list = it->second.board_matches[{link.round, link.board}];
      if (static_cast<int>(list.size()) <= link.game) list.resize(static_cast<size_t>(link.game) + 1);
      list[static_cast<size_t>(link.game)] = link.match_id;
      if (!link.recorded) unrecorded.push_back(link.match_id);
    }
    int64_t now = now_();
    // Only the leader opens rounds and creates their matches; another node's copy is for reading.
    resume = resume && !follows();
    for (auto& [id, h] : events_) {
      if (!resume) break;
      auto more = plan_locked(h, now);
      games.insert(games.end(), more.begin(), more.end());
    }
    if (resume)
      spdlog::info("tournaments: {} events, {} matches, {} rating pools loaded", events_.size(),
                   links_.size(), book_.pools().size());
  }
  // Names for every player and organiser, read once; later ones come with their requests.
  std::set<uint64_t> users;
  {
    std::lock_guard lock(mu_);
    for (const auto& [id, h] : events_) {
      users.insert(h.event.organiser);
      for (const auto& p : h.event.players) users.insert(p.id);
    }
    for (const auto& [key, pool] : book_.pools())
      for (const auto& [player, entry] : pool.entries()) users.insert(player);
  }
  writer_.run_sync([loaded, users](storage::Store& s) {
    for (uint64_t u : users) {
      auto row = s.find_user(u);
      if (!row) {
        spdlog::error("tournaments: cannot read the players' names: {}", row.status().message());
        return;  // names come with the players' next requests
      }
      if (*row) loaded->names[u] = (*row)->name;
    }
  });
  {
    std::lock_guard lock(mu_);
    names_.merge(loaded->names);
  }
  if (!resume) return;
  // Matches that finished while the server was down (or before their result was stored).
  for (uint64_t id : unrecorded) on_finished(id);
  for (uint64_t id : loaded->unrated) on_finished(id);
  create_games(games);
}

void TournamentHost::stop() {
  {
    std::lock_guard lock(clock_mu_);
    stopping_ = true;
  }
  clock_cv_.notify_all();
  if (clock_.joinable()) clock_.join();
}

std::vector<TournamentHost::NewGame> TournamentHost::plan_locked(Hosted& h, int64_t now) {
  tn::Event& ev = h.event;
  std::vector<NewGame> out;
  if (ev.phase != tn::Phase::kRunning) return out;
  if (!ev.paused) {
    auto opened = tn::open_next_boards(ev, now);
    if (!opened) {
      // Said once per new reason: the clock retries every second (e.g. an unpairable Swiss round
      // waits for the organiser to finish the event or remove a player).
      if (warned_[h.id] != opened.status().message()) {
        warned_[h.id] = opened.status().message();
        spdlog::warn("tournament {}: {}", h.id, opened.status().message());
      }
    } else if (!opened.value().empty()) {
      persist_locked(h);
    }
  }
  bool elimination = ev.config.format == tn::Format::kSingleElimination ||
                     ev.config.format == tn::Format::kDoubleElimination;
  auto need = [&](int round, int board, const tn::Board& b) {
    if (!board_open(ev, round, b)) return;
    int game = static_cast<int>(b.result.games.size());
    auto it = h.board_matches.find({round, board});
    int linked = it == h.board_matches.end() ? 0 : static_cast<int>(it->second.size());
    if (linked > game || creating_.count({h.id, round, board, game})) return;  // in play
    bool swapped = tn::game_swaps_sides(game);
    out.push_back({h.id, round, board, game, swapped ? b.b : b.a, swapped ? b.a : b.b});
    creating_.insert({h.id, round, board, game});
  };
  if (elimination) {
    for (const auto& [id, board] : ev.bracket_boards) need(0, id, board);
  } else {
    for (const tn::Round& r : ev.rounds) {
      if (r.number > ev.current_round) break;
      for (size_t i = 0; i < r.boards.size(); ++i) need(r.number, static_cast<int>(i), r.boards[i]);
    }
  }
  return out;
}

void TournamentHost::persist_locked(const Hosted& h, const std::vector<std::string>& pools,
                                    uint64_t recorded_match, storage::Writer::Done done) {
  std::string bytes = tn::serialize_event(h.event);
  auto pool_bytes = pool_bytes_locked(pools);
  writer_.submit(
      [id = h.id, bytes = std::move(bytes), pool_bytes = std::move(pool_bytes), recorded_match,
       now = now_()](storage::Store& s) {
        if (auto put = s.put_tournament(id, bytes, now); !put) return put.status();
        for (const auto& [key, pool] : pool_bytes) {
          if (auto st = s.put_rating_pool(key, pool); !st) return st;
        }
        return recorded_match != 0 ? s.mark_tournament_match_recorded(recorded_match) : core::Status::ok();
      },
      std::move(done));
}

std::vector<std::pair<std::string, std::string>> TournamentHost::pool_bytes_locked(
    const std::vector<std::string>& keys) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& key : keys)
    out.emplace_back(key, tn::pool_to_proto(key, book_.pool(key)).SerializeAsString());
  return out;
}

void TournamentHost::create_games(const std::vector<NewGame>& games) {
  for (const NewGame& g : games) {
    MatchRegistry::CreateRequest create;
    frontier::MatchSetup setup;
    uint64_t organiser = 0;
    std::string time_control;
    bool rated = false;
    {
      std::lock_guard lock(mu_);
      const tn::Event& ev = events_.at(g.tournament).event;
      setup.ParseFromString(ev.config.options);  // game, scenario and options, stored at creation
      organiser = ev.organiser;
      time_control = ev.config.clock;  // a serialized wire::TimeControl, empty = untimed
      rated = ev.config.rated;
      create.creator_name = name_of(organiser);
      create.assigned = {{g.seat0, name_of(g.seat0)}, {g.seat1, name_of(g.seat1)}};
    }
    create.game = matches_.games().find(setup.game());
    if (!create.game) {
      spdlog::error("tournament {}: game '{}' is not in this build", g.tournament, setup.game());
      continue;
    }
    setup.set_seed(auth::random_u64());
    create.seed_nonce = auth::random_hex(16);
    auto initial = create.game->initial(setup);
    if (!initial) {
      spdlog::error("tournament {}: {}", g.tournament, initial.status().message());
      continue;
    }
    create.setup = setup;
    create.initial = std::move(initial.value());
    create.creator = organiser;
    create.tournament_id = g.tournament;
    create.rated = rated;  // shown on the match; the host rates it (record), not the casual rater
    create.time_control = time_control;
    storage::TournamentMatchRow link{0, g.tournament, g.round, g.board, g.game, false};
    create.also = [link](storage::Store& s, uint64_t match_id) mutable {
      link.match_id = match_id;
      return s.link_tournament_match(link);
    };
    matches_.create(std::move(create), [this, g](const std::shared_ptr<Match>& match) {
      std::lock_guard lock(mu_);
      creating_.erase({g.tournament, g.round, g.board, g.game});
      if (!match) {
        spdlog::error("tournament {}: the match of round {} board {} could not be stored", g.tournament,
                      g.round, g.board);
        return;
      }
      links_[match->id()] = {match->id(), g.tournament, g.round, g.board, g.game, false};
      auto& list = events_[g.tournament].board_matches[{g.round, g.board}];
      if (static_cast<int>(list.size()) <= g.game) list.resize(static_cast<size_t>(g.game) + 1);
      list[static_cast<size_t>(g.game)] = match->id();
      spdlog::info("tournament {}: round {} board {} game {} is match {}", g.tournament, g.round, g.board,
                   g.game, match->id());
    });
  }
}

void TournamentHost::finished_elsewhere(uint64_t match_id) {
  // The node that ended it held the match's lease. A copy here that runs it and does not show
  // the end ran under a lease this node has lost (and has not noticed yet): it leaves memory, and
  // the match is read afresh, as it was committed.
  matches_.with(match_id, [this, match_id](const std::shared_ptr<Match>& match) {
    if (match && !match->follower() && !match->outcome().finished)
      matches_.unload(match_id, match->lease_epoch());
    on_finished(match_id);
  });
}

void TournamentHost::on_finished(uint64_t match_id) {
  if (follows()) return finished_to_leader_(match_id);  // the leader records it, once
  bool linked = false;
  {
    std::lock_guard lock(mu_);
    auto it = links_.find(match_id);
    if (it != links_.end() && it->second.recorded) return;
    linked = it != links_.end();
    if (!linked && rated_matches_.count(match_id)) return;
  }
  matches_.with(match_id, [this, match_id, linked](const std::shared_ptr<Match>& match) {
    if (!match) return;
    Match::Outcome outcome = match->outcome();
    if (!outcome.finished) return;
    if (linked) {
      record(match_id, outcome);
    } else if (outcome.rated && outcome.tournament_id == 0) {
      rate_match(match_id, match->game().id(), outcome);
    }
  });
}

void TournamentHost::record(uint64_t match_id, const Match::Outcome& outcome) {
  std::vector<NewGame> games;
  {
    std::lock_guard lock(mu_);
    auto it = links_.find(match_id);
    if (it == links_.end() || it->second.recorded) return;
    storage::TournamentMatchRow& link = it->second;
    Hosted& h = events_[link.tournament_id];
    tn::Event& ev = h.event;
    // Seat 0 plays side A; in a swapped game the board's B player holds it.
    int a_seat = tn::game_swaps_sides(link.game) ? 1 : 0;
    tn::GameOutcome result = outcome.winner < 0         ? tn::GameOutcome::kDraw
                             : outcome.winner == a_seat ? tn::GameOutcome::kAWins
                                                        : tn::GameOutcome::kBWins;
    link.recorded = true;
    std::vector<std::string> pools;
    const tn::Board* board = board_of(ev, link.round, link.board);
    // A board already decided (forfeited at the deadline, adjusted) keeps its result.
    if (board && board_open(ev, link.round, *board) &&
        static_cast<int>(board->result.games.size()) == link.game) {
      tn::PlayerId seat0 = a_seat == 0 ? board->a : board->b;
      tn::PlayerId seat1 = a_seat == 0 ? board->b : board->a;
      if (auto st = tn::record_game(ev, link.round, link.board, result); !st) {
        spdlog::warn("tournament {}: match {}: {}", h.id, match_id, st.message());
      } else if (ev.config.rated) {
        double score0 = outcome.winner < 0 ? 0.5 : outcome.winner == 0 ? 1.0 : 0.0;
        const std::string& title = ev.config.game;
        book_.record_match(title, match_id, now_(), seat0, seat1, score0);
        pools = {tn::RatingBook::title_key(title), tn::RatingBook::side_key(title, tn::Side::kA),
                 tn::RatingBook::side_key(title, tn::Side::kB)};
      }
    }
    persist_locked(h, pools, match_id);
    games = plan_locked(h, now_());
    spdlog::info("tournament {}: match {} recorded", h.id, match_id);
  }
  create_games(games);
}

void TournamentHost::clock_loop() {
  std::unique_lock lock(clock_mu_);
  while (!stopping_) {
    clock_cv_.wait_for(lock, std::chrono::seconds(1));
    if (stopping_) break;
    if (leadership_ && !leadership_->is_leader()) continue;
    lock.unlock();
    tick();
    lock.lock();
  }
}

void TournamentHost::tick() {
  int64_t now = now_();
  std::vector<NewGame> games;
  // Boards past their round deadline and the matches in play on them.
  std::vector<std::tuple<uint64_t, int, int, uint64_t>> overdue;
  {
    std::lock_guard lock(mu_);
    for (auto& entry : events_) {
      // Named, not a structured binding: the lambda below captures them (clang 14 cannot).
      uint64_t id = entry.first;
      Hosted& h = entry.second;
      tn::Event& ev = h.event;
      if (tn::should_start(ev, now)) {
        if (auto st = tn::start_event(ev, now); st) {
          spdlog::info("tournament {}: started at its start time", id);
          persist_locked(h);
        } else {
          spdlog::warn("tournament {}: could not start: {}", id, st.message());
          ev.config.start_at.reset();  // tried once; the organiser starts it by hand
          persist_locked(h);
        }
      }
      if (ev.phase == tn::Phase::kRunning && !ev.paused && tn::round_deadline_passed(ev, now)) {
        auto late = [&](int round, int board, const tn::Board& b) {
          if (!board_open(ev, round, b)) return;
          auto it = h.board_matches.find({round, board});
          uint64_t match = it == h.board_matches.end() || it->second.empty() ? 0 : it->second.back();
          overdue.emplace_back(id, round, board, match);
        };
        for (const auto& [bracket_id, b] : ev.bracket_boards) late(0, bracket_id, b);
        if (ev.current_round > 0 && ev.current_round <= static_cast<int>(ev.rounds.size())) {
          const tn::Round& r = ev.rounds[static_cast<size_t>(ev.current_round) - 1];
          for (size_t i = 0; i < r.boards.size(); ++i) late(r.number, static_cast<int>(i), r.boards[i]);
        }
      }
      auto more = plan_locked(h, now);
      games.insert(games.end(), more.begin(), more.end());
    }
  }
  create_games(games);
  // Unfinished games are forfeited by clock (late_at_deadline); both players, or a board without
  // a match, forfeit together.
  for (const auto& [id, round, board, match_id] : overdue) {
    auto forfeit = [this, id = id, round = round, board = board,
                    match_id = match_id](const Match::Outcome& outcome) {
      std::vector<NewGame> next;
      {
        std::lock_guard lock(mu_);
        Hosted& h = events_[id];
        const tn::Board* found = board_of(h.event, round, board);
        if (!found || !board_open(h.event, round, *found)) return;
        const tn::Board& b = *found;
        int game = static_cast<int>(b.result.games.size());
        int a_seat = tn::game_swaps_sides(game) ? 1 : 0;
        auto [a_by_clock, b_by_clock] = late_at_deadline(outcome, a_seat);
        bool a_late = match_id == 0 || a_by_clock;
        bool b_late = match_id == 0 || b_by_clock;
        tn::ResultKind kind = a_late && b_late ? tn::ResultKind::kDoubleForfeit
                              : a_late         ? tn::ResultKind::kForfeitALoses
                              : b_late         ? tn::ResultKind::kForfeitBLoses
                                               : tn::ResultKind::kDoubleForfeit;
        if (auto st = tn::record_forfeit(h.event, round, board, kind); !st) {
          spdlog::warn("tournament {}: deadline forfeit refused: {}", id, st.message());
          return;
        }
        spdlog::info("tournament {}: round {} board {} forfeited at the round deadline", id, round, board);
        persist_locked(h);
        next = plan_locked(h, now_());
      }
      create_games(next);
    };
    if (match_id == 0) {
      forfeit(Match::Outcome{});
      continue;
    }
    matches_.with(match_id, [forfeit](const std::shared_ptr<Match>& match) {
      if (!match) return;
      Match::Outcome outcome = match->outcome();
      if (!outcome.finished) forfeit(outcome);
    });
  }
}

std::string TournamentHost::name_of(uint64_t user) const {
  auto it = names_.find(user);
  return it == names_.end() ? "user " + std::to_string(user) : it->second;
}

}  // namespace frontier::server
