// The tracks printed on the Khartoum map, in the empty Libyan desert at its top left, as on a
// real wargame map: the Turn Record Track (nine turns, 26.0; Nile-flood turns marked, 29.11)
// with the turn marker, the Nile indicator, and the Empire's victory point track (27.0) with
// the VP marker and the nine points the Empire needs.
import type { KhartoumView } from "../../gen/khartoum_pb";
import type { TurnInfo } from "../../gen/hand_of_destiny_data_pb";
import type { Box } from "../label-places";

const kTurnW = 96,
  kTurnH = 62,
  kTurnCols = 3;
const kVpBox = 40,
  kVpCols = 11,
  kVpMax = 21;  // every town held: 3 x 3 + 12 x 1

// "Sep-Oct 1883" -> ["Sep–Oct", "1883"]
function turnWords(name: string): [string, string] {
  const space = name.lastIndexOf(" ");
  return space < 0 ? [name, ""] : [name.slice(0, space).replace("-", "–"), name.slice(space + 1)];
}

function TurnTrack({ view, turns, x, y }: { view: KhartoumView; turns: TurnInfo[]; x: number; y: number }) {
  // Without the scenario data (still loading) the track is the view's turn alone.
  const shown = turns.length > 0 ? turns : [{ name: view.turnName, flood: view.nileFlood } as TurnInfo];
  const first = turns.length > 0 ? 1 : view.turn;
  const rows = Math.ceil(shown.length / kTurnCols);
  return (
    <g class="turn-track" transform={`translate(${x} ${y})`} role="img"
      aria-label={`Turn Record Track: turn ${view.turn}${turns.length ? ` of ${turns.length}` : ""}, ${view.turnName}`}>
      <rect x={-8} y={-30} width={kTurnCols * kTurnW + 16} height={rows * kTurnH + 38} rx={4} class="track-frame" />
      <text x={0} y={-9} class="track-title">
        Turn Record Track
      </text>
      {shown.map((t, i) => {
        const n = first + i;
        const [months, year] = turnWords(t.name);
        const current = n === view.turn;
        const bx = (i % kTurnCols) * kTurnW,
          by = Math.floor(i / kTurnCols) * kTurnH;
        return (
          <g
            key={n}
            class={`turn-box${current ? " current" : ""}${t.flood ? " flood" : ""}`}
            data-turn={n}
            transform={`translate(${bx} ${by})`}
          >
            <title>{`Turn ${n}: ${t.name}${t.flood ? ", Nile in flood" : ", Nile low"}`}</title>
            <rect width={kTurnW - 4} height={kTurnH - 4} class="turn-cell" />
            {t.flood && <path d={`M0 ${kTurnH - 14}q6-5 12 0t12 0t12 0t12 0t12 0t12 0t12 0t12 0V${kTurnH - 4}H0Z`} class="turn-flood" />}
            <text x={7} y={20} class="turn-number">
              {n}
            </text>
            <text x={kTurnW - 10} y={20} class="turn-months">
              {months}
            </text>
            <text x={kTurnW - 10} y={38} class="turn-year">
              {year}
            </text>
            {current && (
              <g class="turn-marker" transform="translate(4 26)">
                <rect width={30} height={24} rx={3} />
                <text x={15} y={16}>
                  ▶
                </text>
              </g>
            )}
          </g>
        );
      })}
    </g>
  );
}

function NileIndicator({ flood, x, y }: { flood: boolean; x: number; y: number }) {
  const words = flood
    ? "Nile in flood: Khartoum is a fortress; river boats may go south of Khartoum (29.11)"
    : "Nile low: Khartoum is a town; river boats south of Khartoum cannot move (29.11)";
  return (
    <g class={`nile-flood ${flood ? "in-flood" : "low"}`} data-flood={String(flood)} transform={`translate(${x} ${y})`}
      role="img" aria-label={words}>
      <title>{words}</title>
      <rect x={-8} y={-30} width={120} height={100} rx={4} class="track-frame" />
      <text x={0} y={-9} class="track-title">
        The Nile
      </text>
      <rect width={104} height={58} class="nile-cell" />
      <path d="M8 22q8-8 16 0t16 0t16 0t16 0t16 0t16 0M8 38q8-8 16 0t16 0t16 0t16 0t16 0t16 0" class="nile-waves" />
      <text x={52} y={flood ? 34 : 34} class="nile-state">
        {flood ? "IN FLOOD" : "LOW"}
      </text>
    </g>
  );
}

function VpTrack({ vp, toWin, x, y }: { vp: number; toWin: number; x: number; y: number }) {
  const words = `Empire victory points: ${vp}${toWin ? `; the Empire needs ${toWin} at the end (27.0)` : ""}`;
  const boxes = [];
  for (let n = 0; n <= kVpMax; ++n) {
    const bx = (n % kVpCols) * kVpBox,
      by = Math.floor(n / kVpCols) * kVpBox;
    const current = n === Math.min(vp, kVpMax);
    boxes.push(
      <g key={n} class={`vp-box${current ? " current" : ""}${n === toWin ? " to-win" : ""}`} data-vp={n} transform={`translate(${bx} ${by})`}>
        <rect width={kVpBox - 3} height={kVpBox - 3} class="vp-cell" />
        <text x={(kVpBox - 3) / 2} y={25} class="vp-number">
          {n}
        </text>
        {current && <circle cx={(kVpBox - 3) / 2} cy={(kVpBox - 3) / 2} r={16} class="vp-marker" />}
      </g>,
    );
  }
  const rows = Math.ceil((kVpMax + 1) / kVpCols);
  return (
    <g class="vp-track" data-vp={vp} transform={`translate(${x} ${y})`} role="img" aria-label={words}>
      <title>{words}</title>
      <rect x={-8} y={-30} width={kVpCols * kVpBox + 13} height={rows * kVpBox + 35} rx={4} class="track-frame" />
      <text x={0} y={-9} class="track-title">
        {`Empire Victory Points${toWin ? ` — ${toWin} to win` : ""}`}
      </text>
      {boxes}
    </g>
  );
}

// Where the three are printed, and the frames they take (the turn track's for nine turns, the
// game's length, 26.0): the spaces' names keep off them (names.ts).
const kTurnAt = { x: 28, y: 44 };
const kNileAt = { x: kTurnAt.x + kTurnCols * kTurnW + 24, y: 44 };
const kVpAt = { x: 28, y: 290 };

export function mapTrackFrames(): Box[] {
  const frame = (at: { x: number; y: number }, width: number, height: number): Box =>
    ({ left: at.x - 8, top: at.y - 30, right: at.x - 8 + width, bottom: at.y - 30 + height });
  return [
    frame(kTurnAt, kTurnCols * kTurnW + 16, Math.ceil(9 / kTurnCols) * kTurnH + 38),
    frame(kNileAt, 120, 100),
    frame(kVpAt, kVpCols * kVpBox + 13, Math.ceil((kVpMax + 1) / kVpCols) * kVpBox + 35),
  ];
}

export function MapTracks({ view, turns, toWin }: { view: KhartoumView; turns: TurnInfo[]; toWin: number }) {
  return (
    <g class="map-tracks">
      <TurnTrack view={view} turns={turns} x={kTurnAt.x} y={kTurnAt.y} />
      <NileIndicator flood={view.nileFlood} x={kNileAt.x} y={kNileAt.y} />
      <VpTrack vp={view.empireVp} toWin={toWin} x={kVpAt.x} y={kVpAt.y} />
    </g>
  );
}
