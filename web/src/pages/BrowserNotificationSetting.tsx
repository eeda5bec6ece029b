// This browser's notifications: permission is asked only when the player presses the button.
import { useState } from "preact/hooks";
import {
  browserNotificationsAvailable,
  browserNotificationsWanted,
  setBrowserNotifications,
} from "../notify/notifications";

export function BrowserNotificationSetting() {
  const [on, setOn] = useState(browserNotificationsWanted());
  const [permission, setPermission] = useState<string>(
    browserNotificationsAvailable() ? Notification.permission : "unsupported",
  );
  const toggle = async (want: boolean) => {
    setPermission(await setBrowserNotifications(want));
    setOn(want);
  };
  if (permission === "unsupported") return <p>This browser cannot show notifications.</p>;
  return (
    <section aria-labelledby="browser-notifications">
      <h2 id="browser-notifications">Browser notifications</h2>
      <p class="hint">While a Frontier tab is open, show a notification when something happens in a match you are
        not looking at.</p>
      {on && permission === "granted" ? (
        <button type="button" onClick={() => void toggle(false)}>Turn off browser notifications</button>
      ) : (
        <button type="button" onClick={() => void toggle(true)}>Turn on browser notifications</button>
      )}
      {permission === "denied" && <p class="error">The browser blocks notifications for this site; allow them in its
        site settings.</p>}
    </section>
  );
}
