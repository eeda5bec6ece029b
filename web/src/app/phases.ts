// The rules word every phase and step themselves (GameStatus.phase: "Movement", "Choosing
// actions"; Game::status in rules/), and the boards show those words (BoardProps.phase): no copy
// of the games' step names is kept here. What is left is for a machine name that reaches the
// screen anyway (a difficulty's id, a newer server's phase), so that an underscore never does.

// A machine name in words: "lion_cub" reads "Lion cub".
export function machineNameInWords(name: string): string {
  if (!/_/.test(name)) return name;
  const words = name.replace(/_+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// A phase or step as a player reads it ("" stays ""): the rules' words as they are.
export function phaseInWords(phase: string): string {
  return machineNameInWords(phase);
}
