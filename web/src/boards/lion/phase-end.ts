// The Lion's question before the end of a phase (match/phaseEndWarning.ts).
import type { LegalChoice, Prompt } from "../../gen/game_pb";
import { ActionKind, type LionView } from "../../gen/lion_pb";
import { kindOf, plural } from "../phase-end";

// The action phase (4.1): unused AP are lost, and a banner path nobody defends (6.7) lets its
// banner walk in during the Banner Activation Phase.
export function lionPhaseEnd(view: LionView, _prompt: Prompt, choice: LegalChoice): string | null {
  if (kindOf<ActionKind>(choice) !== ActionKind.END_ACTIONS) return null;
  const paths = [...new Set(view.areas.map((a) => a.path).filter((p) => p !== "palace"))];
  const open = paths.filter((p) => !view.areas.some((a) => a.path === p && a.units.length > 0));
  const worries = [
    view.actionPoints > 0 && `${plural(view.actionPoints, "action point", "action points")} unused (4.1)`,
    open.length > 0 && `no defender on the ${open.join(", ")} ${open.length === 1 ? "path" : "paths"} (6.7)`,
  ].filter(Boolean);
  if (worries.length === 0) return null;
  return `End the action phase with ${worries.join(" and ")}?`;
}
