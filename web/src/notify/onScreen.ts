// Which match this tab shows right now: no browser notification is raised for it while the tab
// is visible (the player is already looking at it).
let onScreen: bigint | null = null;

export function setMatchOnScreen(matchId: bigint | null): void {
  onScreen = matchId;
}

export function isLookingAt(matchId: bigint): boolean {
  return onScreen === matchId && document.visibilityState === "visible";
}
