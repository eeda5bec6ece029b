// "Verify dice": the server re-runs the finished match from its revealed seed and actions and
// compares final hashes; the browser recomputes the seed commitment itself.
import { useState } from "preact/hooks";
import type { Connection } from "../net/connection";
import type { VerifyReply } from "../gen/wire_pb";
import { errorText } from "../app/format";
import { seedCommitment } from "./verify";
import { plural } from "../app/plural";

type Outcome = { reply: VerifyReply; browserCommitment: string };

export function VerifyPanel(props: { conn: Connection; matchId: bigint; commitment: string }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState("");
  const verify = async () => {
    setError("");
    try {
      const reply = await props.conn.call({ case: "verifyMatch", value: { matchId: props.matchId } }, "verify");
      const browserCommitment = await seedCommitment(reply.revealedSeed, reply.seedNonce);
      setOutcome({ reply, browserCommitment });
    } catch (e) {
      setError(errorText(e));
    }
  };
  // The commitment to trust is the one shown since the start, not the one in the verify reply.
  const shown = props.commitment || outcome?.reply.seedCommitment || "";
  const browserOk = outcome ? outcome.browserCommitment === shown : false;
  return (
    <section class="verify" aria-label="Verify dice">
      <h2>Verify dice</h2>
      <button type="button" onClick={() => void verify()}>Verify dice</button>
      {error && <p class="error" role="alert">{error}</p>}
      {outcome && (
        <dl data-testid="verify-result">
          <dt>Seed commitment (published at the start)</dt>
          <dd><code>{shown}</code></dd>
          <dt>Revealed seed and nonce</dt>
          <dd><code>{outcome.reply.revealedSeed.toString()}</code> / <code>{outcome.reply.seedNonce}</code></dd>
          <dt>Commitment recomputed in this browser</dt>
          <dd data-testid="verify-browser" data-ok={String(browserOk)}>{browserOk ? "matches ✔" : "DOES NOT MATCH ✘"}</dd>
          <dt>Commitment checked by the server</dt>
          <dd data-testid="verify-commitment" data-ok={String(outcome.reply.commitmentOk)}>{outcome.reply.commitmentOk ? "matches ✔" : "DOES NOT MATCH ✘"}</dd>
          <dt>{plural(outcome.reply.actions, "action")} re-run to the final hash</dt>
          <dd data-testid="verify-hash" data-ok={String(outcome.reply.hashOk)}>
            {outcome.reply.hashOk ? "same ✔" : "DIFFERENT ✘"} <code>{outcome.reply.replayedFinalHash}</code>
          </dd>
        </dl>
      )}
    </section>
  );
}
