// Pan (drag) and zoom (wheel, +/- buttons) of an SVG board by moving its viewBox. A drag that
// moved the board is not also a click on whatever was under the pointer.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const kMaxZoom = 8;
const kDragThreshold = 4;  // pixels before a press becomes a drag

function clamp(box: Box, width: number, height: number): Box {
  const w = Math.min(width, Math.max(width / kMaxZoom, box.w));
  const h = (w * height) / width;
  // Keep at least half a view of the board on screen.
  const x = Math.min(width - w / 2, Math.max(-w / 2, box.x));
  const y = Math.min(height - h / 2, Math.max(-h / 2, box.y));
  return { x, y, w, h };
}

interface Props {
  width: number;  // board size in SVG units
  height: number;
  label: string;  // what the picture is, for screen readers
  class?: string;
  children: ComponentChildren;
}

export function PanZoomSvg({ width, height, label, class: className, children }: Props) {
  const [box, setBox] = useState<Box>({ x: 0, y: 0, w: width, h: height });
  const svg = useRef<SVGSVGElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; box: Box; moved: boolean } | null>(null);
  const suppressClick = useRef(false);

  useEffect(() => setBox({ x: 0, y: 0, w: width, h: height }), [width, height]);

  // Zoom by `factor` (<1 zooms in) keeping the board point under (clientX, clientY) in place.
  const zoomAt = (factor: number, clientX?: number, clientY?: number) => {
    setBox((b) => {
      const rect = svg.current?.getBoundingClientRect();
      let fx = 0.5,
        fy = 0.5;
      if (rect && clientX !== undefined && clientY !== undefined && rect.width > 0 && rect.height > 0) {
        fx = (clientX - rect.left) / rect.width;
        fy = (clientY - rect.top) / rect.height;
      }
      const w = b.w * factor;
      const h = b.h * factor;
      return clamp({ x: b.x + (b.w - w) * fx, y: b.y + (b.h - h) * fy, w, h }, width, height);
    });
  };

  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    // Registered by hand: the page must not scroll while the wheel zooms (needs passive: false).
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      zoomAt(e.deltaY < 0 ? 0.8 : 1.25, e.clientX, e.clientY);
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, [width, height]);

  const onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    // On a phone the map is drawn larger than the screen in a box of its own that a finger
    // scrolls (boards.css): a touch there scrolls that box rather than panning the picture.
    const area = scroller.current;
    if (e.pointerType === "touch" && area && (area.scrollWidth > area.clientWidth || area.scrollHeight > area.clientHeight)) return;
    drag.current = { x: e.clientX, y: e.clientY, box, moved: false };
    suppressClick.current = false;
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    const rect = svg.current?.getBoundingClientRect();
    if (!d || !rect || rect.width === 0) return;
    const dx = e.clientX - d.x,
      dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < kDragThreshold) return;
    if (!d.moved) svg.current?.setPointerCapture(e.pointerId);
    d.moved = true;
    // The viewBox is scaled to fit ("meet"): one screen pixel is the larger ratio in board units.
    const scale = Math.max(d.box.w / rect.width, d.box.h / rect.height);
    setBox(clamp({ ...d.box, x: d.box.x - dx * scale, y: d.box.y - dy * scale }, width, height));
  };
  const onPointerUp = () => {
    suppressClick.current = drag.current?.moved ?? false;
    drag.current = null;
  };
  const onClickCapture = (e: Event) => {
    if (!suppressClick.current) return;
    suppressClick.current = false;
    e.stopPropagation();
    e.preventDefault();
  };

  return (
    <div class={`pan-zoom ${className ?? ""}`}>
      {/* On a phone the map scrolls in this box: a keyboard reaches it too (WCAG 2.1.1). */}
      <div class="pan-zoom-scroll" ref={scroller} tabIndex={0}>
      <svg
        ref={svg}
        class="board-svg"
        style={{ "--aspect": `${width} / ${height}` }}
        viewBox={`${box.x} ${box.y} ${box.w} ${box.h}`}
        role="group"
        aria-label={label}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onClickCapture={onClickCapture}
      >
        {children}
      </svg>
      </div>
      <div class="zoom-buttons">
        <button type="button" title="Zoom in" aria-label="Zoom in" onClick={() => zoomAt(0.8)}>
          +
        </button>
        <button type="button" title="Zoom out" aria-label="Zoom out" onClick={() => zoomAt(1.25)}>
          −
        </button>
        <button
          type="button"
          title="Whole board"
          aria-label="Show the whole board"
          onClick={() => setBox({ x: 0, y: 0, w: width, h: height })}
        >
          ⤢
        </button>
      </div>
    </div>
  );
}
