// Each seat's clock, counting down once a second while it runs. The bank is computed from the
// server's deadline and the server's time (the local clock may be wrong; only the skew matters).
import { useEffect, useState } from "preact/hooks";
import type { MatchUpdate, SeatClock } from "../gen/wire_pb";
import { formatBank } from "../app/format";
import { paceText } from "../app/pace";

export function remainingSeconds(clock: SeatClock, serverNow: number): number {
  if (!clock.running) return Number(clock.remainingSeconds);
  return Number(clock.deadline) - serverNow;
}

export function Clocks(props: { update: MatchUpdate; skew: number }) {
  const { update } = props;
  const [now, setNow] = useState(() => Date.now() / 1000);
  const ticking = update.clocks.some((c) => c.running);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now() / 1000), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  if (update.clocks.length === 0) return null;
  const serverNow = now + props.skew;
  return (
    <section class="clocks" aria-label="Clocks">
      {update.clocks.map((c) => {
        const side = update.seats.find((s) => s.seat === c.seat)?.side ?? `Seat ${c.seat}`;
        const left = Math.max(remainingSeconds(c, serverNow), c.running ? 0 : -Infinity);
        return (
          <div key={c.seat} class={`clock${c.running ? " running" : ""}`} data-seat={c.seat}>
            <span>{side}</span> <time data-testid={`clock-${c.seat}`}>{formatBank(left)}</time>
            {c.onVacation && <span class="badge">on vacation</span>}
          </div>
        );
      })}
      <p class="hint" data-testid="pace">Pace: {paceText(update.timeControl)}</p>
    </section>
  );
}
