#include "tournament_host/wire_format.h"

#include <sstream>

namespace frontier::server {

namespace tn = frontier::tournament;

namespace {

constexpr tn::Tiebreak kAllTiebreaks[] = {
    tn::Tiebreak::kBuchholz,     tn::Tiebreak::kMedianBuchholz, tn::Tiebreak::kSonnebornBerger,
    tn::Tiebreak::kHeadToHead,   tn::Tiebreak::kWins,           tn::Tiebreak::kPointsAsSideA,
    tn::Tiebreak::kPointsAsSideB};

}  // namespace

const char* tiebreak_wire_name(tn::Tiebreak t) {
  switch (t) {
    case tn::Tiebreak::kBuchholz:
      return "buchholz";
    case tn::Tiebreak::kMedianBuchholz:
      return "median-buchholz";
    case tn::Tiebreak::kSonnebornBerger:
      return "sonneborn-berger";
    case tn::Tiebreak::kHeadToHead:
      return "head-to-head";
    case tn::Tiebreak::kWins:
      return "wins";
    case tn::Tiebreak::kPointsAsSideA:
      return "side-a";
    case tn::Tiebreak::kPointsAsSideB:
      return "side-b";
  }
  return "?";
}

const char* player_status_name(tn::PlayerStatus status) {
  switch (status) {
    case tn::PlayerStatus::kActive:
      return "active";
    case tn::PlayerStatus::kWithdrawn:
      return "withdrawn";
    case tn::PlayerStatus::kRemoved:
      return "removed";
    case tn::PlayerStatus::kDisqualified:
      return "disqualified";
  }
  return "?";
}

wire::TournamentFormat format_to_wire(tn::Format format) {
  switch (format) {
    case tn::Format::kSwiss:
      return wire::SWISS;
    case tn::Format::kRoundRobin:
      return wire::ROUND_ROBIN;
    case tn::Format::kSingleElimination:
      return wire::SINGLE_ELIMINATION;
    case tn::Format::kDoubleElimination:
      return wire::DOUBLE_ELIMINATION;
  }
  return wire::SWISS;
}

core::Result<tn::EventConfig> config_from_wire(const wire::CreateTournament& req) {
  tn::EventConfig c;
  if (req.name().size() > kMaxTournamentNameBytes) {
    return core::Status::invalid_argument("A tournament name has at most " +
                                          std::to_string(kMaxTournamentNameBytes) + " bytes");
  }
  c.name = req.name().empty() ? "Tournament" : req.name();
  switch (req.format()) {
    case wire::SWISS:
      c.format = tn::Format::kSwiss;
      break;
    case wire::ROUND_ROBIN:
      c.format = tn::Format::kRoundRobin;
      break;
    case wire::SINGLE_ELIMINATION:
      c.format = tn::Format::kSingleElimination;
      break;
    case wire::DOUBLE_ELIMINATION:
      c.format = tn::Format::kDoubleElimination;
      break;
    default:
      return core::Status::invalid_argument("unknown tournament format");
  }
  if (req.rounds() != 0) c.rounds = static_cast<int>(req.rounds());
  if (req.cycles() != 0) c.cycles = static_cast<int>(req.cycles());
  c.games_per_board = req.mini_match() ? 2 : 1;
  c.third_place_match = req.third_place_match();
  c.all_rounds_at_once = req.all_rounds_at_once();
  if (req.min_players() != 0) c.min_players = static_cast<int>(req.min_players());
  c.max_players = static_cast<int>(req.max_players());
  c.registration_opens_at = req.registration_opens_at();
  c.registration_closes_at = req.registration_closes_at();
  if (req.start_at() != 0) c.start_at = req.start_at();
  c.round_time_limit = req.round_time_limit();
  c.rated = !req.unrated();
  if (req.tiebreaks_size() > 0) {
    c.tiebreaks.clear();
    for (const std::string& name : req.tiebreaks()) {
      bool found = false;
      for (tn::Tiebreak t : kAllTiebreaks) {
        if (name == tiebreak_wire_name(t)) {
          c.tiebreaks.push_back(t);
          found = true;
        }
      }
      if (!found) {
        return core::Status::invalid_argument(
            "unknown tiebreak '" + name +
            "' (buchholz, median-buchholz, sonneborn-berger, head-to-head, wins, side-a, side-b)");
      }
    }
  }
  return c;
}

core::Result<tn::BoardResult> parse_board_result(const std::string& text) {
  tn::BoardResult r;
  if (text == "+-") r.kind = tn::ResultKind::kForfeitBLoses;
  if (text == "-+") r.kind = tn::ResultKind::kForfeitALoses;
  if (text == "--") r.kind = tn::ResultKind::kDoubleForfeit;
  if (r.kind != tn::ResultKind::kPending) return r;
  r.kind = tn::ResultKind::kPlayed;
  std::stringstream in(text);
  std::string game;
  while (std::getline(in, game, ',')) {
    if (game == "1-0") {
      r.games.push_back(tn::GameOutcome::kAWins);
    } else if (game == "0-1") {
      r.games.push_back(tn::GameOutcome::kBWins);
    } else if (game == "1/2" || game == "1/2-1/2") {
      r.games.push_back(tn::GameOutcome::kDraw);
    } else {
      return core::Status::invalid_argument(
          "'" + game +
          "' is not a result: write 1-0, 0-1 or 1/2 per game (comma-separated "
          "for a mini-match), or +-, -+, -- for a forfeit");
    }
  }
  if (r.games.empty()) return core::Status::invalid_argument("the result is empty");
  return r;
}

std::string board_result_text(const tn::BoardResult& result, int games_per_board) {
  switch (result.kind) {
    case tn::ResultKind::kPending:
      return result.games.empty() ? "pending" : "in play";
    case tn::ResultKind::kForfeitBLoses:
      return "+-";
    case tn::ResultKind::kForfeitALoses:
      return "-+";
    case tn::ResultKind::kDoubleForfeit:
      return "--";
    case tn::ResultKind::kPlayed:
      break;
  }
  if (static_cast<int>(result.games.size()) < games_per_board) return "in play";
  tn::BoardScore score = tn::board_score(result, games_per_board);
  return tn::format_points(score.a) + "-" + tn::format_points(score.b);
}

namespace {

const char* bracket_part_name(tn::BracketPart part) {
  switch (part) {
    case tn::BracketPart::kWinners:
      return "winners";
    case tn::BracketPart::kLosers:
      return "losers";
    case tn::BracketPart::kThirdPlace:
      return "third-place";
    case tn::BracketPart::kGrandFinal:
      return "grand-final";
    case tn::BracketPart::kGrandFinalReset:
      return "grand-final-reset";
  }
  return "?";
}

const char* match_status_name(tn::MatchStatus status) {
  switch (status) {
    case tn::MatchStatus::kWaiting:
      return "waiting";
    case tn::MatchStatus::kReady:
      return "ready";
    case tn::MatchStatus::kWalkover:
      return "walkover";
    case tn::MatchStatus::kEmpty:
      return "empty";
    case tn::MatchStatus::kDecided:
      return "decided";
    case tn::MatchStatus::kNotNeeded:
      return "not-needed";
  }
  return "?";
}

std::string slot_origin(const tn::BracketSlot& slot) {
  switch (slot.from) {
    case tn::BracketSlot::From::kSeed:
      return "seed " + std::to_string(slot.index);
    case tn::BracketSlot::From::kWinnerOf:
      return "winner of " + std::to_string(slot.index);
    case tn::BracketSlot::From::kLoserOf:
      return "loser of " + std::to_string(slot.index);
  }
  return "?";
}

}  // namespace

void bracket_to_wire(const tn::EliminationState& bracket, wire::TournamentInfo& info) {
  std::vector<tn::MatchView> views = tn::resolve_bracket(bracket);
  for (const tn::BracketMatch& match : bracket.plan.matches) {
    const tn::MatchView& view = views[static_cast<size_t>(match.id)];
    auto* out = info.add_bracket();
    out->set_id(static_cast<uint32_t>(match.id));
    out->set_part(bracket_part_name(match.part));
    out->set_round(static_cast<uint32_t>(match.round));
    out->set_top_user(view.top.value_or(0));
    out->set_bottom_user(view.bottom.value_or(0));
    out->set_top_from(slot_origin(match.top));
    out->set_bottom_from(slot_origin(match.bottom));
    out->set_status(match_status_name(view.status));
    out->set_winner(view.winner.value_or(0));
  }
}

}  // namespace frontier::server
