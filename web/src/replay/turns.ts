// Where the turns of a match begin, for stepping a replay by whole turns. The server tells the
// turn of one event at a time (FetchViewAt's game status), and a match's turn never goes back
// along its standing history, so the start of a turn is found by binary search: a dozen
// requests for a match of thousands of events, and each event's turn is asked at most once.
export class TurnIndex {
  private readonly turns = new Map<number, number>();

  constructor(private readonly fetchTurn: (seq: number) => Promise<number>) {}

  // A turn already known (from a frame the page fetched anyway).
  remember(seq: number, turn: number): void {
    this.turns.set(seq, turn);
  }

  async turnAt(seq: number): Promise<number> {
    const known = this.turns.get(seq);
    if (known !== undefined) return known;
    const turn = await this.fetchTurn(seq);
    this.turns.set(seq, turn);
    return turn;
  }

  // The first event in from..to whose turn is at least `turn`, or null when there is none.
  private async firstAtLeast(turn: number, from: number, to: number): Promise<number | null> {
    let found: number | null = null;
    let low = from;
    let high = to;
    while (low <= high) {
      const middle = Math.floor((low + high) / 2);
      if ((await this.turnAt(middle)) >= turn) {
        found = middle;
        high = middle - 1;
      } else {
        low = middle + 1;
      }
    }
    return found;
  }

  // The event that begins the turn after the one `seq` is in; the last event in the last turn.
  async nextTurnStart(seq: number, last: number): Promise<number> {
    if (seq >= last) return last;
    const turn = await this.turnAt(seq);
    return (await this.firstAtLeast(turn + 1, seq + 1, last)) ?? last;
  }

  // The event that begins the turn before the one `seq` is in (a turn the game skipped is no
  // stop); the set-up in the first turn.
  async previousTurnStart(seq: number): Promise<number> {
    if (seq <= 0) return 0;
    const turn = await this.turnAt(seq);
    const thisTurn = (await this.firstAtLeast(turn, 0, seq)) ?? seq;
    if (thisTurn === 0) return 0;
    const before = await this.turnAt(thisTurn - 1);
    return (await this.firstAtLeast(before, 0, thisTurn - 1)) ?? 0;
  }
}
