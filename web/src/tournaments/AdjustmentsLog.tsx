// The organiser's corrections to results, each with its reason, as the event logged them.
import type { TournamentInfo } from "../gen/wire_pb";
import { unixToText } from "./format";

export function AdjustmentsLog({ info }: { info: TournamentInfo }) {
  if (info.adjustments.length === 0) return null;
  return (
    <section class="adjustments">
      <h2>Result adjustments</h2>
      <ul>
        {info.adjustments.map((a, i) => (
          <li key={i}>
            {a.round === 0 ? `Bracket match ${a.board}` : `Round ${a.round}, board ${a.board}`}: {a.before} →{" "}
            <strong>{a.after}</strong> — “{a.reason}” (by the organiser, {unixToText(a.at)})
          </li>
        ))}
      </ul>
    </section>
  );
}
