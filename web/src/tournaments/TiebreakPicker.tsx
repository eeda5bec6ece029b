// An ordered multi-select for the tiebreak order: chosen tiebreaks in order (moved up or down,
// or removed), and the others offered to add at the end.
import { TIEBREAKS, tiebreakLabel } from "./format";

// `sides`: the chosen game's side names, for the tiebreaks that count one side's points.
type Props = { value: string[]; sides: readonly string[]; onChange: (order: string[]) => void };

export function TiebreakPicker({ value, sides, onChange }: Props) {
  const move = (index: number, by: number) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    onChange(next);
  };
  const unused = TIEBREAKS.filter((t) => !value.includes(t.id));
  return (
    <div class="tiebreak-picker">
      <ol>
        {value.map((id, i) => (
          <li key={id} data-tiebreak={id}>
            <span>{tiebreakLabel(id, sides)}</span>
            <button type="button" aria-label="earlier" disabled={i === 0} onClick={() => move(i, -1)}>
              ↑
            </button>
            <button type="button" aria-label="later" disabled={i === value.length - 1} onClick={() => move(i, 1)}>
              ↓
            </button>
            <button type="button" aria-label="remove" onClick={() => onChange(value.filter((t) => t !== id))}>
              ✕
            </button>
          </li>
        ))}
      </ol>
      {unused.length > 0 && (
        <select
          aria-label="add a tiebreak"
          value=""
          onChange={(e) => {
            const id = e.currentTarget.value;
            if (id) onChange([...value, id]);
          }}
        >
          <option value="">Add a tiebreak…</option>
          {unused.map((t) => (
            <option key={t.id} value={t.id}>
              {tiebreakLabel(t.id, sides)}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
