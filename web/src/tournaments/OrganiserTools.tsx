// The organiser's tools for a running (or registering) event: pause and resume pairing, remove or
// disqualify a player, forbid a pairing, adjust a result with a reason (logged in the event), and
// finish the event. Each is one ManageTournament request; the reply is the event as it now is.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { useState } from "preact/hooks";
import type { ManageTournamentSchema, TournamentInfo } from "../gen/wire_pb";
import type { Connection } from "../net/connection";
import { errorText } from "./format";
import type { NameOf } from "./names";

type Props = {
  conn: Connection;
  info: TournamentInfo;
  nameOf: NameOf;
  onChanged: (info: TournamentInfo) => void;
};

type Action = MessageInitShape<typeof ManageTournamentSchema>["action"];

// A board's key in the adjust select: "round:board" (round 0 = a bracket match id).
const boardKey = (round: number, board: number) => `${round}:${board}`;

export function OrganiserTools({ conn, info, nameOf, onChanged }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const active = info.players.filter((p) => p.status === "active");
  const [removeUser, setRemoveUser] = useState("");
  const [disqualify, setDisqualify] = useState(false);
  const [forbidA, setForbidA] = useState("");
  const [forbidB, setForbidB] = useState("");
  const decided = info.boards.filter((b) => b.bUser !== 0n && b.result !== "pending" && b.result !== "in play");
  const [adjustBoard, setAdjustBoard] = useState("");
  const [adjustResult, setAdjustResult] = useState("");
  const [reason, setReason] = useState("");

  const send = async (action: Action, what: string) => {
    setError(null);
    setDone(null);
    try {
      const next = await conn.call(
        { case: "manageTournament", value: { tournamentId: info.tournamentId, action } },
        "tournament",
      );
      onChanged(next);
      setDone(what);
      return true;
    } catch (e) {
      setError(errorText(e));
      return false;
    }
  };

  const remove = async () => {
    const who = nameOf(BigInt(removeUser));
    if (!confirm(`${disqualify ? "Disqualify" : "Remove"} ${who}? Their pending games are forfeited.`)) return;
    if (
      await send(
        { case: "remove", value: { userId: BigInt(removeUser), disqualify } },
        `${who} ${disqualify ? "disqualified" : "removed"}.`,
      )
    )
      setRemoveUser("");
  };

  const adjust = async (e: Event) => {
    e.preventDefault();
    const [round, board] = adjustBoard.split(":").map(Number);
    if (
      await send(
        { case: "adjust", value: { round, board, result: adjustResult.trim(), reason: reason.trim() } },
        "Result adjusted.",
      )
    ) {
      setAdjustResult("");
      setReason("");
    }
  };

  const playerSelect = (value: string, onChange: (v: string) => void, label: string) => (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      <option value="">{label}…</option>
      {active.map((p) => (
        <option key={String(p.userId)} value={String(p.userId)}>
          {p.userName}
        </option>
      ))}
    </select>
  );

  if (info.phase === "finished") return null;
  return (
    <section class="organiser-tools">
      <h2>Organiser tools</h2>
      {error && <p class="error" role="alert">{error}</p>}
      {done && <p class="done">{done}</p>}
      {info.phase === "running" && (
        <div class="tool">
          <button
            type="button"
            name="pause"
            onClick={() => void send({ case: "pause", value: !info.paused }, info.paused ? "Resumed." : "Paused.")}
          >
            {info.paused ? "Resume pairing" : "Pause pairing"}
          </button>
        </div>
      )}
      <div class="tool">
        {playerSelect(removeUser, setRemoveUser, "Player to remove")}
        <label class="check">
          <input
            type="checkbox"
            checked={disqualify}
            onChange={(e) => setDisqualify(e.currentTarget.checked)}
          />{" "}
          disqualify
        </label>
        <button
          type="button"
          name="remove"
          disabled={!removeUser}
          onClick={() => void remove()}
        >
          {disqualify ? "Disqualify" : "Remove"}
        </button>
      </div>
      <div class="tool">
        {playerSelect(forbidA, setForbidA, "Player")}
        {playerSelect(forbidB, setForbidB, "must not meet")}
        <button
          type="button"
          name="forbid"
          disabled={!forbidA || !forbidB || forbidA === forbidB}
          onClick={() =>
            void send(
              { case: "forbid", value: { userA: BigInt(forbidA), userB: BigInt(forbidB) } },
              `${nameOf(BigInt(forbidA))} and ${nameOf(BigInt(forbidB))} will not be paired.`,
            )
          }
        >
          Forbid pairing
        </button>
      </div>
      {decided.length > 0 && (
        <form
          class="tool"
          onSubmit={(e) => void adjust(e)}
        >
          <select
            aria-label="board to adjust"
            value={adjustBoard}
            onChange={(e) => setAdjustBoard(e.currentTarget.value)}
          >
            <option value="">Board to adjust…</option>
            {decided.map((b) => (
              <option key={boardKey(b.round, b.board)} value={boardKey(b.round, b.board)}>
                {b.round === 0 ? `Bracket ${b.board}` : `R${b.round} B${b.board}`}: {b.aName} – {b.bName} ({b.result})
              </option>
            ))}
          </select>
          <input
            name="result"
            placeholder={info.miniMatch ? "1-0,1/2" : "1-0, 0-1, 1/2, +-, -+, --"}
            title="1-0, 0-1 or 1/2 per game (comma-separated in a mini-match), or +-, -+, -- for a forfeit"
            value={adjustResult}
            onInput={(e) => setAdjustResult(e.currentTarget.value)}
          />
          <input
            name="reason"
            placeholder="Reason (kept in the event's log)"
            value={reason}
            onInput={(e) => setReason(e.currentTarget.value)}
          />
          <button type="submit" disabled={!adjustBoard || !adjustResult.trim() || !reason.trim()}>
            Adjust result
          </button>
        </form>
      )}
      {info.phase === "running" && (
        <div class="tool">
          <button
            type="button"
            name="finish"
            onClick={() => {
              if (confirm("Finish the event now? No further rounds are paired.")) void send({ case: "finish", value: true }, "Finished.");
            }}
          >
            Finish the event
          </button>
        </div>
      )}
    </section>
  );
}
