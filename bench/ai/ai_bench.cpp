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
//                     [--turn-times 1] [--turns N] [--budget flat]
//
// Players: random, policy (the game's policy_action), greedy (the game's greedy_action: Hand of
// Destiny's greedy player, Crossroads' Expansionist, with a random tie-break; the game's policy
// where it has none),
// bot:easy|normal|hard.
//
// Bots share their search over each turn as the server's do (ai/turn.h); `--budget flat` gives
// every decision the level's full search instead, to compare with. `--turn-times 1` also prints
// the time of a whole turn of the side under test (every decision until another seat acts), wall
// clock and the thread's CPU time, p50/p95/max, and the decisions a turn; `--turns N` stops each
// game after the side's N-th turn (those games count as unfinished).
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
#include <ctime>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ai/ismcts.h"
#include "ai/level.h"
#include "ai/turn.h"
#include "games.h"

using namespace frontier;

namespace {

// --policy-per-mille: the bots' share of playout moves from the game's policy (tuning).
int policy_per_mille_override = -1;
// --exploration: the search's UCB constant (tuning).
double exploration_override = -1;
// --rollout-actions: how far the bots' playouts run before the estimate scores them (tuning).
int rollout_actions_override = -1;
// --budget flat: every decision with more than one choice gets the level's full search, as before
// the budget per turn (ai/turn.h), to compare with.
bool flat_budget = false;

// What a bot seat carries through a game: its turn's budget and the trail of the stack it moves.
struct BotSeat {
  ai::TurnBudget budget;
  ai::MoveTrail trail;
};

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
                    std::vector<double>* millis, BotSeat& bot) {
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
      ai::SearchLimits limits = bot.budget.next(game, state, seat);
      if (flat_budget) limits.iterations = ai::limits_for(p.level).iterations;
      bot.trail.avoid(game, state, seat, limits.root_avoid);
      if (policy_per_mille_override >= 0) limits.policy_per_mille = policy_per_mille_override;
      if (exploration_override >= 0) limits.exploration = exploration_override;
      if (rollout_actions_override >= 0) limits.rollout_actions = rollout_actions_override;
      ai::SearchResult result = ai::search(game, state, seat, decision_seed, limits);
      out = result.action;
      bot.budget.spent(result.iterations);
      bot.trail.played(game, state, seat, out);
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
  std::vector<double> turn_millis;      // --turn-times: a whole turn of the side under test
  std::vector<double> turn_cpu_millis;  // the same turns in the thread's CPU time
  std::vector<double> turn_decisions;
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

// This thread's CPU time: a turn's cost on a core of its own, whatever else the machine runs.
double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
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
  bool narrate = false, turn_times = false;
  int max_turns = 0;
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
    else if (k == "--turn-times")
      turn_times = v != "0";
    else if (k == "--turns")
      max_turns = std::stoi(v);
    else if (k == "--budget")
      flat_budget = v == "flat";
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
        std::vector<double> millis, turn_millis, turn_cpu_millis, turn_decisions;
        std::vector<BotSeat> bots;
        for (core::Seat s = 0; s < game->seat_count(); ++s)
          bots.push_back({ai::TurnBudget(s == side ? player.level : vs.level), {}});
        // A turn: the side's decisions until another seat acts (docs/ai.md, "A turn's budget").
        core::Seat last = core::kObserver;
        int turns = 0;
        double turn_ms = 0, turn_cpu = 0;
        int turn_count = 0;
        uint64_t steps = 0;
        bool cut = false;
        while (core::SeatMask waiting = game->awaiting(*state)) {
          if (++steps > max_actions) break;
          core::Seat seat = std::countr_zero(waiting);
          if (seat != last) {
            if (last == side)
              turn_millis.push_back(turn_ms), turn_cpu_millis.push_back(turn_cpu),
                  turn_decisions.push_back(turn_count);
            bots[static_cast<size_t>(seat)].budget.new_turn();
            if (seat == side && max_turns > 0 && turns++ >= max_turns) {
              cut = true;
              break;
            }
            turn_ms = 0, turn_cpu = 0, turn_count = 0;
            last = seat;
          }
          const Player& p = seat == side ? player : vs;
          auto started = std::chrono::steady_clock::now();
          double cpu_started = thread_cpu_ms();
          core::Action a = choose(*game, *state, seat, p, rng, rng.next_u32() * 7919ULL + steps, legal,
                                  seat == side ? &millis : nullptr, bots[static_cast<size_t>(seat)]);
          if (seat == side) {
            turn_ms +=
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
            turn_cpu += thread_cpu_ms() - cpu_started;
            ++turn_count;
          }
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
        if (!cut && last == side)
          turn_millis.push_back(turn_ms), turn_cpu_millis.push_back(turn_cpu),
              turn_decisions.push_back(turn_count);
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
        tally.turn_millis.insert(tally.turn_millis.end(), turn_millis.begin(), turn_millis.end());
        tally.turn_cpu_millis.insert(tally.turn_cpu_millis.end(), turn_cpu_millis.begin(),
                                     turn_cpu_millis.end());
        tally.turn_decisions.insert(tally.turn_decisions.end(), turn_decisions.begin(), turn_decisions.end());
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
    if (turn_times && !tally.turn_millis.empty()) {
      // A whole turn: every decision of the side (a single choice included) until another seat acts.
      std::printf(
          "  turns: %zu; time a turn p50 %.0f ms, p95 %.0f ms, max %.0f ms (CPU p50 %.0f, p95 %.0f, max %.0f "
          "ms); "
          "decisions a turn p50 %.0f, p95 %.0f, max %.0f\n",
          tally.turn_millis.size(), percentile(tally.turn_millis, 0.5), percentile(tally.turn_millis, 0.95),
          percentile(tally.turn_millis, 1.0), percentile(tally.turn_cpu_millis, 0.5),
          percentile(tally.turn_cpu_millis, 0.95), percentile(tally.turn_cpu_millis, 1.0),
          percentile(tally.turn_decisions, 0.5), percentile(tally.turn_decisions, 0.95),
          percentile(tally.turn_decisions, 1.0));
    }
    std::fflush(stdout);
  }
  return 0;
}
