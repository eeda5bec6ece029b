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
  // Where the map opens on a phone: a selector of the player's own pieces (their middle), else the
  // map's middle.
  home?: string;
  // Whether the game data the picture draws from has arrived (static-data.ts): until then parts of
  // it (a track's turns, the names) are missing. Marked on the map as data-complete, which the
  // browser tests' time to the board waits for (web/tests/board-load.test.mjs).
  complete: boolean;
  // The map itself scrolls in its box on a phone (the board's own CSS makes it so, the Lion's):
  // then a keyboard must reach the box too (WCAG 2.1.1).
  mapScrolls?: boolean;
}

// The frame every board shares: the picture, and beside it the leftover refs over the tracks.
export function BoardFrame({ game, picture, children, home, complete, mapScrolls, ...leftover }: FrameProps) {
  const map = useRef<HTMLDivElement>(null);
  useEffect(() => centre(map.current, home), []);
  useEffect(() => showChoices(map.current), [leftover.picker.byRef]);
  return (
    // The frame is the container the board's layout asks for its width (boards.css).
    <div class="board-frame">
      <div class={`board board-${game}`}>
        <div class="board-map" ref={map} tabIndex={mapScrolls ? 0 : undefined}
          data-complete={complete ? "" : undefined}>{picture}</div>
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

// The map opens at the player's own pieces where the board names them (Asia Crossroads: British
// India or the Russian steppe), else at its middle (the palace, Khartoum), not its corner.
function centre(map: HTMLDivElement | null, home: string | undefined) {
  const box = scrollBox(map);
  if (!box) return;
  const own = home ? [...box.querySelectorAll(home)].map((el) => el.getBoundingClientRect()) : [];
  if (own.length === 0) {
    box.scrollTo({ left: (box.scrollWidth - box.clientWidth) / 2, top: (box.scrollHeight - box.clientHeight) / 2 });
    return;
  }
  const seen = box.getBoundingClientRect();
  const mid = (lo: (r: DOMRect) => number, size: (r: DOMRect) => number) =>
    own.reduce((sum, r) => sum + lo(r) + size(r) / 2, 0) / own.length;
  box.scrollTo({
    left: box.scrollLeft + mid((r) => r.left, (r) => r.width) - (seen.left + seen.width / 2),
    top: box.scrollTop + mid((r) => r.top, (r) => r.height) - (seen.top + seen.height / 2),
  });
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
