// The board of a game this client has no board for: its view as readable panels, whatever the
// view's type (the wording is generic-panels.ts's). Nothing on it is clickable: the match page
// then shows every choice as a button (match/PromptPanel.tsx).
import { useMemo } from "preact/hooks";
import type { DecodedView } from "../views/decode";
import { isEmpty, panelsOf, type Card, type Fact, type Panels, type Table } from "./generic-panels";
import { words } from "./words";

export function GenericBoard({ view }: { view: DecodedView }) {
  const panels = useMemo(() => panelsOf(view.schema, view.message), [view]);
  return (
    <section class="board board-generic" aria-label={words(view.schema.name)}>
      {isEmpty(panels) ? <p class="muted">Nothing to show yet.</p> : <PanelsView panels={panels} />}
    </section>
  );
}

function PanelsView({ panels }: { panels: Panels }) {
  return (
    <>
      {panels.facts.length > 0 && <Facts facts={panels.facts} />}
      {panels.sections.map((s, i) =>
        s.kind === "table" ? <TableView key={`${i}:${s.label}`} table={s} /> : <CardView key={`${i}:${s.label}`} card={s} />,
      )}
    </>
  );
}

function Facts({ facts }: { facts: Fact[] }) {
  return (
    <table class="key-values">
      <tbody>
        {facts.map((f, i) => (
          <tr key={`${i}:${f.label}`}>
            <th scope="row">{f.label}</th>
            <td>{f.text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TableView({ table }: { table: Table }) {
  return (
    <table class="generic-table">
      <caption>{table.label}</caption>
      <thead>
        <tr>
          {table.rowHeading && <th scope="col">{table.rowHeading}</th>}
          {table.columns.map((c) => (
            <th scope="col" key={c}>{c}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, i) => (
          <tr key={`${i}:${row.heading ?? ""}`}>
            {table.rowHeading && <th scope="row">{row.heading}</th>}
            {row.cells.map((c, j) => (
              <td key={j}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CardView({ card }: { card: Card }) {
  return (
    <section class="panel-section generic-card" aria-label={card.label}>
      <h3>{card.label}</h3>
      <PanelsView panels={card.panels} />
    </section>
  );
}
