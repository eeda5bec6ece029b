// Ending a phase early by a stray click cannot be taken back by the rules, so the choices that end
// a phase while something is left undone ask first. Each game's board says what to ask
// (boards/<game>/phase-end.ts), reading the seat's own view and the prompt that offers the
// choice; nothing else. A choice that is the only one left never asks.
import type { LegalChoice, Prompt } from "../gen/game_pb";
import { boardFor } from "../boards/found";
import type { DecodedView } from "../views/decode";

// The question to ask before `choice` is sent, or null to send it straight away.
export function phaseEndWarning(view: DecodedView | undefined, prompts: Prompt[], choice: LegalChoice): string | null {
  const prompt = prompts.find((p) => p.choices.includes(choice));
  if (!view || !prompt || prompt.choices.length < 2) return null;
  return boardFor(view.schema.typeName)?.phaseEndWarning(view, prompt, choice) ?? null;
}
