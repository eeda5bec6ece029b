// The board the match and replay pages draw. Until the game boards land this is a stand-in that
// offers the referenced choices as buttons; then it re-exports Board from ../boards.
export { RefButtonsBoard as Board } from "./RefButtonsBoard";
