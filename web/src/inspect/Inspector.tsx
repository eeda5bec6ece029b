// The details of a unit or a card the player clicked: what the seat's view (and the game's printed
// data: unit values, card texts, the BRT) says about it, never more. A board element that is a
// legal choice still makes the choice when clicked; the inspector opens on a click on any other
// unit or card, and on a right click or long press (the context menu) on any unit or card.
import { boardFor } from "../boards/found";
import type { DecodedView } from "../views/decode";
import type { InspectTarget } from "./context";
import { DetailRows, type Details } from "./Details";
import { useFocusOnShow } from "../app/useFocusOnShow";

const inspectable = new Set(["unit", "card", "agent"]);

// The unit or card a click on the board landed on, if any: the nearest element with a data-ref.
export function inspectTargetOf(event: Event): InspectTarget | null {
  const el = (event.target as Element | null)?.closest?.("[data-ref]");
  const ref = el?.getAttribute("data-ref");
  if (!ref) return null;
  const colon = ref.indexOf(":");
  const type = ref.slice(0, colon);
  return inspectable.has(type) ? { type, id: ref.slice(colon + 1) } : null;
}

// A plain click on an element that is a legal choice is the choice (its own handler takes it
// first and stops it); any other click on a unit or card opens its details.
export function isChoice(event: Event): boolean {
  return !!(event.target as Element | null)?.closest?.("[data-ref].choosable");
}

// The body comes from the game's board (boards/<game>/details.tsx); a game without one has nothing
// more to show than its board.
export function Inspector({ view, target, onClose }: { view: DecodedView; target: InspectTarget; onClose: () => void }) {
  const close = useFocusOnShow<HTMLButtonElement>();
  const body = boardFor(view.schema.typeName)?.details(view, target) ?? null;
  return (
    <div class="popover inspector" role="dialog" aria-label="Details" data-inspect={`${target.type}:${target.id}`}>
      <header>
        <span class="muted">{target.type}</span>
        <button type="button" onClick={onClose} ref={close}>Close</button>
      </header>
      {body ?? <p>Nothing more to show.</p>}
    </div>
  );
}

// One inspector body: its title and rows, or a note when the view does not hold the thing.
export function DetailsView({ details }: { details: Details | null }) {
  if (!details) return <p>Nothing more to show: your view does not hold it.</p>;
  return (
    <>
      <h2>{details.title}</h2>
      <DetailRows rows={details.rows} />
    </>
  );
}
