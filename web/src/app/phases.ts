// The rules engines name their phases and steps by stable machine names ("move_step",
// "choose_action"): good for code and logs, not for a person. These are the words a player reads
// instead, wherever a phase is shown (status line, turn panels, replay). Asia Crossroads already
// names its phases in words.
const PHASE_WORDS: Record<string, string> = {
  // Khartoum (rules/hand_of_destiny/game.cpp, step_name)
  setup_garrison: "Set-up: Empire garrisons",
  setup_mahdist: "Set-up: Mahdist forces",
  card_choice: "Choosing a card",
  hold_decision: "Holding a card or not",
  re_recruit: "Recruiting again",
  place_recruit: "Placing a recruit",
  choose_egyptian: "Choosing an Egyptian unit",
  breakout_garrison: "Garrison breakout",
  breakout_infantry: "Infantry breakout",
  egyptian_march_stack: "Egyptian march: the stack",
  egyptian_march_step: "Egyptian march",
  mahdi_return: "The Mahdi returns",
  march: "March",
  group: "Moving a group",
  move_step: "Movement",
  choose_battle: "Choosing a battle",
  fire: "Battle: fire",
  breakoff_to: "Breaking off",
  allocate_loss: "Allocating losses",
  retreat: "Retreat",
  major_recruit: "Major battle: recruiting",
  major_loss: "Major battle: a loss",
  pursuit: "Pursuit",
  over: "Game over",
  // The Lion of Khartoum (rules/lion/text.cpp, stage_name)
  choose_action: "Choosing actions",
  fortify: "Fortifying",
  gunboats: "Building gunboats",
  raid_target: "Raid: the target",
  raid_infantry: "Raid: infantry",
  raid_leader: "Raid: the leader",
  raid_support: "Raid: support",
  sortie_target: "Sortie: the target",
  sortie_troops: "Sortie: troops",
  sortie_leader: "Sortie: the leader",
  sortie_support: "Sortie: support",
  defence_area: "Defence: the area",
  defence_units: "Defence: the defenders",
  ultimatum: "Ultimatum",
  spend_rp: "Spending Resource Points",
  lose_step: "Losing a step",
  lose_gun: "Losing a gun",
  game_over: "Game over",
};

// A machine name in words: "lion_cub" reads "Lion cub". For names no table knows (a newer
// server), so that an underscore never reaches the screen.
export function machineNameInWords(name: string): string {
  if (!/_/.test(name)) return name;
  const words = name.replace(/_+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// A phase or step as a player reads it ("" stays "").
export function phaseInWords(phase: string): string {
  return PHASE_WORDS[phase] ?? machineNameInWords(phase);
}
