// The replay's keys: Left/Right one event, Shift+Left/Right, Up/Down and PageUp/PageDown one
// turn, Home/End the set-up and the last event. Typing in a field or choosing in a list keeps its
// keys; on the position slider these replace the slider's own (whose PageUp/PageDown would jump
// a tenth of the match rather than a turn).
import { useEffect } from "preact/hooks";

export interface Steps {
  event: (by: 1 | -1) => void;
  turn: (by: 1 | -1) => void;
  first: () => void;
  last: () => void;
}

function keyStep(e: KeyboardEvent, steps: Steps): (() => void) | null {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  switch (e.key) {
    case "ArrowLeft":
      return e.shiftKey ? () => steps.turn(-1) : () => steps.event(-1);
    case "ArrowRight":
      return e.shiftKey ? () => steps.turn(1) : () => steps.event(1);
    case "ArrowUp":
    case "PageUp":
      return () => steps.turn(-1);
    case "ArrowDown":
    case "PageDown":
      return () => steps.turn(1);
    case "Home":
      return steps.first;
    case "End":
      return steps.last;
    default:
      return null;
  }
}

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return target.type !== "range";
  return target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement || target.isContentEditable;
}

export function useStepKeys(steps: Steps): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typingIn(e.target)) return;
      const step = keyStep(e, steps);
      if (!step) return;
      e.preventDefault();
      step();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [steps]);
}
