// frontier-ai-bench: how strong the bots are, and how balanced the scenarios are between them.
// Plays seeded games of one scenario with the side under test played by `--player` against every
// other side played by `--vs`, for each side in turn, and prints win rates with 95% Wilson
// intervals and the decision times of bot players (wall clock, one game per thread). Each game's
// result and scores go to stderr as it ends; `--narrate 1` also prints every move and the game's
// log lines there (to see how a bot plays: use it with --games 1 --jobs 1).
//
//   frontier-ai-bench --game khartoum [--scenario campaign] [--player bot:normal] [--vs greedy]
//                     [--games 200] [--seed 1] [--jobs 2] [--side Mahdist] [--max-actions 20000]
//                     [--policy-per-mille N] [--exploration C] [--rollout-actions N] [--narrate 1]
//                     [--edit "control KK Russian;control BU Russian"]
//
// Players: random, policy (the game's policy_action), greedy (the game's greedy_action: Hand of
// Destiny's greedy player, Crossroads' Expansionist, with a random tie-break; the game's policy
// where it has none),
// bot:easy|normal|hard.
//
// `--edit` changes every game's opening position by the game's script edits (Game::edit, the
// `edit:` steps of scenario scripts), separated by ';': what a scenario would be like with one
// fact changed, e.g. a region held from the start, without changing the game's data.
#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ai/ismcts.h"
#include "ai/level.h"
#include "games.h"

using namespace frontier;

namespace {

// --policy-per-mille: the bots' share of playout moves from the game's policy (tuning).
int policy_per_mille_override = -1;
// --exploration: the search's UCB constant (tuning).
double exploration_override = -1;
// --rollout-actions: how far the bots' playouts run before the estimate scores them (tuning).
int rollout_actions_override = -1;

struct Player {
  enum Kind { kRandom, kPolicy, kGreedy, kBot } kind = kRandom;
  ai::Level level = ai::Level::kNormal;
  std::string name;
};

bool parse_player(const std::string& text, Player& out) {
  out.name = text;
  if (text == "random" || text == "policy" || text == "greedy") {
    out.kind = text == "random" ? Player::kRandom : text == "policy" ? Player::kPolicy : Player::kGreedy;
    return true;
  }
  if (text.rfind("bot:", 0) == 0) {
    auto level = ai::parse_level(text.substr(4));
    if (!level) return false;
    out.kind = Player::kBot;
    out.level = *level;
    return true;
  }
  return false;
}

core::Action choose(const core::Game& game, const core::GameState& state, core::Seat seat, const Player& p,
                    core::Rng& rng, uint64_t decision_seed, std::vector<core::Action>& legal,
                    std::vector<double>* millis) {
  game.legal_actions(state, seat, legal);
  core::Action out = legal[rng.below(static_cast<uint32_t>(legal.size()))];
  switch (p.kind) {
    case Player::kRandom:
      break;
    case Player::kGreedy:
      if (game.greedy_action(state, seat, legal, rng, out)) break;
      [[fallthrough]];
    case Player::kPolicy:
      game.policy_action(state, seat, out);
      break;
    case Player::kBot: {
      auto start = std::chrono::steady_clock::now();
      ai::SearchLimits limits = ai::limits_for(p.level);
      if (policy_per_mille_override >= 0) limits.policy_per_mille = policy_per_mille_override;
      if (exploration_override >= 0) limits.exploration = exploration_override;
      if (rollout_actions_override >= 0) limits.rollout_actions = rollout_actions_override;
      out = ai::search(game, state, seat, decision_seed, limits).action;
      if (millis && legal.size() > 1)
        millis->push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
      break;
    }
  }
  return out;
}

struct Tally {
  int wins = 0, losses = 0, draws = 0, unfinished = 0;
  std::vector<double> millis;
};

// Wilson score interval for k successes in n trials, 95%.
std::pair<double, double> wilson(int k, int n) {
  if (n == 0) return {0, 0};
  double z = 1.96, p = static_cast<double>(k) / n;
  double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  double half = z * std::sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / (1 + z * z / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())))];
}

