// Shared by the boards' phase-end questions (<game>/phase-end.ts, asked by
// match/phaseEndWarning.ts): how a question counts things, and what kind of action a choice is.
import type { LegalChoice } from "../gen/game_pb";

export { plural } from "../app/plural";

// The wire carries an action's kind as a bare int32 (proto/game.proto); what it means is the
// game's own ActionKind, which the caller names, so that a Lion kind is never read as Khartoum's.
export function kindOf<Kind extends number>(choice: LegalChoice): Kind {
  return (choice.action?.kind ?? 0) as Kind;
}
