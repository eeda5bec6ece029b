// Opening the details of a unit or a card from anywhere on a match page or a replay: the board's
// own elements (by their data-ref, see useInspection.ts) and the panels' info buttons share one
// inspector.
import { createContext } from "preact";
import { useContext } from "preact/hooks";

export interface InspectTarget {
  type: string;  // a ref type: "unit", "card", "agent"
  id: string;
}

// Outside a match page or a replay (the boards' dev page) there is nothing to open.
export const InspectContext = createContext<(target: InspectTarget) => void>(() => undefined);

export function useInspect(): (target: InspectTarget) => void {
  return useContext(InspectContext);
}
