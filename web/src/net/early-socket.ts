// The tab's first WebSocket, made as the client's first act (main.tsx imports this module before
// the rest, which imports no protobuf code): its TCP and upgrade handshakes run while the rest of
// the client's modules are evaluated, instead of after. The Connection takes it over for its first
// connect (connection.ts); later connects make their own.

// frontierd's WebSocket, same origin as the page.
export function socketUrl(): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws`;
}

// Not in the unit tests' Node.js, which has no page.
const inPage = typeof WebSocket !== "undefined" && typeof location !== "undefined";
let early: WebSocket | null = inPage ? new WebSocket(socketUrl()) : null;
if (early) early.binaryType = "arraybuffer";

// The early socket to `url` if it is still connecting or open, once; null otherwise.
export function takeEarlySocket(url: string): WebSocket | null {
  const socket = early;
  early = null;
  if (!socket) return null;
  if (socket.url === url && socket.readyState <= WebSocket.OPEN) return socket;
  socket.close();
  return null;
}
