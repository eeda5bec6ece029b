// First: the game data a board needs starts on its way (boards/data-fetch.ts).
import "./boards/data-fetch";
import "./early";
import { render } from "preact";
import { App } from "./app/App";
import "./styles.css";

render(<App />, document.getElementById("app")!);
