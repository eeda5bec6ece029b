// The player's settings: the webhook the server posts notifications to, which notifications to
// get, e-mail notices, vacation, and this browser's own notifications.
import { useEffect, useState } from "preact/hooks";
import type { Connection } from "../net/connection";
import type { Profile } from "../gen/wire_pb";
import { errorText, formatTime } from "../app/format";
import { BrowserNotificationSetting } from "./BrowserNotificationSetting";
import { EmailSetting } from "./EmailSetting";

export function SettingsPage(props: { conn: Connection }) {
  const { conn } = props;
  const [profile, setProfile] = useState<Profile | null>(null);
  const [webhook, setWebhook] = useState("");
  const [days, setDays] = useState(7);
  const [message, setMessage] = useState("");
  const [error, setError] = useState("");

  const show = (p: Profile) => {
    setProfile(p);
    setWebhook(p.webhookUrl);
  };
  useEffect(() => {
    conn.call({ case: "getProfile", value: {} }, "profile").then(show, (e) => setError(errorText(e)));
  }, [conn]);

  const save = async (value: Parameters<typeof updateProfile>[1], done: string) => {
    setError("");
    setMessage("");
    try {
      show(await updateProfile(conn, value));
      setMessage(done);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const vacation = async (d: number) => {
    setError("");
    setMessage("");
    try {
      show(await conn.call({ case: "setVacation", value: { days: d } }, "profile"));
      setMessage(d > 0 ? "Vacation started: your clocks are paused." : "Vacation ended: your clocks run again.");
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <section class="settings">
      <h1>Settings</h1>
      {error && <p class="error" role="alert">{error}</p>}
      {message && <p role="status">{message}</p>}
      <BrowserNotificationSetting />
      {profile && (
        <>
          <form onSubmit={(e) => { e.preventDefault(); void save({ webhookUrl: webhook.trim() }, "Webhook saved."); }}>
            <h2>Webhook</h2>
            <p class="hint">The server sends a JSON POST to this address for each notification while you are not
              looking at the match. Leave it empty for none.</p>
            <label>
              Webhook URL
              <input name="webhook" type="url" placeholder="https://example.org/frontier" value={webhook}
                onInput={(e) => setWebhook(e.currentTarget.value)} />
            </label>
            <button type="submit">Save webhook</button>
          </form>
          <fieldset>
            <legend>Notify me (webhook and browser)</legend>
            <Toggle label="When it is my turn" checked={profile.notifyYourTurn}
              onChange={(v) => void save({ notifyYourTurn: v }, "Saved.")} />
            <Toggle label="When a match starts or ends" checked={profile.notifyMatchStartEnd}
              onChange={(v) => void save({ notifyMatchStartEnd: v }, "Saved.")} />
            <Toggle label="When 80% of my time is gone" checked={profile.notifyTimeLow}
              onChange={(v) => void save({ notifyTimeLow: v }, "Saved.")} />
          </fieldset>
          {profile.email && <EmailSetting conn={conn} initial={profile.email} />}
          <section aria-labelledby="vacation">
            <h2 id="vacation">Vacation</h2>
            <p data-testid="vacation-days-left">
              {profile.vacationDaysLeft} of {profile.vacationDaysPerYear} vacation days left this year.
            </p>
            {profile.vacationUntil > 0n ? (
              <>
                <p>On vacation until {formatTime(profile.vacationUntil)}: your clocks are paused.</p>
                <button type="button" onClick={() => void vacation(0)}>End vacation now</button>
              </>
            ) : (
              <form onSubmit={(e) => { e.preventDefault(); void vacation(days); }}>
                <label>
                  Days
                  <input name="vacation-days" type="number" min={1} max={profile.vacationDaysLeft} value={days}
                    onInput={(e) => setDays(Number(e.currentTarget.value))} />
                </label>
                <button type="submit" disabled={profile.vacationDaysLeft === 0}>Start vacation</button>
              </form>
            )}
          </section>
        </>
      )}
    </section>
  );
}

function updateProfile(conn: Connection, value: { webhookUrl?: string; notifyYourTurn?: boolean; notifyMatchStartEnd?: boolean; notifyTimeLow?: boolean }) {
  return conn.call({ case: "updateProfile", value }, "profile");
}

function Toggle(props: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label>
      <input type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.currentTarget.checked)} />
      {props.label}
    </label>
  );
}
