// Ending a phase early by a stray click cannot be taken back by the rules, so the choices that end
// a phase while something is left undone ask first. Each check reads the seat's own view and the
// prompt that offers the choice; nothing else. A choice that is the only one left never asks.
import type { LegalChoice, Prompt } from "../gen/game_pb";
import type { GameView } from "../gen/view_pb";
import type { LionView } from "../gen/lion_pb";
import type { CrossroadsView } from "../gen/crossroads_pb";
import { ActionKind as KhartoumAction } from "../gen/khartoum_pb";
import { ActionKind as LionAction } from "../gen/lion_pb";
import { ActionKind as CrossroadsAction } from "../gen/crossroads_pb";

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

// The wire carries an action's kind as a bare int32 (proto/game.proto); what it means is the
// game's own ActionKind, which the caller names, so that a Lion kind is never read as Khartoum's.
function kindOf<Kind extends number>(choice: LegalChoice): Kind {
  return (choice.action?.kind ?? 0) as Kind;
}

// Khartoum's March Phase (11.0): the "Move from <space>" choices are the stacks that may still move.
function khartoumMarch(prompt: Prompt, choice: LegalChoice): string | null {
  if (prompt.kind !== "march" || kindOf<KhartoumAction>(choice) !== KhartoumAction.END_MARCH) return null;
  const movable = prompt.choices.filter((c) => kindOf<KhartoumAction>(c) === KhartoumAction.MOVE_FROM).length;
  if (movable === 0) return null;
  return `End the March Phase with ${plural(movable, "stack", "stacks")} unmoved?`;
}

// The Lion's action phase (4.1): unused AP are lost, and a banner path nobody defends (6.7) lets
// its banner walk in during the Banner Activation Phase.
function lionActions(view: LionView, choice: LegalChoice): string | null {
  if (kindOf<LionAction>(choice) !== LionAction.END_ACTIONS) return null;
  const paths = [...new Set(view.areas.map((a) => a.path).filter((p) => p !== "palace"))];
  const open = paths.filter((p) => !view.areas.some((a) => a.path === p && a.units.length > 0));
  const worries = [
    view.actionPoints > 0 && `${plural(view.actionPoints, "action point", "action points")} unused (4.1)`,
    open.length > 0 && `no defender on the ${open.join(", ")} ${open.length === 1 ? "path" : "paths"} (6.7)`,
  ].filter(Boolean);
  if (worries.length === 0) return null;
  return `End the action phase with ${worries.join(" and ")}?`;
}

// Crossroads' income and expenditure (9.2): pounds left are banked (9.3), but rarely on purpose.
function crossroadsExpenditure(view: CrossroadsView, prompt: Prompt, choice: LegalChoice): string | null {
  if (prompt.kind !== "expend" || view.pounds <= 0) return null;
  if (kindOf<CrossroadsAction>(choice) !== CrossroadsAction.DONE) return null;
  return `Finish income and expenditure with ${plural(view.pounds, "pound", "pounds")} unspent (banked, 9.3)?`;
}

// The question to ask before `choice` is sent, or null to send it straight away.
export function phaseEndWarning(view: GameView | undefined, prompts: Prompt[], choice: LegalChoice): string | null {
  const prompt = prompts.find((p) => p.choices.includes(choice));
  if (!view || !prompt || prompt.choices.length < 2) return null;
  const game = view.game;
  switch (game.case) {
    case "khartoum":
      return khartoumMarch(prompt, choice);
    case "lion":
      return lionActions(game.value, choice);
    case "crossroads":
      return crossroadsExpenditure(game.value, prompt, choice);
    default:
      return null;
  }
}
