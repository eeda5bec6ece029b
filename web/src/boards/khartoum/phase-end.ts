// Khartoum's question before the end of a phase (match/phaseEndWarning.ts).
import type { LegalChoice, Prompt } from "../../gen/game_pb";
import { ActionKind, type KhartoumView } from "../../gen/khartoum_pb";
import { kindOf, plural } from "../phase-end";

// The March Phase (11.0): the "Move from <space>" choices are the stacks that may still move.
export function khartoumPhaseEnd(_view: KhartoumView, prompt: Prompt, choice: LegalChoice): string | null {
  if (prompt.kind !== "march" || kindOf<ActionKind>(choice) !== ActionKind.END_MARCH) return null;
  const movable = prompt.choices.filter((c) => kindOf<ActionKind>(c) === ActionKind.MOVE_FROM).length;
  if (movable === 0) return null;
  return `End the March Phase with ${plural(movable, "stack", "stacks")} unmoved?`;
}