std::vector<std::string> split_edits(const std::string& text) {
  std::vector<std::string> out;
  for (size_t at = 0; at < text.size();) {
    size_t end = std::min(text.find(';', at), text.size());
    if (end > at) out.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

// One line per game on stderr as it ends: a long run stopped early still tells its games, and the
// scores say how a side won (a sudden death, or by how many VP).
void log_game(int index, uint64_t seed, uint64_t steps, const frontier::GameStatus& status) {
  std::string scores;
  for (const auto& r : status.scores()) scores += " " + r.side() + " " + std::to_string(r.score());
  std::fprintf(stderr, "game %d (seed %llu, %llu actions): %s;%s\n", index,
               static_cast<unsigned long long>(seed), static_cast<unsigned long long>(steps),
               status.finished() ? status.result().c_str() : "unfinished", scores.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  std::string game_id = "khartoum", scenario, player_text = "bot:normal", vs_text = "random", only_side,
              edits;
  int games = 200, jobs = 2;
  uint64_t seed = 1, max_actions = 20000;
  bool narrate = false;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string k = argv[i], v = argv[i + 1];
    if (k == "--game")
      game_id = v;
    else if (k == "--scenario")
      scenario = v;
    else if (k == "--player")
      player_text = v;
    else if (k == "--vs")
      vs_text = v;
    else if (k == "--games")
      games = std::stoi(v);
    else if (k == "--seed")
      seed = std::stoull(v);
    else if (k == "--jobs")
      jobs = std::max(1, std::stoi(v));
    else if (k == "--side")
      only_side = v;
    else if (k == "--policy-per-mille")
      policy_per_mille_override = std::stoi(v);
    else if (k == "--exploration")
      exploration_override = std::stod(v);
    else if (k == "--rollout-actions")
      rollout_actions_override = std::stoi(v);
    else if (k == "--max-actions")
      max_actions = std::stoull(v);
    else if (k == "--edit")
      edits = v;
    else if (k == "--narrate")
      narrate = v != "0";
    else {
      std::fprintf(stderr, "unknown flag %s\n", k.c_str());
      return 2;
    }
  }
  const core::Game* game = builtin_games().find(game_id);
  Player player, vs;
  if (!game || !parse_player(player_text, player) || !parse_player(vs_text, vs)) {
    std::fprintf(stderr, "unknown game or player\n");
    return 2;
  }
  if (scenario.empty()) scenario = game->info().scenarios(0).id();
  // Game g of a run starts from seed + g.
  auto setup_for = [&](int g) {
    frontier::MatchSetup setup;
    setup.set_game(game_id);
    setup.set_scenario(scenario);
    setup.set_seed(seed + static_cast<uint64_t>(g));
    return setup;
  };
  auto opening = [&](int g) -> core::Result<std::unique_ptr<core::GameState>> {
    auto state = game->initial(setup_for(g));
    if (!state) return state;
    for (const std::string& command : split_edits(edits))
      if (core::Status st = game->edit(*state.value(), command); !st.is_ok()) return st;
    return state;
  };
  // An unknown scenario (e.g. "1" for "scenario1") or a bad edit is refused here, before any
  // worker starts.
  if (auto first = opening(0); !first) {
    std::fprintf(stderr, "%s\n", first.status().message().c_str());
    return 2;
  }
  for (core::Seat side = 0; side < game->seat_count(); ++side) {
    if (!only_side.empty() && game->seat_name(side) != only_side) continue;
    Tally tally;
    std::mutex mu;
    std::atomic<int> next{0};
    auto worker = [&] {
      std::vector<core::Action> legal;
      core::EventSink quiet;
      frontier::GameStatus status;
      for (int g = next++; g < games; g = next++) {
        auto state = std::move(opening(g).value());
        core::Rng rng(seed + static_cast<uint64_t>(g), 0x42454e4348ULL /* "BENCH" */);
        std::vector<double> millis;
        uint64_t steps = 0;
        while (core::SeatMask waiting = game->awaiting(*state)) {
          if (++steps > max_actions) break;
          core::Seat seat = std::countr_zero(waiting);
          const Player& p = seat == side ? player : vs;
          core::Action a = choose(*game, *state, seat, p, rng, rng.next_u32() * 7919ULL + steps, legal,
                                  seat == side ? &millis : nullptr);
          if (!narrate) {
            game->apply_legal(*state, seat, a, quiet);
            continue;
          }
          std::fprintf(stderr, "%s: %s\n", game->seat_name(seat).c_str(),
                       game->describe(*state, seat, a).c_str());
          std::vector<core::LogEvent> lines;
          core::EventSink told(&lines);
          game->apply_legal(*state, seat, a, told);
          for (const auto& line : lines) std::fprintf(stderr, "    %s\n", line.text.c_str());
        }
        status.Clear();  // status() adds to the message's score list
        game->status(*state, status);
        std::lock_guard lock(mu);
        log_game(g, seed + static_cast<uint64_t>(g), steps, status);
        if (!status.finished())
          ++tally.unfinished;
        else if (status.draw())
          ++tally.draws;
        else if (status.winner() == side)
          ++tally.wins;
        else
          ++tally.losses;
        tally.millis.insert(tally.millis.end(), millis.begin(), millis.end());
      }
    };
    std::vector<std::thread> threads;
    for (int j = 0; j < jobs; ++j) threads.emplace_back(worker);
    for (auto& t : threads) t.join();
    auto [lo, hi] = wilson(tally.wins, games);
    std::printf(
        "%s %s: %s as %s vs %s: won %d of %d = %.1f%% (95%% CI %.1f-%.1f%%), lost %d, drawn %d, "
        "unfinished %d",
        game_id.c_str(), scenario.c_str(), player.name.c_str(), game->seat_name(side).c_str(),
        vs.name.c_str(), tally.wins, games, 100.0 * tally.wins / games, 100 * lo, 100 * hi, tally.losses,
        tally.draws, tally.unfinished);
    if (!tally.millis.empty())
      std::printf("; decision p50 %.1f ms, p95 %.1f ms over %zu decisions", percentile(tally.millis, 0.5),
                  percentile(tally.millis, 0.95), tally.millis.size());
    std::printf("\n");
    std::fflush(stdout);
  }
  return 0;
}
