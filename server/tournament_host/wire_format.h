// Translation between the wire messages (proto/wire.proto) and the pure event types: config
// from CreateTournament, result notation ("1-0", "1/2", "+-") both ways, names.
#pragma once

#include <string>

#include "core/status.h"
#include "tournament_rules/event.h"
#include "wire.pb.h"

namespace frontier::server {

// Names are shown in every list: long ones would make each list reply huge.
constexpr size_t kMaxTournamentNameBytes = 80;
core::Result<tournament::EventConfig> config_from_wire(const wire::CreateTournament& req);
wire::TournamentFormat format_to_wire(tournament::Format format);
const char* tiebreak_wire_name(tournament::Tiebreak t);  // "buchholz", "sonneborn-berger", ...
const char* player_status_name(tournament::PlayerStatus status);

// "1-0", "0-1", "1/2" per game, comma-separated for a mini-match ("1-0,1/2"), or a forfeit:
// "+-" (B forfeits), "-+" (A forfeits), "--" (both).
core::Result<tournament::BoardResult> parse_board_result(const std::string& text);
// "pending", "in play", "1-0", "0.5-0.5", "1.5-0.5" (a mini-match's points), "+-" for forfeits.
std::string board_result_text(const tournament::BoardResult& result, int games_per_board);

// The whole bracket plan with where each match stands (TournamentInfo.bracket), so a client can
// draw matches whose players are not known yet.
void bracket_to_wire(const tournament::EliminationState& bracket, wire::TournamentInfo& info);

}  // namespace frontier::server
