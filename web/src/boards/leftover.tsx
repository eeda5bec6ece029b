// A safety net under every board: a ref that some legal choice names but that the picture does
// not draw (a unit in a box the view lists only by name, say) still gets one clickable chip, so
// a choice that names a thing is always a thing to click.
import type { ComponentChildren } from "preact";
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
  return (
    // The frame is the container the board's layout asks for its width (boards.css).
    <div class="board-frame">
      <div class={`board board-${game}`}>
        <div class="board-map">{picture}</div>
        {dock && <div class="board-dock">{dock}</div>}
        <aside class="board-side">
          <LeftoverRefs {...leftover} />
          {children}
        </aside>
      </div>
    </div>
  );
}
