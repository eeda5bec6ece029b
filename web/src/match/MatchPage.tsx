// A match as its player (or a spectator) sees it: the board with the clickable legal choices,
// the prompt and its buttons, clocks, the log and chat beside the board, and the match controls.
// Rule numbers anywhere on it link to the rule's text (rules/RuleLinks.tsx); a unit or card that
// is not a choice opens its details on a click (inspect/Inspector.tsx); a choice that ends a phase
// with something left undone asks first (phaseEndWarning.ts).
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Connection } from "../net/connection";
import type { SessionUser } from "../app/session";
import type { LegalChoice } from "../gen/game_pb";
import { MatchStatus } from "../gen/wire_pb";
import { useGames, gameTitle, scenarioName } from "../app/games";
import { links } from "../app/router";
import { sidesToPlay, toPlayText } from "../app/toPlay";
import { Board, hasOwnBoard } from "../boards";
import { useMatch } from "./useMatch";
import { PromptPanel } from "./PromptPanel";
import { ChoiceChooser } from "./ChoiceChooser";
import { LogPanel } from "./LogPanel";
import { ChatPanel } from "./ChatPanel";
import { Clocks } from "./Clocks";
import { MatchControls, UndoButton } from "./MatchControls";
import { MatchStatusLine } from "./MatchStatusLine";
import { PlayAgain } from "./PlayAgain";
import { InviteLink } from "../lobby/InviteLink";
import { RuleLinks, RuleText } from "../rules/RuleLinks";
import { InspectContext } from "../inspect/context";
import { Inspector } from "../inspect/Inspector";
import { useInspection } from "../inspect/useInspection";
import { phaseEndWarning } from "./phaseEndWarning";
import { ConfirmChoice } from "./ConfirmChoice";
import { usePhone } from "../app/usePhone";
import { decodedOf } from "../views/decode";
import { useDecodedView } from "../views/useDecodedView";
import { SideColumn } from "../boards/side-column";
import { useDockHeight } from "./useDockHeight";

