// Random events (8.0): the British roll on odd turns, the Russians on even; the first die
// (modified by the Balance of Power) picks the columns, the second die the event; an event
// rolled twice in one turn is No Event (8.2). The events table is RECONSTRUCTED (see docs).
#include "crossroads/rules.h"

namespace frontier::crossroads {

namespace {

// Columns by modified first die (RECONSTRUCTED; 6 -> D then C as in the 8.1 example).
void columns_for(int m, int cols[2], int* n) {
  static const int table[9][2] = {{0, -1}, {0, -1}, {0, 1}, {1, -1}, {2, -1}, {1, 2}, {3, 2}, {3, 3}, {3, 3}};
  int i = std::clamp(m, 0, 8);
  cols[0] = table[i][0];
  cols[1] = table[i][1];
  *n = cols[1] < 0 ? 1 : 2;
}

int uprising_region(const State& s, int column, int roll) {
  static const char* lists[4][6] = {{"AF", "BL", "PJ", "SN", "KK", "BU"},
                                    {"AF", "BL", "PJ", "SN", "KK", "BU"},
                                    {"PE", "HE", "MV", "TK", "KV", "KZ"},
                                    {"SK", "PA", "KS", "WT", "NP", "AF"}};
  return s.d->region_index(lists[column][roll - 1]);
}

int lose_pounds(State& s, int side, int n) {
  int lost = std::min<int>(n, s.pounds[side]);  // 9.3 addition: never below zero
  s.pounds[side] = static_cast<int16_t>(s.pounds[side] - lost);
  return lost;
}

}  // namespace

void random_events(State& s, core::EventSink& ev) {
  const Data& d = *s.d;
  int roller = s.turn % 2 == 1 ? kBritish : kRussian;  // 8.1
  int drm = 0;
  int mine = bop_degree(s, roller), theirs = bop_degree(s, other(roller));
  if (mine) drm += mine == 3 ? 2 : 1;
  if (theirs) drm -= theirs == 3 ? 2 : 1;
  int first = s.rng.roll();
  int cols[2], n = 0;
  columns_for(first + drm, cols, &n);
  if (ev.enabled())
    ev.add("events", std::string(side_name(roller)) + " roll for events: " + std::to_string(first) +
                         (drm >= 0 ? "+" : "") + std::to_string(drm) + " = " + std::to_string(first + drm) +
                         ", column" + (n == 2 ? "s " : " ") + static_cast<char>('A' + cols[0]) +
                         (n == 2 ? std::string(" then ") + static_cast<char>('A' + cols[1]) : ""));
  for (int i = 0; i < n; ++i) {
    int roll = s.rng.roll();
    int bit = cols[i] * 6 + roll - 1;
    std::string id = d.events[cols[i]][roll - 1];
    if (ev.enabled())
      ev.add("event", std::string("Column ") + static_cast<char>('A' + cols[i]) + " roll " +
                          std::to_string(roll) + ": " + d.event_names[cols[i]][roll - 1]);
    if (s.events_seen >> bit & 1) {  // 8.2
      if (ev.enabled()) ev.add("event", "Rolled again this turn: No Event (8.2)");
      continue;
    }
    s.events_seen |= 1u << bit;
    if (id == "uprising") {
      int r = uprising_region(s, cols[i], s.rng.roll());
      if (s.control[r] == kNeutral)
        set_control(s, r, roller, false, ev);  // 5.4(1)
      else if (s.control[r] == other(roller))
        set_control(s, r, kNeutral, false, ev);  // 5.5
      else if (ev.enabled())
        ev.add("event", d.region_name[r] + " is already loyal: no effect");
      continue;
    }
    apply_event(s, id, roller, ev);
  }
}

void apply_event(State& s, const std::string& id, int roller, core::EventSink& ev) {
  const Data& d = *s.d;
  auto say = [&](const std::string& text) {
    if (ev.enabled()) ev.add("event", text);
  };
  if (id == "none") return;
  if (id == "trade_boom") {
    s.trade_boom = true;
    say("Trade Boom: city income is doubled this turn");
  } else if (id == "batta") {
    say("Batta: the British lose " + std::to_string(lose_pounds(s, kBritish, s.rng.roll())) + " pounds");
  } else if (id == "largesse") {
    int n = s.rng.roll();
    s.pounds[roller] = static_cast<int16_t>(s.pounds[roller] + n);
    say(std::string("Government Largesse: the ") + side_name(roller) + " receive pounds");
  } else if (id == "new_agent") {
    // 16.5(3)/16.61: a free agent of the current period, chosen by the roller (a prompt).
    bool any = false;
    for (int a = 0; a < s.nagents && !any; ++a)
      any = s.agents[a].loc == kPool && d.agents[a].nation == roller &&
            (d.agents[a].periods >> (s.period() - 1) & 1);
    if (!any) return say("New Agent: none available");
    s.new_agent_for = static_cast<int8_t>(roller);
    say(std::string("New Agent: the ") + side_name(roller) + " choose an agent");
  } else if (id == "famine") {
    s.famine = true;
    say("Famine: forage values are halved this turn");
  } else if (id == "court_intrigue") {
    shift_bop(s, roller, 1, ev, "Court Intrigue");
  } else if (id == "jihad") {
    // 21.1: a die of Ghazis and the Mad Mullah for the roller, placed together (21.2).
    int n = s.rng.roll();
    int avail = 0;
    for (int u = 0; u < s.nunits; ++u) avail += s.units[u].loc == kPool && s.type(u).nation == kGhaziNation;
    s.control[kGhazi] = static_cast<int8_t>(roller);
    s.levy_side = static_cast<int8_t>(roller);
    s.levy_left = static_cast<int8_t>(std::min(n, avail));
    s.levy_region = -1;
    say(std::string("Jihad! The ") + side_name(roller) + " receive " + std::to_string(s.levy_left) +
        " Ghazi groups and the Mad Mullah");
  } else if (id == "spy_ring") {
    s.spy_ring[roller] = 1;
    say(std::string("Spy Ring: the ") + side_name(roller) +
        " may examine every enemy unit this turn (22.1(3))");
  } else if (id == "accord") {
    int toward = s.bop > 0 ? kRussian : kBritish;
    int steps = std::min(2, std::abs(s.bop) - 1);
    if (steps > 0)
      shift_bop(s, toward, steps, ev, "Anglo-Russian Accord");
    else
      say("Anglo-Russian Accord: the index is already at 1");
  } else if (id == "indian_mutiny") {
    if (s.mutiny_done) return say("Indian Mutiny has already occurred: No Event");
    s.mutiny_done = true;
    say("Indian Mutiny!");
    int ni = d.region_index("NI");
    if (s.control[ni] == kBritish) set_control(s, ni, kNeutral, false, ev);
    shift_bop(s, kRussian, 2, ev, "Indian Mutiny");
  } else if (id == "parliament") {
    shift_bop(s, kRussian, 1, ev, "Parliamentary Inquiry");
  } else if (id == "agent_dies") {
    int cand[kMaxAgents], n = 0;
    for (int a = 0; a < s.nagents; ++a)
      if (s.agents[a].loc >= 0 && d.agents[a].nation == other(roller) && !d.agents[a].generic) cand[n++] = a;
    if (n == 0) return say("Death of an Agent: no named enemy agent in play");
    eliminate_agent(s, cand[s.rng.below(static_cast<uint32_t>(n))], ev);
  } else if (id == "nihilist") {
    say("Nihilist Revolt: the Russians lose " + std::to_string(lose_pounds(s, kRussian, s.rng.roll())) +
        " pounds");
    shift_bop(s, kBritish, 1, ev, "Nihilist Revolt");
  } else if (id == "war_scare") {
    for (int side = 0; side < 2; ++side) s.sp[side] = static_cast<int16_t>(s.sp[side] + 2);
    say("War Scare: both players receive 2 supply points");
  }
}

}  // namespace frontier::crossroads
