// A select of game titles (the create form's and the leaderboard's), naming games by title.
import type { GameInfo } from "../gen/game_pb";

type Props = { games: GameInfo[]; value: string; onChange: (id: string) => void };

export function GameSelect({ games, value, onChange }: Props) {
  return (
    <select name="game" value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      {games.map((g) => (
        <option key={g.id} value={g.id}>
          {g.title}
        </option>
      ))}
    </select>
  );
}
