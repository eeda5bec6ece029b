// The prompt's buttons: choices naming a thing on a game's own board are clicked there; where
// the game is shown by the generic board (which has nothing to click), every choice is a button
// and nothing is said to be on the board.
import { describe, expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { anyPack } from "@bufbuild/protobuf/wkt";
import type { VNode } from "preact";
import { LegalChoiceSchema, PromptSchema, type LegalChoice } from "../gen/game_pb";
import { GameViewSchema } from "../gen/view_pb";
import { KhartoumViewSchema } from "../gen/khartoum_pb";
import { hasOwnBoard } from "../boards";
import { compiledViews } from "../views/compiled";
import { decodeView } from "../views/decode";
import { catalogueEntry, dispatchesFile, packedView, serverTypes } from "../views/fixture-schemas";
import { IdlePrompt, PromptPanel, promptButtons } from "./PromptPanel";

const DISPATCHES = "frontier.dispatches.DispatchesView";
const send = (value: number, fort: string, id: string) =>
  create(LegalChoiceSchema, { label: `Send ${value} to ${fort}`, refs: [{ type: "place", id }], action: { kind: 1 } });
const prompt = create(PromptSchema, {
  seat: 0,
  kind: "send",
  text: "Send a dispatch",
  choices: [send(5, "Fort Ali", "fort-a"), send(5, "Fort Baker", "fort-b"), create(LegalChoiceSchema, { label: "Resign" })],
});

// The elements of a rendered tree of one type (the tree as the component returns it: other
// components stay unexpanded, which is all this test needs).
type Props = { children?: unknown; class?: string; onClick?: () => void };
function elements(node: unknown, type: string): VNode<Props>[] {
  if (Array.isArray(node)) return node.flatMap((n) => elements(n, type));
  if (!node || typeof node !== "object" || !("type" in node)) return [];
  const vnode = node as VNode<Props>;
  return [...(vnode.type === type ? [vnode] : []), ...elements(vnode.props.children, type)];
}

const render = (refsOnBoard: boolean, chosen: LegalChoice[] = []) =>
  PromptPanel({ prompts: [prompt], refsOnBoard, onChoose: (c) => chosen.push(c) });
const labels = (tree: unknown) => elements(tree, "button").map((b) => b.props.children);
const hints = (tree: unknown) => elements(tree, "p").filter((p) => p.props.class === "hint");

describe("which choices are buttons", () => {
  test("with a board of the game's own, those naming a thing are left to it", () => {
    expect(promptButtons(prompt, true)).toEqual({ buttons: [prompt.choices[2]], onBoard: 2 });
    const tree = render(true);
    expect(labels(tree)).toEqual(["Resign"]);
    expect(hints(tree)).toHaveLength(1);
  });

  test("choices naming the same thing are buttons too: one spot on the board cannot tell them apart", () => {
    const card = (verb: string) =>
      create(LegalChoiceSchema, { label: `${verb} K-07`, refs: [{ type: "card", id: "K-07" }], action: { kind: 1 } });
    const hold = create(PromptSchema, { seat: 0, kind: "hold_decision", text: "Play the Hold card now, or put it aside",
      choices: [card("Play"), card("Hold"), send(5, "Fort Ali", "fort-a")] });
    expect(promptButtons(hold, true)).toEqual({ buttons: [hold.choices[0], hold.choices[1]], onBoard: 1 });
    // Many alike stay on the board, which asks which is meant.
    const many = create(PromptSchema, { seat: 0, kind: "move", text: "Move",
      choices: Array.from({ length: 14 }, (_, i) => create(LegalChoiceSchema, { label: `Move ${i}`, refs: [{ type: "place", id: `p${i % 7}` }] })) });
    expect(promptButtons(many, true)).toEqual({ buttons: [], onBoard: 14 });
  });

  test("choices naming only things off the map (chips among the tracks) are buttons too", () => {
    const onMap = new Set(["place:fort-a"]);
    expect(promptButtons(prompt, true, onMap)).toEqual({ buttons: [prompt.choices[1], prompt.choices[2]], onBoard: 1 });
    // Before the map is read, or with everything on it, nothing changes.
    expect(promptButtons(prompt, true, undefined)).toEqual({ buttons: [prompt.choices[2]], onBoard: 2 });
    expect(promptButtons(prompt, true, new Set(["place:fort-a", "place:fort-b"]))).toEqual({ buttons: [prompt.choices[2]], onBoard: 2 });
  });

  test("with nothing to decide, the panel says the computer is thinking and shows its last move", () => {
    const text = (tree: unknown) => JSON.stringify(elements(tree, "p").map((p) => p.props.children));
    const idle = IdlePrompt({
      waiting: { computer: true, toPlay: "Empire to play", latest: "Empire moves RMLI to Suakin" } });
    expect(text(idle)).toContain("The computer is thinking…");
    expect(text(idle)).toContain("Empire moves RMLI to Suakin");
    const person = IdlePrompt({
      waiting: { computer: false, toPlay: "Empire to play" } });
    expect(text(person)).toContain("Nothing for you to do now: Empire to play.");
  });

  test("without one, every choice is a button and no hint points at the board", () => {
    expect(promptButtons(prompt, false)).toEqual({ buttons: prompt.choices, onBoard: 0 });
    const chosen: LegalChoice[] = [];
    const tree = render(false, chosen);
    expect(labels(tree)).toEqual(["Send 5 to Fort Ali", "Send 5 to Fort Baker", "Resign"]);
    expect(hints(tree)).toEqual([]);
    elements(tree, "button")[1].props.onClick?.();
    expect(chosen).toEqual([prompt.choices[1]]);
  });
});

describe("the match page asks for all the buttons exactly when the generic board shows the game", () => {
  test("a game drawn by the generic board (no folder of its own)", () => {
    const game = catalogueEntry("dispatches", "Dispatches (test game)", DISPATCHES, [dispatchesFile]);
    const view = decodeView(packedView(serverTypes(dispatchesFile), DISPATCHES, { round: 1 }), compiledViews, game);
    expect(view.status).toBe("decoded");
    expect(hasOwnBoard(view)).toBe(false);
  });

  test("a game with its own board, and a view not yet readable", () => {
    const khartoum = create(GameViewSchema, { payload: anyPack(KhartoumViewSchema, create(KhartoumViewSchema, { turn: 1 })) });
    expect(hasOwnBoard(decodeView(khartoum, compiledViews, undefined))).toBe(true);
    const waiting = decodeView(packedView(serverTypes(dispatchesFile), DISPATCHES, {}), compiledViews, undefined);
    expect(hasOwnBoard(waiting)).toBe(false);
  });
});
