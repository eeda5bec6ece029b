// The browser's one WebSocket to frontierd: requests matched to replies by request_id, pushes
// (match updates, chat, notifications) handed to listeners, and a reconnect with back-off that
// says Hello again (the session cookie authenticates it) and lets pages resubscribe.
import { create, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import {
  ClientMessageSchema,
  ErrorCode,
  type HelloReply,
  type ServerMessage,
  ServerMessageSchema,
} from "../gen/wire_pb";
import { socketUrl, takeEarlySocket } from "./early-socket";

export const PROTOCOL_VERSION = 1;

// The body of a ClientMessage as an init shape: { case: "login", value: { name, password } }.
export type RequestBody = MessageInitShape<typeof ClientMessageSchema>["body"];
export type ReplyBody = ServerMessage["body"];
export type ReplyCase = NonNullable<ReplyBody["case"]>;
export type ReplyOf<K extends ReplyCase> = Extract<ReplyBody, { case: K }>["value"];

// A refused request: the server's typed error, kept whole so pages can react to the code.
export class ServerError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly reply: ServerMessage,
  ) {
    super(message || ErrorCode[code]);
  }
}

type Pending = { resolve: (m: ServerMessage) => void; reject: (e: Error) => void };
type PushListener = (m: ServerMessage) => void;
type StateListener = (connected: boolean) => void;

export class Connection {
  private socket: WebSocket | null = null;
  private nextId = 1n;
  private pending = new Map<bigint, Pending>();
  private pushListeners = new Set<PushListener>();
  private stateListeners = new Set<StateListener>();
  private opened: Promise<void> | null = null;
  private retryMs = 500;
  private closedByUs = false;
  // Dropped for MATCH_MOVED or UNAVAILABLE: the next Hello keeps the back-off, which ends once a
  // match is served again (an update answers a join or watch).
  private keepBackoff = false;
  private hello: HelloReply | null = null;

  constructor(private readonly url: string = socketUrl()) {}

  // Connects (once) and says Hello; resolves when the server has answered.
  open(): Promise<void> {
    if (!this.opened) this.opened = this.connect();
    return this.opened;
  }

  // The server's answer to the latest Hello (user_id 0 = anonymous), null before the first.
  get helloReply(): HelloReply | null {
    return this.hello;
  }

  close(): void {
    this.closedByUs = true;
    this.socket?.close();
  }

  // Sends one request and resolves with the reply; rejects with ServerError on an Error reply.
  async request(body: RequestBody): Promise<ServerMessage> {
    await this.open();
    return this.send(body);
  }

  // Like request(), narrowed to the reply case the caller expects.
  async call<K extends ReplyCase>(body: RequestBody, expected: K): Promise<ReplyOf<K>> {
    const reply = await this.request(body);
    if (reply.body.case !== expected) {
      throw new Error(`expected ${expected}, got ${reply.body.case ?? "nothing"}`);
    }
    return reply.body.value as ReplyOf<K>;
  }

  onPush(listener: PushListener): () => void {
    this.pushListeners.add(listener);
    return () => this.pushListeners.delete(listener);
  }

  // Told false when the socket drops and true once a new one has said Hello.
  onState(listener: StateListener): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  private send(body: RequestBody): Promise<ServerMessage> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error("not connected"));
    const requestId = this.nextId++;
    const message = create(ClientMessageSchema, { requestId, body });
    return new Promise((resolve, reject) => {
      this.pending.set(requestId, { resolve, reject });
      socket.send(toBinary(ClientMessageSchema, message));
    });
  }

  private connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      // The page's first socket may already be open (early-socket.ts).
      const socket = takeEarlySocket(this.url) ?? new WebSocket(this.url);
      socket.binaryType = "arraybuffer";
      this.socket = socket;
      let helloDone = false;
      const greet = () => {
        this.send({ case: "hello", value: { protocolVersion: PROTOCOL_VERSION, client: "frontier-web" } })
          .then((reply) => {
            if (reply.body.case === "hello") this.hello = reply.body.value;
            helloDone = true;
            if (!this.keepBackoff) this.retryMs = 500;
            this.keepBackoff = false;
            this.stateListeners.forEach((l) => l(true));
            resolve();
          })
          .catch(reject);
      };
      if (socket.readyState === WebSocket.OPEN) greet();
      else socket.onopen = greet;
      socket.onmessage = (event) => this.receive(new Uint8Array(event.data as ArrayBuffer));
      socket.onclose = () => {
        this.socket = null;
        for (const p of this.pending.values()) p.reject(new Error("connection lost"));
        this.pending.clear();
        if (!helloDone) reject(new Error("could not connect to the server"));
        if (this.closedByUs) return;
        this.stateListeners.forEach((l) => l(false));
        // Reconnect with back-off; listeners resubscribe when told true.
        const delay = this.retryMs;
        this.retryMs = Math.min(this.retryMs * 2, 10_000);
        setTimeout(() => {
          this.opened = this.connect();
          this.opened.catch(() => undefined);
        }, delay);
      };
    });
  }

  // Several nodes (docs/operations.md, "Running several nodes"): another node runs a match now
  // (MATCH_MOVED), or the database is down (UNAVAILABLE). The socket is dropped so the usual
  // reconnect runs: with back-off, through the proxy to a live node, and the pages resubscribe
  // from the last seq they saw; the player does nothing.
  private dropToMove(): void {
    this.keepBackoff = true;
    this.socket?.close();
  }

  private receive(bytes: Uint8Array): void {
    const message = fromBinary(ServerMessageSchema, bytes);
    const moved =
      message.body.case === "error" &&
      (message.body.value.code === ErrorCode.MATCH_MOVED || message.body.value.code === ErrorCode.UNAVAILABLE);
    const waiting = message.requestId !== 0n ? this.pending.get(message.requestId) : undefined;
    if (waiting) {
      this.pending.delete(message.requestId);
      if (message.body.case === "error") {
        waiting.reject(new ServerError(message.body.value.code, message.body.value.message, message));
      } else {
        if (message.body.case === "update") this.retryMs = 500;
        waiting.resolve(message);
      }
      if (moved) this.dropToMove();
      return;
    }
    this.pushListeners.forEach((l) => l(message));
    if (moved) this.dropToMove();
  }
}

