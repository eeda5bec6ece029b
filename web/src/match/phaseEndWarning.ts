// Ending a phase early by a stray click cannot be taken back by the rules, so the choices that end
// a phase while something is left undone ask first. The rules word the question and send it with
// the choice (LegalChoice.confirm, from Game::confirm in rules/core/game.h), so the browser and the
// terminal ask the same thing; a choice that is the only one left never carries one.
import type { LegalChoice, Prompt } from "../gen/game_pb";
import type { DecodedView } from "../views/decode";

// The question to ask before `choice` is sent, or null to send it straight away. The view and the
// prompts are not needed since the rules answer; the signature stays the one MatchPage calls.
export function phaseEndWarning(_view: DecodedView | undefined, _prompts: Prompt[], choice: LegalChoice): string | null {
  return choice.confirm === "" ? null : choice.confirm;
}
