// Lays an elimination bracket out for drawing: the winners' bracket, the losers' bracket and the
// finals as separate sections, each a list of columns (rounds) of matches in plan order.
import type { TournamentBracketMatch } from "../gen/wire_pb";

export type BracketSection = { title: string; columns: { title: string; matches: TournamentBracketMatch[] }[] };

const SECTIONS: { title: string; parts: string[] }[] = [
  { title: "Winners' bracket", parts: ["winners"] },
  { title: "Losers' bracket", parts: ["losers"] },
  { title: "Finals", parts: ["grand-final", "grand-final-reset", "third-place"] },
];

const FINAL_NAMES: Record<string, string> = {
  "grand-final": "Grand final",
  "grand-final-reset": "Grand final reset",
  "third-place": "Third place",
};

// The name of the last rounds of a winners' bracket, as players know them.
function winnersRoundName(round: number, rounds: number, double: boolean): string {
  const fromEnd = rounds - round;
  if (fromEnd === 0) return double ? "Winners' final" : "Final";
  if (fromEnd === 1) return "Semi-finals";
  if (fromEnd === 2) return "Quarter-finals";
  return `Round ${round}`;
}

export function layoutBracket(matches: TournamentBracketMatch[]): BracketSection[] {
  const double = matches.some((m) => m.part === "losers");
  const sections: BracketSection[] = [];
  for (const section of SECTIONS) {
    const inSection = matches.filter((m) => section.parts.includes(m.part));
    if (inSection.length === 0) continue;
    const columns = new Map<string, TournamentBracketMatch[]>();
    const rounds = Math.max(...inSection.map((m) => m.round));
    for (const m of inSection) {
      let title: string;
      if (m.part === "winners") title = winnersRoundName(m.round, rounds, double);
      else if (m.part === "losers") title = `Losers' round ${m.round}`;
      else title = FINAL_NAMES[m.part] ?? m.part;
      const column = columns.get(title);
      if (column) column.push(m);
      else columns.set(title, [m]);
    }
    sections.push({ title: section.title, columns: [...columns].map(([title, list]) => ({ title, matches: list })) });
  }
  return sections;
}
