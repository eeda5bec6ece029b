// First, before the rest is evaluated: the WebSocket connects (net/early-socket.ts) and the game
// data a board needs starts on its way (boards/data-fetch.ts).
import "./net/early-socket";
import "./boards/data-fetch";
import "./early";
import { render } from "preact";
import { App } from "./app/App";
import "./styles.css";

render(<App />, document.getElementById("app")!);
