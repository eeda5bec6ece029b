// The one unit or card whose details a page shows, and the board area's handlers that open them:
// a plain click on a unit or card that is not a legal choice (a choice's own handler takes its
// click first and stops it), or a right click or long press on any. The match page and the
// replay share it, so a board behaves the same in both.
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

export function useInspection(): Inspection {
  const [inspected, setInspected] = useState<InspectTarget | null>(null);
  const onClick = (e: MouseEvent) => {
    const target = isChoice(e) ? null : inspectTargetOf(e);
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
