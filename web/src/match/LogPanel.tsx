// The game's log as this seat may read it, newest at the bottom, kept scrolled to the end. Only
// the list scrolls itself: scrolling its last line into view would scroll the window too, and a
// phone's page would jump down to the log at every move (issue 49).
import { useEffect, useRef } from "preact/hooks";
import type { LogEntry } from "../gen/game_pb";
import { RuleText } from "../rules/RuleLinks";

export function LogPanel(props: { log: LogEntry[] }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [props.log.length]);
  return (
    <section class="log" aria-label="Log">
      <h2>Log</h2>
      <ol ref={list}>
        {props.log.map((e, i) => (
          <li key={i} data-seq={e.seq}>
            <span class="muted">{e.seq}</span> <RuleText text={e.text} />
          </li>
        ))}
      </ol>
    </section>
  );
}
