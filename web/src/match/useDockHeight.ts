// On a phone the prompt is docked at the bottom of the screen (styles.css, .match-dock): the page
// keeps room for it underneath (its height as --dock-height on the document), so the last of
// the page can be scrolled above it and the map's box fits between the top and the dock.
import { useEffect, useRef } from "preact/hooks";

export function useDockHeight(phone: boolean) {
  const dock = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = document.documentElement.style;
    const el = dock.current;
    if (!phone || !el) {
      root.removeProperty("--dock-height");
      return;
    }
    const set = () => root.setProperty("--dock-height", `${Math.ceil(el.getBoundingClientRect().height)}px`);
    set();
    const watcher = new ResizeObserver(set);
    watcher.observe(el);
    return () => {
      watcher.disconnect();
      root.removeProperty("--dock-height");
    };
  });
  return dock;
}
