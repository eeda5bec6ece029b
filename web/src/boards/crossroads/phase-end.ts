// Asia Crossroads' question before the end of a phase (match/phaseEndWarning.ts).
import type { LegalChoice, Prompt } from "../../gen/game_pb";
import { ActionKind, type CrossroadsView } from "../../gen/crossroads_pb";
import { kindOf, plural } from "../phase-end";

// Income and expenditure (9.2): pounds left are banked (9.3), but rarely on purpose.
export function crossroadsPhaseEnd(view: CrossroadsView, prompt: Prompt, choice: LegalChoice): string | null {
  if (prompt.kind !== "expend" || view.pounds <= 0) return null;
  if (kindOf<ActionKind>(choice) !== ActionKind.DONE) return null;
  return `Finish income and expenditure with ${plural(view.pounds, "pound", "pounds")} unspent (banked, 9.3)?`;
}
