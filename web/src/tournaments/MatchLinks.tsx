// Links to the matches of one board: game 1, game 2 (mini-match) and any deciders; each opens the
// match page, which lets its players play and everyone else watch.
import { matchHref } from "./format";

export function MatchLinks({ ids }: { ids: bigint[] }) {
  if (ids.length === 0) return null;
  return (
    <span class="match-links">
      {ids.map((id, i) => (
        <a key={String(id)} href={matchHref(id)} data-match={String(id)}>
          {ids.length === 1 ? "match" : `game ${i + 1}`}
        </a>
      ))}
    </span>
  );
}
