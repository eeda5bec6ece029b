// A dialog that appears takes the keyboard focus (WCAG 2.4.3), so that a screen reader reads it
// and Tab moves through its buttons. `autofocus` does not do it: browsers honour that attribute
// only once per page load, not for an element added later.
import { useEffect, useRef } from "preact/hooks";

export function useFocusOnShow<T extends HTMLElement>() {
  const el = useRef<T>(null);
  useEffect(() => {
    el.current?.focus({ preventScroll: true });
  }, []);
  return el;
}
