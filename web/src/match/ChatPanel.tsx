// Per-match chat: what was said (read when the page opens, then as it is said), and a box to say one.
import { useState } from "preact/hooks";
import type { ChatMessage } from "../gen/wire_pb";
import { formatTime } from "../app/format";

export function ChatPanel(props: { chat: ChatMessage[]; canChat: boolean; onSend: (text: string) => Promise<void> }) {
  const [text, setText] = useState("");
  return (
    <section class="chat" aria-label="Chat">
      <h2>Chat</h2>
      <ul>
        {props.chat.map((c, i) => (
          <li key={i}>
            <span class="muted" title={formatTime(c.at)}>{c.userName}{c.seat < 0 ? " (watching)" : ""}:</span> {c.text}
          </li>
        ))}
      </ul>
      {props.canChat && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const line = text.trim();
            if (line) void props.onSend(line).then(() => setText(""));
          }}
        >
          <label>
            Message
            <input name="chat" maxLength={500} value={text} onInput={(e) => setText(e.currentTarget.value)} />
          </label>
          <button type="submit">Send</button>
        </form>
      )}
    </section>
  );
}
