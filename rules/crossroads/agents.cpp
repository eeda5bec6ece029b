// Which one agent counts. The rules let only one agent's value apply -- the combat die roll
// modifier (14.8, 16.22), the movement bonus (16.21), the negotiations or ultimatum counter
// (15.1(4), 15.61(4)) -- and leave the pick to the player, so it is a prompt to that player
// whenever more than one answer is possible. The game never picks "the best" for him.
#include "crossroads/rules.h"

namespace frontier::crossroads {

namespace {

int capital_sq(const State& s, int region) {
  return s.d->cities[s.d->capital[region]].square;
}

// The answers to the pending pick (agent ids; -1 = "no counter"); returns how many.
int candidates(const State& s, int8_t out[kMaxAgents + 1]) {
  int n = 0;
  switch (s.pick_for) {
    case kPickCombat:  // 14.8: any one agent in his force in the combat square
      for (int a = 0; a < s.nagents; ++a)
        if (s.agents[a].loc == s.combat_sq && s.agent_side(a) == s.pick_side)
          out[n++] = static_cast<int8_t>(a);
      break;
    case kPickMove:  // 16.21: one agent moving with the force
      for (int a = 0; a < s.nagents; ++a)
        if (s.agents[a].flags & kInForce) out[n++] = static_cast<int8_t>(a);
      break;
    case kPickCounter: {  // 15.1(4)/15.61(4): "declares if he will attempt to counter", with which agent
      int sq = capital_sq(s, s.nego_region);
      for (int a = 0; a < s.nagents; ++a)
        if (s.agents[a].loc == sq && s.agent_side(a) == s.pick_side) out[n++] = static_cast<int8_t>(a);
      if (n > 0) out[n++] = -1;
      break;
    }
    default:
      break;
  }
  return n;
}

}  // namespace

bool combat_agents_chosen(State& s) {
  int8_t c[kMaxAgents + 1];
  for (int side : {static_cast<int>(s.phasing), other(s.phasing)}) {
    if (s.combat_agent[side] != -2) continue;
    s.pick_for = kPickCombat;
    s.pick_side = static_cast<int8_t>(side);
    int n = candidates(s, c);
    if (n > 1) return false;  // the owner chooses (14.8)
    s.combat_agent[side] = n == 1 ? c[0] : -1;
  }
  s.pick_for = s.pick_side = -1;
  return true;
}

bool ask_move_agent(State& s) {
  bool units = false;
  for (int u = 0; u < s.nunits && !units; ++u) units = (s.units[u].flags & kInForce) != 0;
  s.pick_for = kPickMove;
  s.pick_side = s.phasing;
  int8_t c[kMaxAgents + 1];
  int n = units ? candidates(s, c) : 0;  // 16.21: agents add nothing to their own movement
  if (n > 1) return false;
  s.force_agent = n == 1 ? c[0] : -1;
  s.pick_for = s.pick_side = -1;
  return true;
}

void ask_counter(State& s) {
  s.pick_for = kPickCounter;
  s.pick_side = static_cast<int8_t>(other(s.phasing));
  int8_t c[kMaxAgents + 1];
  s.nego_defender_agent = -1;
  if (candidates(s, c) == 0) s.pick_for = s.pick_side = -1;  // no agent there: no counter (15.1(4))
}

void agent_pick_legal(const State& s, int seat, Actions& out) {
  if (seat != s.pick_side) return;
  int8_t c[kMaxAgents + 1];
  int n = candidates(s, c);
  for (int i = 0; i < n; ++i) out.push_back({PICK_AGENT, c[i], static_cast<int16_t>(s.pick_for), 0});
}

void agent_pick_apply(State& s, const core::Action& a, core::EventSink& ev) {
  int purpose = s.pick_for, side = s.pick_side;
  s.pick_for = s.pick_side = -1;
  switch (purpose) {
    case kPickCombat:
      s.combat_agent[side] = static_cast<int8_t>(a.a);
      resolve_odds(s, ev);  // asks the defender next if he too has a choice
      return;
    case kPickMove:
      s.force_agent = static_cast<int8_t>(a.a);
      force_sets_off(s, 0, ev);
      return;
    case kPickCounter:
      s.nego_defender_agent = static_cast<int8_t>(a.a);
      if (ev.enabled())
        ev.add("negotiations", std::string(side_name(side)) +
                                   (a.a < 0 ? " do not counter" : " counter with " + s.d->agents[a.a].name));
      return;
    default:
      return;
  }
}

std::string agent_pick_label(const State& s, const core::Action& a) {
  if (a.a < 0) return "Do not counter";
  const AgentInfo& g = s.d->agents[a.a];
  switch (a.b) {
    case kPickCombat:
      return "Use " + g.name + "'s military value " + std::to_string(g.military) + " in combat";
    case kPickMove:
      return g.name + " gives the movement bonus (+" + std::to_string(g.military) + ")";
    default:
      return "Counter with " + g.name + " (political value " + std::to_string(g.political) + ")";
  }
}

}  // namespace frontier::crossroads
