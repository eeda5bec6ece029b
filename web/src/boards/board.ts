// The contract between the match page and the game boards. A board draws one seat's view (fog
// of war is already applied by the server: a board shows what it is given and never asks for
// more) and turns clicks on places and units into choices of the current prompt.
import type { LegalChoice, LogEntry } from "../gen/game_pb";
import type { DecodedView } from "../views/decode";

export interface BoardProps {
  view: DecodedView;  // the game's own view message (views/decode.ts)
  // The current prompt's legal choices for this seat (empty when it is not this seat's turn, for
  // spectators and in replays). A place or unit named by a choice's refs is highlighted and
  // clickable; the choices without refs are the match page's buttons, not the board's.
  choices: LegalChoice[];
  // Called with every choice that refers to the clicked thing (several: the page asks which).
  onChoose: (choices: LegalChoice[]) => void;
  yourSeat: number;  // -1 for a spectator or a replay of someone else's seat
  // The sides holding a prompt, by name (app/toPlay.ts): the turn panel says who is to play in
  // the same words as the match's status line, so the two never disagree.
  toPlay: string[];
  // The phase or step now, in the rules' own words (GameStatus.phase, "Choosing actions"): a board
  // shows it as the rules word it, so no client keeps a copy of the games' step names.
  phase: string;
  // The log as this seat may read it (the match page's), for a panel that tells what the fight
  // now running has done so far; absent where no log is at hand.
  log?: LogEntry[];
}

// The key a board uses for a clickable element: "<ref type>:<ref id>", also set as the
// element's data-ref attribute so tests (and keyboard users) can find it.
export function refKey(type: string, id: string): string {
  return `${type}:${id}`;
}

// Groups choices by the things they refer to, for highlighting and click dispatch.
export function choicesByRef(choices: LegalChoice[]): Map<string, LegalChoice[]> {
  const byRef = new Map<string, LegalChoice[]>();
  for (const choice of choices) {
    for (const ref of choice.refs) {
      const key = refKey(ref.type, ref.id);
      const list = byRef.get(key);
      if (list) list.push(choice);
      else byRef.set(key, [choice]);
    }
  }
  return byRef;
}
