// The connection's recovery on a site of several nodes: MATCH_MOVED (another node runs the match
// now) or UNAVAILABLE (the database is down) drops the socket, and the usual reconnect follows with
// back-off — kept, not reset, while the match is still not served — and tells the pages to
// resubscribe from their last seq. A fake WebSocket stands in for the browser's.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { create, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { ClientMessageSchema, ErrorCode, ServerMessageSchema, type ClientMessage } from "../gen/wire_pb";
import { Connection, ServerError } from "./connection";

class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static made: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  binaryType = "";
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: ArrayBuffer }) => void) | null = null;
  onclose: (() => void) | null = null;
  sent: ClientMessage[] = [];
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(bytes: Uint8Array): void {
    this.sent.push(fromBinary(ClientMessageSchema, bytes));
  }
  close(): void {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
  // The server accepts the socket and answers its Hello.
  accept(): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
    const hello = this.sent.find((m) => m.body.case === "hello");
    this.reply({ requestId: hello!.requestId, body: { case: "hello", value: { protocolVersion: 1 } } });
  }
  reply(m: MessageInitShape<typeof ServerMessageSchema>): void {
    const bytes = toBinary(ServerMessageSchema, create(ServerMessageSchema, m));
    this.onmessage?.({ data: bytes.slice().buffer });
  }
  last(): ClientMessage {
    return this.sent[this.sent.length - 1];
  }
}

describe("Connection on several nodes", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.made = [];
    vi.stubGlobal("WebSocket", FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test("MATCH_MOVED or UNAVAILABLE reconnects by itself, with back-off, and the pages resubscribe", async () => {
    const conn = new Connection("ws://site/ws");
    const opened = conn.open();
    FakeSocket.made[0].accept();
    await opened;
    const states: boolean[] = [];
    conn.onState((up) => states.push(up));

    // A push: the node this socket reached lost the match.
    FakeSocket.made[0].reply({ requestId: 0n, body: { case: "error", value: { code: ErrorCode.MATCH_MOVED } } });
    expect(FakeSocket.made[0].readyState).toBe(FakeSocket.CLOSED);
    expect(states).toEqual([false]);
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1].accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual([false, true]);  // the match page rejoins from its last seq now

    // The rejoin is refused while the database is down: the back-off grows instead of restarting.
    const join = conn.request({ case: "joinMatch", value: { matchId: 7n, sinceSeq: 12 } });
    await vi.advanceTimersByTimeAsync(0);  // request() sends once open() has resolved
    const asked = FakeSocket.made[1].last();
    expect(asked.body.case).toBe("joinMatch");
    FakeSocket.made[1].reply({
      requestId: asked.requestId,
      body: { case: "error", value: { code: ErrorCode.UNAVAILABLE, message: "database down" } },
    });
    await expect(join).rejects.toSatisfy((e) => e instanceof ServerError && e.code === ErrorCode.UNAVAILABLE);
    expect(FakeSocket.made[1].readyState).toBe(FakeSocket.CLOSED);
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.made).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.made).toHaveLength(3);
    FakeSocket.made[2].accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual([false, true, false, true]);

    // Served again: an update answers the join, and the next drop waits 500 ms again.
    const again = conn.request({ case: "joinMatch", value: { matchId: 7n, sinceSeq: 12 } });
    await vi.advanceTimersByTimeAsync(0);
    const rejoin = FakeSocket.made[2].last();
    FakeSocket.made[2].reply({ requestId: rejoin.requestId, body: { case: "update", value: { matchId: 7n, seq: 14 } } });
    await again;
    FakeSocket.made[2].close();
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.made).toHaveLength(4);
  });

  test("other errors leave the socket open", async () => {
    const conn = new Connection("ws://site/ws");
    const opened = conn.open();
    FakeSocket.made[0].accept();
    await opened;
    const r = conn.request({ case: "joinMatch", value: { matchId: 7n } });
    await vi.advanceTimersByTimeAsync(0);
    const asked = FakeSocket.made[0].last();
    FakeSocket.made[0].reply({ requestId: asked.requestId, body: { case: "error", value: { code: ErrorCode.MATCH_FULL } } });
    await expect(r).rejects.toBeInstanceOf(ServerError);
    expect(FakeSocket.made[0].readyState).toBe(FakeSocket.OPEN);
  });
});
