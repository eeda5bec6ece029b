// What makes a place or a unit on a board clickable: every element a ref can name carries
// data-ref="<type>:<id>" (always, so tests and tools can find it), and while some legal choice
// names it, it is outlined, focusable, and a click, Enter or Space sends those choices.
import type { LegalChoice } from "../gen/game_pb";
import { useMemo } from "preact/hooks";
import { choicesByRef, refKey } from "./board";

export interface Picker {
  byRef: Map<string, LegalChoice[]>;
  onChoose: (choices: LegalChoice[]) => void;
}

export function usePicker(choices: LegalChoice[], onChoose: (choices: LegalChoice[]) => void): Picker {
  const byRef = useMemo(() => choicesByRef(choices), [choices]);
  return { byRef, onChoose };
}

export interface RefAttributes {
  "data-ref": string;
  class: string;
  tabindex?: number;  // lower case: SVG attributes are case-sensitive
  role?: "button" | "img";
  "aria-label"?: string;
  onClick?: (e: Event) => void;
  onKeyDown?: (e: KeyboardEvent) => void;
}

// Attributes for the element that stands for ref (type, id). `label` names it for screen readers
// when it can be chosen; `className` is the element's own class.
export function refAttributes(
  picker: Picker,
  type: string,
  id: string,
  className: string,
  label?: string,
): RefAttributes {
  const key = refKey(type, id);
  const choices = picker.byRef.get(key);
  if (!choices) return { "data-ref": key, class: className };
  const choose = () => picker.onChoose(choices);
  return {
    "data-ref": key,
    class: `${className} choosable`,
    tabindex: 0,
    role: "button",
    "aria-label": label ? `${label}: ${choices.map((c) => c.label).join("; ")}` : undefined,
    onClick: (e: Event) => {
      e.stopPropagation();
      choose();
    },
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      choose();
    },
  };
}

// The same for a thing on the map that is no choice now but is still named in words for a screen
// reader, `label` being what it is ("Suakin (town, port, 1 VP); Empire: RMLI"): read as a group,
// its numbers would be bare ("4 2 2 3", issue 49). A choice is named as refAttributes names it.
export function namedRef(picker: Picker, type: string, id: string, className: string, label: string): RefAttributes {
  const attrs = refAttributes(picker, type, id, className, label);
  return attrs.role ? attrs : { ...attrs, role: "img", "aria-label": label };
}

// The labels of the choices naming a ref, for tooltips ("" when none).
export function choiceHint(picker: Picker, type: string, id: string): string {
  const choices = picker.byRef.get(refKey(type, id));
  return choices ? `\n→ ${choices.map((c) => c.label).join("\n→ ")}` : "";
}

// The props of one game's board: the contract of board.ts with the game's own view.
export type GameBoardProps<View> = Omit<import("./board").BoardProps, "view"> & { view: View };
