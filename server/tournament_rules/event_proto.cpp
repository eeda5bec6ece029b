// Event and rating pool <-> protobuf.
#include "tournament_rules/event_proto.h"

namespace frontier::tournament {

namespace pb = tournament_pb;
using core::Status;

namespace {

// Enum values from storage are checked against the C++ enum's range.
template <typename E>
bool to_enum(int value, int last, E& out) {
  if (value < 0 || value > last) return false;
  out = static_cast<E>(value);
  return true;
}

Status corrupt(const std::string& what) {
  return Status::corruption("stored tournament event: " + what);
}

void put_result(const BoardResult& r, pb::BoardResult* m) {
  m->set_kind(static_cast<pb::ResultKind>(r.kind));
  for (GameOutcome g : r.games) m->add_games(static_cast<pb::GameOutcome>(g));
}

bool get_result(const pb::BoardResult& m, BoardResult& r) {
  if (!to_enum(m.kind(), 4, r.kind)) return false;
  r.games.clear();
  for (int g : m.games()) {
    GameOutcome o;
    if (!to_enum(g, 2, o)) return false;
    r.games.push_back(o);
  }
  return true;
}

void put_board(const Board& b, pb::Board* m) {
  m->set_a(b.a);
  m->set_b(b.b);
  put_result(b.result, m->mutable_result());
}

bool get_board(const pb::Board& m, Board& b) {
  b.a = m.a();
  b.b = m.b();
  return get_result(m.result(), b.result);
}

void put_config(const EventConfig& c, pb::EventConfig* m) {
  m->set_name(c.name);
  m->set_game(c.game);
  m->set_scenario(c.scenario);
  m->set_options(c.options);
  m->set_clock(c.clock);
  m->set_format(static_cast<pb::Format>(c.format));
  m->set_cycles(c.cycles);
  m->set_rounds(c.rounds);
  m->set_third_place_match(c.third_place_match);
  m->set_games_per_board(c.games_per_board);
  m->set_all_rounds_at_once(c.all_rounds_at_once);
  m->set_min_players(c.min_players);
  m->set_max_players(c.max_players);
  m->set_registration_opens_at(c.registration_opens_at);
  m->set_registration_closes_at(c.registration_closes_at);
  if (c.start_at) m->set_start_at(*c.start_at);
  m->set_round_time_limit(c.round_time_limit);
  for (Tiebreak t : c.tiebreaks) m->add_tiebreaks(static_cast<pb::Tiebreak>(t));
  m->set_initial_side(static_cast<pb::Side>(c.initial_side));
  m->set_rated(c.rated);
}

Status get_config(const pb::EventConfig& m, EventConfig& c) {
  c.name = m.name();
  c.game = m.game();
  c.scenario = m.scenario();
  c.options = m.options();
  c.clock = m.clock();
  if (!to_enum(m.format(), 3, c.format)) return corrupt("unknown format");
  c.cycles = m.cycles();
  c.rounds = m.rounds();
  c.third_place_match = m.third_place_match();
  c.games_per_board = m.games_per_board();
  c.all_rounds_at_once = m.all_rounds_at_once();
  c.min_players = m.min_players();
  c.max_players = m.max_players();
  c.registration_opens_at = m.registration_opens_at();
  c.registration_closes_at = m.registration_closes_at();
  c.start_at = m.has_start_at() ? std::optional<int64_t>(m.start_at()) : std::nullopt;
  c.round_time_limit = m.round_time_limit();
  c.tiebreaks.clear();
  for (int t : m.tiebreaks()) {
    Tiebreak tb;
    if (!to_enum(t, 6, tb)) return corrupt("unknown tiebreak");
    c.tiebreaks.push_back(tb);
  }
  if (!to_enum(m.initial_side(), 1, c.initial_side)) return corrupt("unknown side");
  c.rated = m.rated();
  return validate_config(c);
}

void put_bracket(const EliminationState& s, pb::Elimination* m) {
  m->set_kind(static_cast<int>(s.plan.kind));
  m->set_bracket_size(s.plan.bracket_size);
  for (const BracketMatch& bm : s.plan.matches) {
    pb::BracketMatch* out = m->add_matches();
    out->set_id(bm.id);
    out->set_part(static_cast<int>(bm.part));
    out->set_round(bm.round);
    out->mutable_top()->set_from(static_cast<int>(bm.top.from));
    out->mutable_top()->set_index(bm.top.index);
    out->mutable_bottom()->set_from(static_cast<int>(bm.bottom.from));
    out->mutable_bottom()->set_index(bm.bottom.index);
  }
  for (PlayerId p : s.seeds) m->add_seeds(p);
  for (size_t i = 0; i < s.winners.size(); ++i) {
    pb::BracketOutcome* o = m->add_outcomes();
    o->set_decided(s.decided[i]);
    if (s.winners[i]) o->set_winner(*s.winners[i]);
  }
}

Status get_bracket(const pb::Elimination& m, EliminationState& s) {
  if (!to_enum(m.kind(), 1, s.plan.kind)) return corrupt("unknown bracket kind");
  s.plan.bracket_size = m.bracket_size();
  s.plan.matches.clear();
  for (const pb::BracketMatch& in : m.matches()) {
    BracketMatch bm;
    bm.id = in.id();
    bm.round = in.round();
    if (bm.id != static_cast<int>(s.plan.matches.size())) return corrupt("bracket matches out of order");
    if (!to_enum(in.part(), 4, bm.part)) return corrupt("unknown bracket part");
    for (auto [slot, src] : {std::pair{&bm.top, &in.top()}, std::pair{&bm.bottom, &in.bottom()}}) {
      if (!to_enum(src->from(), 2, slot->from)) return corrupt("unknown bracket slot");
      slot->index = src->index();
      bool from_seed = slot->from == BracketSlot::From::kSeed;
      if (from_seed ? (slot->index < 1 || slot->index > s.plan.bracket_size)
                    : (slot->index < 0 || slot->index >= bm.id)) {
        return corrupt("bracket slot refers to a later match or a missing seed");
      }
    }
    s.plan.matches.push_back(bm);
  }
  s.seeds.assign(m.seeds().begin(), m.seeds().end());
  if (m.outcomes_size() != m.matches_size()) return corrupt("bracket outcomes do not match its matches");
  s.winners.clear();
  s.decided.clear();
  for (const pb::BracketOutcome& o : m.outcomes()) {
    s.decided.push_back(o.decided());
    s.winners.push_back(o.has_winner() ? std::optional<PlayerId>(o.winner()) : std::nullopt);
  }
  return Status::ok();
}

}  // namespace

pb::Event event_to_proto(const Event& e) {
  pb::Event m;
  put_config(e.config, m.mutable_config());
  m.set_organiser(e.organiser);
  m.set_phase(static_cast<pb::Phase>(e.phase));
  m.set_paused(e.paused);
  m.set_started_at(e.started_at);
  for (const EventPlayer& p : e.players) {
    pb::EventPlayer* out = m.add_players();
    out->set_id(p.id);
    out->set_rating(p.rating);
    out->set_pairing_number(p.pairing_number);
    out->set_entry_round(p.entry_round);
    out->set_status(static_cast<pb::PlayerStatus>(p.status));
  }
  for (auto [a, b] : e.forbidden) {
    pb::PlayerPair* out = m.add_forbidden();
    out->set_a(a);
    out->set_b(b);
  }
  for (const Round& r : e.rounds) {
    pb::Round* out = m.add_rounds();
    out->set_number(r.number);
    for (const Board& b : r.boards) put_board(b, out->add_boards());
    if (r.bye) out->set_bye(*r.bye);
    out->set_side_limits_relaxed(r.side_limits_relaxed);
  }
  m.set_current_round(e.current_round);
  for (int64_t t : e.round_started_at) m.add_round_started_at(t);
  put_bracket(e.bracket, m.mutable_bracket());
  for (const auto& [id, board] : e.bracket_boards) {
    pb::BracketBoard* out = m.add_bracket_boards();
    out->set_match_id(id);
    put_board(board, out->mutable_board());
  }
  for (const ResultAdjustment& a : e.adjustments) {
    pb::ResultAdjustment* out = m.add_adjustments();
    out->set_round(a.round);
    out->set_board(a.board);
    put_result(a.before, out->mutable_before());
    put_result(a.after, out->mutable_after());
    out->set_reason(a.reason);
    out->set_organiser(a.organiser);
    out->set_at(a.at);
  }
  return m;
}

core::Result<Event> event_from_proto(const pb::Event& m) {
  Event e;
  if (Status s = get_config(m.config(), e.config); !s) return s;
  e.organiser = m.organiser();
  if (!to_enum(m.phase(), 2, e.phase)) return corrupt("unknown phase");
  e.paused = m.paused();
  e.started_at = m.started_at();
  for (const pb::EventPlayer& in : m.players()) {
    EventPlayer p;
    p.id = in.id();
    p.rating = in.rating();
    p.pairing_number = in.pairing_number();
    p.entry_round = in.entry_round();
    if (!to_enum(in.status(), 3, p.status)) return corrupt("unknown player status");
    e.players.push_back(p);
  }
  for (const pb::PlayerPair& in : m.forbidden()) e.forbidden.emplace_back(in.a(), in.b());
  for (const pb::Round& in : m.rounds()) {
    Round r;
    r.number = in.number();
    for (const pb::Board& b : in.boards()) {
      Board board;
      if (!get_board(b, board)) return corrupt("bad board in round " + std::to_string(r.number));
      r.boards.push_back(board);
    }
    if (in.has_bye()) r.bye = in.bye();
    r.side_limits_relaxed = in.side_limits_relaxed();
    e.rounds.push_back(std::move(r));
  }
  e.current_round = m.current_round();
  if (e.current_round < 0 || e.current_round > static_cast<int>(e.rounds.size()))
    return corrupt("current round out of range");
  e.round_started_at.assign(m.round_started_at().begin(), m.round_started_at().end());
  if (Status s = get_bracket(m.bracket(), e.bracket); !s) return s;
  for (const pb::BracketBoard& in : m.bracket_boards()) {
    if (in.match_id() < 0 || in.match_id() >= static_cast<int>(e.bracket.plan.matches.size())) {
      return corrupt("board for a missing bracket match");
    }
    Board board;
    if (!get_board(in.board(), board)) return corrupt("bad bracket board");
    e.bracket_boards[in.match_id()] = board;
  }
  for (const pb::ResultAdjustment& in : m.adjustments()) {
    ResultAdjustment a;
    a.round = in.round();
    a.board = in.board();
    if (!get_result(in.before(), a.before) || !get_result(in.after(), a.after))
      return corrupt("bad adjustment");
    a.reason = in.reason();
    a.organiser = in.organiser();
    a.at = in.at();
    e.adjustments.push_back(std::move(a));
  }
  return e;
}

std::string serialize_event(const Event& event) {
  std::string bytes;
  event_to_proto(event).SerializeToString(&bytes);
  return bytes;
}

core::Result<Event> parse_event(std::string_view bytes) {
  pb::Event m;
  if (!m.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) return corrupt("bytes do not decode");
  return event_from_proto(m);
}

pb::RatingPool pool_to_proto(const std::string& key, const RatingPool& pool) {
  pb::RatingPool m;
  m.set_key(key);
  m.set_tau(pool.settings().tau);
  m.set_provisional_deviation(pool.provisional_deviation());
  auto put = [](const Glicko2Rating& r, pb::Glicko2Rating* out) {
    out->set_rating(r.rating);
    out->set_deviation(r.deviation);
    out->set_volatility(r.volatility);
  };
  for (const auto& [player, entry] : pool.entries()) {
    pb::PoolEntry* out = m.add_entries();
    out->set_player(player);
    put(entry.rating, out->mutable_rating());
    out->set_games(entry.games);
  }
  for (const RatingChange& c : pool.history()) {
    pb::RatingChange* out = m.add_history();
    out->set_match_id(c.match_id);
    out->set_finished_at(c.finished_at);
    out->set_player(c.player);
    out->set_opponent(c.opponent);
    out->set_score(c.score);
    put(c.before, out->mutable_before());
    put(c.after, out->mutable_after());
  }
  return m;
}

core::Result<RatingPool> pool_from_proto(const pb::RatingPool& m) {
  if (!(m.tau() > 0.0) || !(m.provisional_deviation() > 0.0)) {
    return Status::corruption("stored rating pool " + m.key() + ": bad settings");
  }
  Glicko2Settings settings;
  settings.tau = m.tau();
  RatingPool pool(settings, m.provisional_deviation());
  auto get = [](const pb::Glicko2Rating& in) {
    return Glicko2Rating{in.rating(), in.deviation(), in.volatility()};
  };
  std::map<PlayerId, PoolEntry> entries;
  for (const pb::PoolEntry& in : m.entries()) entries[in.player()] = PoolEntry{get(in.rating()), in.games()};
  std::vector<RatingChange> history;
  for (const pb::RatingChange& in : m.history()) {
    history.push_back(RatingChange{in.match_id(), in.finished_at(), in.player(), in.opponent(), in.score(),
                                   get(in.before()), get(in.after())});
  }
  pool.restore(std::move(entries), std::move(history));
  return pool;
}

}  // namespace frontier::tournament
