// E-mail notices (docs/play-by-web.md, "E-mail notices"): the address, its verification code and
// what to mail. Shown only when the server has a mail relay.
import { useState } from "preact/hooks";
import type { Connection } from "../net/connection";
import type { EmailSettings } from "../gen/wire_pb";
import { errorText } from "../app/format";

type Choices = {
  yourTurn?: boolean;
  yourTurnDelayMinutes?: number;
  dailyDigest?: boolean;
  clockWarnings?: boolean;
  tournamentPairings?: boolean;
  gameOver?: boolean;
};

export function EmailSetting(props: { conn: Connection; initial: EmailSettings }) {
  const { conn } = props;
  const [settings, setSettings] = useState(props.initial);
  const [address, setAddress] = useState(props.initial.address);
  const [code, setCode] = useState("");
  const [delay, setDelay] = useState(props.initial.yourTurnDelayMinutes);
  const [message, setMessage] = useState("");
  const [error, setError] = useState("");
  if (!settings.serverSends) return null;

  const run = async (work: () => Promise<EmailSettings>, done: string) => {
    setError("");
    setMessage("");
    try {
      const s = await work();
      setSettings(s);
      setDelay(s.yourTurnDelayMinutes);
      setMessage(done);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const setEmail = (a: string) =>
    run(() => conn.call({ case: "setEmail", value: { address: a } }, "emailSettings"),
      a ? `A code was mailed to ${a}.` : "Address removed.");
  const verify = () =>
    run(() => conn.call({ case: "verifyEmail", value: { code: code.trim() } }, "emailSettings"), "Address verified.");
  const choose = (value: Choices) =>
    run(() => conn.call({ case: "updateEmailChoices", value }, "emailSettings"), "Saved.");

  return (
    <section aria-labelledby="email-notices">
      <h2 id="email-notices">E-mail notices</h2>
      {error && <p class="error" role="alert">{error}</p>}
      {message && <p role="status">{message}</p>}
      <form onSubmit={(e) => { e.preventDefault(); void setEmail(address.trim()); }}>
        <label>
          E-mail address
          <input name="email" type="email" placeholder="you@example.org" value={address}
            onInput={(e) => setAddress(e.currentTarget.value)} />
        </label>
        <button type="submit">Save address</button>
      </form>
      {settings.address && !settings.verified && (
        <form onSubmit={(e) => { e.preventDefault(); void verify(); }}>
          <p class="hint">{settings.codePending ? `Enter the code mailed to ${settings.address}.`
            : "The code has expired: save the address again for a new one."} Nothing else is mailed until then.</p>
          <label>
            Code
            <input name="email-code" inputMode="numeric" autoComplete="one-time-code" value={code}
              onInput={(e) => setCode(e.currentTarget.value)} />
          </label>
          <button type="submit">Verify</button>
        </form>
      )}
      {settings.verified && (
        <fieldset>
          <legend>Mail me</legend>
          <label>
            <input type="checkbox" checked={settings.yourTurn} onChange={(e) => void choose({ yourTurn: e.currentTarget.checked })} />
            When it is my turn and I have not looked for
            <input name="email-delay" type="number" min={0} max={10080} value={delay}
              onInput={(e) => setDelay(Number(e.currentTarget.value))}
              onChange={() => void choose({ yourTurnDelayMinutes: delay })} /> minutes
          </label>
          <label>
            <input type="checkbox" checked={settings.dailyDigest} onChange={(e) => void choose({ dailyDigest: e.currentTarget.checked })} />
            A daily digest of the matches waiting for me
          </label>
          <label>
            <input type="checkbox" checked={settings.clockWarnings} onChange={(e) => void choose({ clockWarnings: e.currentTarget.checked })} />
            When 80% of my time is gone
          </label>
          <label>
            <input type="checkbox" checked={settings.tournamentPairings} onChange={(e) => void choose({ tournamentPairings: e.currentTarget.checked })} />
            Tournament pairings
          </label>
          <label>
            <input type="checkbox" checked={settings.gameOver} onChange={(e) => void choose({ gameOver: e.currentTarget.checked })} />
            When a match of mine is over
          </label>
        </fieldset>
      )}
    </section>
  );
}
