// What the browser tests may read: only what the person at the screen can see anyway (their own
// seat's latest update, their name). Never a token, never another seat's view.
type TestHook = { user?: string | null; lastUpdate?: unknown; lastViewAt?: unknown };

declare global {
  interface Window {
    __frontier?: TestHook;
  }
}

export function exposeForTests(values: TestHook): void {
  window.__frontier = { ...(window.__frontier ?? {}), ...values };
}