export function MatchPage(props: { conn: Connection; user: SessionUser | null; matchId: bigint; invite: string }) {
  const [state, controls] = useMatch(props.conn, props.user, props.matchId, props.invite);
  const games = useGames(props.conn);
  const [several, setSeveral] = useState<LegalChoice[]>([]);
  const [confirming, setConfirming] = useState<{ question: string; choice: LegalChoice } | null>(null);
  const inspection = useInspection();
  const phone = usePhone();
  // Where a board puts its battle panel on a wide screen: the sticky side column, by the prompt.
  const [battleSlot, setBattleSlot] = useState<HTMLElement | null>(null);
  const dockRef = useDockHeight(phone);
  const update = state.update;
  const game = games?.games.find((g) => g.id === update?.game);
  const view = useDecodedView(update?.view, game);
  // The refs the map itself draws, read from the page once it is drawn: a choice naming only
  // things off the map (chips among the tracks) gets a prompt button too (PromptPanel.tsx).
  const [onMap, setOnMap] = useState<ReadonlySet<string> | undefined>(undefined);
  useEffect(() => {
    const map = document.querySelector(".board-area .board-map");
    const refs = map ? [...map.querySelectorAll("[data-ref]")].map((el) => el.getAttribute("data-ref") ?? "") : [];
    setOnMap((before) => (map ? sameSet(before, refs) ?? new Set(refs) : undefined));
  });
  // A question about a click belongs to the position it was asked in.
  useEffect(() => {
    setSeveral([]);
    setConfirming(null);
  }, [update?.seq]);
  // The board is redrawn only when its own props change (boards/index.tsx): these stay the same
  // objects until the update does, and its click handler is one function for the page's life.
  const choices = useMemo(() => update?.prompts.flatMap((p) => p.choices) ?? [], [update]);
  const toPlay = useMemo(() => (update ? sidesToPlay(update.gameStatus, update.seats) : []), [update]);
  const chooseNow = useRef<(list: LegalChoice[]) => void>(() => undefined);
  const onBoardChoose = useCallback((list: LegalChoice[]) => chooseNow.current(list), []);

  if (!update) {
    return (
      <section>
        <h1>Match {props.matchId.toString()}</h1>
        {state.error ? <p class="error" role="alert">{state.error}</p> : <p>Loading…</p>}
      </section>
    );
  }

  const decoded = decodedOf(view);
  // Every choice goes out through here: one that ends a phase early asks first.
  const send = (choice: LegalChoice) => {
    const question = phaseEndWarning(decoded, update.prompts, choice);
    if (question) setConfirming({ question, choice });
    else void controls.choose(choice);
  };
  const confirmed = (choice: LegalChoice) => {
    setConfirming(null);
    void controls.choose(choice);
  };
  const choose = (list: LegalChoice[]) => {
    if (list.length === 1) send(list[0]);
    else if (list.length > 1) setSeveral(list);
  };
  chooseNow.current = choose;
  const pick = (choice: LegalChoice) => {
    setSeveral([]);
    send(choice);
  };
  // With nothing to decide: who is to play, whether that is the computer, and its latest move.
  const computerToPlay = update.status === MatchStatus.RUNNING && (update.gameStatus?.activeSeats ?? [])
    .some((seat) => update.seats.find((s) => s.seat === seat)?.bot);
  const waiting = { computer: computerToPlay, toPlay: toPlayText(toPlay), latest: state.log.at(-1)?.text };
  // The prompt (with Undo) and the questions about a click: at the head of the sticky side column
  // on a wide screen, docked at the bottom of the screen on a phone.
  const decision = (
    <>
      <PromptPanel prompts={update.prompts} refsOnBoard={hasOwnBoard(view)} onMap={onMap} onChoose={(c) => pick(c)}
        waiting={waiting}>
        <UndoButton update={update} seated={state.seated} onRequest={controls.request} />
      </PromptPanel>
      {several.length > 0 && <ChoiceChooser choices={several} onPick={pick} onCancel={() => setSeveral([])} />}
      {confirming && <ConfirmChoice question={confirming.question} choice={confirming.choice} onConfirm={confirmed}
        onCancel={() => setConfirming(null)} />}
    </>
  );
  const docked = <div class="match-dock" ref={dockRef}>{decision}</div>;
  const yourSide = update.seats.find((s) => s.seat === update.yourSeat)?.side;

  return (
    <RuleLinks game={update.game}>
    <InspectContext.Provider value={inspection.open}>
    <div class="match" data-game={update.game} data-seq={update.seq}>
      <header class="match-header">
        <h1>
          {gameTitle(games, update.game)} — {scenarioName(game, update.scenario)}{" "}
          <span class="muted">#{update.matchId.toString()}</span>
        </h1>
        <p data-testid="your-side">{yourSide ? `You play ${yourSide}.` : "You are watching."}</p>
        <MatchStatusLine update={update} />
        {update.inviteCode && update.status === MatchStatus.OPEN && <InviteLink matchId={update.matchId} code={update.inviteCode} />}
        {/* A spectator of a private match keeps its code: the replay needs it to watch as well. */}
        {update.status === MatchStatus.FINISHED && <a href={links.replay(update.matchId, props.invite)}>Replay and verify dice</a>}
        {update.status === MatchStatus.RUNNING && (
          <a href={links.replay(update.matchId, props.invite)}>
            {update.yourSeat >= 0 ? "Step back through your moves" : "Step back through the match"}
          </a>
        )}
      </header>
      {state.error && (
        <p class="error" role="alert">
          <RuleText text={state.error} /> <button type="button" onClick={controls.clearError}>Dismiss</button>
        </p>
      )}
      <div class="match-body">
        <SideColumn.Provider value={phone ? null : battleSlot}>
        <div class="board-area" id="board" tabIndex={-1} role="region" aria-label="Board" {...inspection.boardHandlers}>
          {view && (
            <Board view={view} choices={choices} onChoose={onBoardChoose} yourSeat={update.yourSeat}
              toPlay={toPlay} phase={update.gameStatus?.phase ?? ""} log={state.log} />
          )}
        </div>
        </SideColumn.Provider>
        {phone && docked}
        <aside class="side-panel" aria-label="Prompt, clocks, log and chat">
          {!phone && decision}
          {!phone && <div class={`board board-${update.game} side-slot`} ref={setBattleSlot} />}
          <Clocks update={update} skew={state.clockSkew} />
          {inspection.inspected && decoded && <Inspector view={decoded} target={inspection.inspected} onClose={inspection.close} />}
          <MatchControls update={update} user={props.user} seated={state.seated} onRequest={controls.request}
            onTakeSeat={controls.takeSeat} />
          {state.seated && <PlayAgain conn={props.conn} update={update} />}
          <LogPanel log={state.log} />
          <ChatPanel chat={state.chat} canChat={props.user !== null}
            onSend={(text) => controls.request({ case: "sendChat", value: { matchId: update.matchId, text } })} />
        </aside>
      </div>
    </div>
    </InspectContext.Provider>
    </RuleLinks>
  );
}

// `before` when it holds exactly `now`'s keys (no new state, no render), else undefined.
function sameSet(before: ReadonlySet<string> | undefined, now: string[]): ReadonlySet<string> | undefined {
  return before && before.size === new Set(now).size && now.every((k) => before.has(k)) ? before : undefined;
}
