// The one unit or card whose details a page shows, and the board area's handlers that open them:
// a plain click on a unit or card that is not a legal choice (a choice's own handler takes its
// click first and stops it), or a right click or long press on any. The match page and the
// replay share it, so a board behaves the same in both.
//
// A plain click on a unit that is no choice but stands on a place that is one (a stack on a
// highlighted space, a banner in a highlighted area) chooses the place: a player tapping at a
// ringed space means the space, and the counters standing on it cover much of it (issue 49).
// The board marks such a unit's element with data-on="<ref of its place>".
import { useState } from "preact/hooks";
import type { InspectTarget } from "./context";
import { inspectTargetOf, isChoice } from "./Inspector";

export interface Inspection {
  inspected: InspectTarget | null;
  open: (target: InspectTarget) => void;  // for InspectContext: the panels' info buttons
  close: () => void;
  // To spread on the element around the board.
  boardHandlers: { onClick: (e: MouseEvent) => void; onContextMenu: (e: MouseEvent) => void };
}

// The choosable place the clicked thing stands on, if any.
export function placeUnder(e: Event): Element | null {
  const on = (e.target as Element | null)?.closest?.("[data-on]")?.getAttribute("data-on");
  const board = e.currentTarget as Element | null;
  if (!on || !board?.querySelector) return null;
  return board.querySelector(`[data-ref="${CSS.escape(on)}"].choosable`);
}

export function useInspection(): Inspection {
  const [inspected, setInspected] = useState<InspectTarget | null>(null);
  const onClick = (e: MouseEvent) => {
    if (isChoice(e)) return;
    const place = placeUnder(e);
    if (place) {
      place.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      return;
    }
    const target = inspectTargetOf(e);
    if (target) setInspected(target);
  };
  const onContextMenu = (e: MouseEvent) => {
    const target = inspectTargetOf(e);
    if (!target) return;
    e.preventDefault();
    setInspected(target);
  };
  return { inspected, open: setInspected, close: () => setInspected(null), boardHandlers: { onClick, onContextMenu } };
}
