// The tab's one WebSocket, connecting and saying Hello as soon as the client's modules are
// evaluated, before anything is drawn (App.tsx uses it; main.tsx imports this module before the
// App). With the game data already on its way (boards/data-fetch.ts), the match page waits on
// neither once its first view arrives (docs/performance.md, "Time to the board").
import { Connection } from "./net/connection";

export const connection = new Connection();
// Its failure is the App's to report.
connection.open().catch(() => undefined);
