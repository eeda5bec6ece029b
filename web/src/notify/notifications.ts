// The browser's own notifications for Notification pushes (your turn, match started or ended,
// time running low, takeback or rematch offered), while a tab is open. The player turns them on
// in Settings (the browser asks for permission there); none is raised for the match on screen.
import type { Connection } from "../net/connection";
import { links } from "../app/router";
import { isLookingAt } from "./onScreen";

const PREFERENCE = "frontier.browser-notifications";

export function browserNotificationsWanted(): boolean {
  return localStorage.getItem(PREFERENCE) === "on";
}

export function browserNotificationsAvailable(): boolean {
  return typeof Notification !== "undefined";
}

// Asks the browser's permission (only from a click) and remembers the player's choice.
export async function setBrowserNotifications(on: boolean): Promise<NotificationPermission | "unsupported"> {
  if (!browserNotificationsAvailable()) return "unsupported";
  localStorage.setItem(PREFERENCE, on ? "on" : "off");
  if (on && Notification.permission === "default") return Notification.requestPermission();
  return Notification.permission;
}

export function startBrowserNotifications(conn: Connection): () => void {
  return conn.onPush((message) => {
    if (message.body.case !== "notification") return;
    const n = message.body.value;
    if (isLookingAt(n.matchId)) return;
    if (!browserNotificationsAvailable() || !browserNotificationsWanted() || Notification.permission !== "granted") return;
    const target = n.newMatchId !== 0n ? n.newMatchId : n.matchId;
    const shown = new Notification("Frontier", { body: n.text, tag: `match-${n.matchId}-${n.kind}` });
    shown.onclick = () => {
      window.focus();
      location.hash = links.match(target);
      shown.close();
    };
  });
}
