// The sticky side column of a match page on a wide screen, beside the map: the prompt heads it
// and a board's battle panel stands right under it (match/MatchPage.tsx), so that map, prompt
// and battle fit one screen (issue 49). A board hands its battle panel to InSideColumn, which
// draws it there when the page offers the column, and in place (under the map, among the
// tracks) where it does not: on a phone, in a replay, on the boards' dev page.
import type { ComponentChildren } from "preact";
import { createContext } from "preact";
import { createPortal } from "preact/compat";
import { useContext } from "preact/hooks";

// The element in the side column that takes the panel; null where there is none.
export const SideColumn = createContext<HTMLElement | null>(null);

export function InSideColumn({ children }: { children: ComponentChildren }) {
  const slot = useContext(SideColumn);
  return slot ? createPortal(<>{children}</>, slot) : <>{children}</>;
}
