// A safety net under every board: a ref that some legal choice names but that the picture does
// not draw (a unit in a box the view lists only by name, say) still gets one clickable chip, so
// a choice that names a thing is always a thing to click.
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import type { Picker } from "./clickable";
import { refAttributes } from "./clickable";
import { Section } from "./panel";

interface Props {
  picker: Picker;
  drawn: Set<string>;  // the data-ref keys the board drew
  // A readable name for a ref, if the board knows one; else the chip reads as the choice naming
  // it does (an id is no name for a person).
  name: (type: string, id: string) => string | false | undefined;
}

export function LeftoverRefs({ picker, drawn, name }: Props) {
  const left = [...picker.byRef.keys()].filter((key) => !drawn.has(key));
  if (left.length === 0) return null;
  return (
    <Section title="Also to choose">
      <div class="chips">
        {left.map((key) => {
          const colon = key.indexOf(":");
          const type = key.slice(0, colon),
            id = key.slice(colon + 1);
          const label = name(type, id) || picker.byRef.get(key)![0].label;
          return (
            <span key={key} {...refAttributes(picker, type, id, "chip", label)} title={label}>
              {label}
            </span>
          );
        })}
      </div>
    </Section>
  );
}

interface FrameProps extends Props {
  game: string;
  picture: ComponentChildren;  // the map
  children: ComponentChildren;  // the tracks
  dock?: ComponentChildren;  // the prompt, on a phone (board.ts)
}

// The frame every board shares: the picture, and beside it the leftover refs over the tracks.
export function BoardFrame({ game, picture, children, dock, ...leftover }: FrameProps) {
  const map = useRef<HTMLDivElement>(null);
  useEffect(() => centre(map.current), []);
  useEffect(() => showChoices(map.current), [leftover.picker.byRef]);
  return (
    // The frame is the container the board's layout asks for its width (boards.css).
    <div class="board-frame">
      <div class={`board board-${game}`}>
        <div class="board-map" ref={map}>{picture}</div>
        {dock && <div class="board-dock">{dock}</div>}
        <aside class="board-side">
          <LeftoverRefs {...leftover} />
          {children}
        </aside>
      </div>
    </div>
  );
}

// The box the map scrolls in on a phone (null where it fits: a wide screen).
function scrollBox(map: HTMLDivElement | null): HTMLElement | null {
  if (!map) return null;
  const box = map.querySelector<HTMLElement>(".pan-zoom-scroll") ?? map;
  return box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight ? box : null;
}

// The map opens at its middle (the palace, Khartoum, Central Asia), not its corner.
function centre(map: HTMLDivElement | null) {
  const box = scrollBox(map);
  box?.scrollTo({ left: (box.scrollWidth - box.clientWidth) / 2, top: (box.scrollHeight - box.clientHeight) / 2 });
}

// On a phone the map is larger than its box (boards.css): when nothing a choice names is wholly
// in sight there, the box scrolls (itself, not the page) to centre the first thing that is. With
// no choice to make, the battle being fought (its ring) is what the player wants to see.
function showChoices(map: HTMLDivElement | null) {
  const box = scrollBox(map);
  if (!box) return;
  const seen = box.getBoundingClientRect();
  const boxes = (selector: string) => [...box.querySelectorAll(selector)].map((el) => el.getBoundingClientRect());
  const chosen = boxes(".choosable");
  const targets = chosen.length > 0 ? chosen : boxes(".battle-ring");
  const inSight = (r: DOMRect) => r.left >= seen.left && r.right <= seen.right && r.top >= seen.top && r.bottom <= seen.bottom;
  if (targets.length === 0 || targets.some(inSight)) return;
  const first = targets[0];
  box.scrollTo({
    left: box.scrollLeft + first.left + first.width / 2 - (seen.left + seen.width / 2),
    top: box.scrollTop + first.top + first.height / 2 - (seen.top + seen.height / 2),
  });
}
