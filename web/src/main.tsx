import { render } from "preact";

function App() {
  return <main>Frontier</main>;
}

render(<App />, document.getElementById("app")!);
