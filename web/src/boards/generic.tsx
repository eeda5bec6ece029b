// The board of a game without a picture of its own (the test fixture game): its named values.
import type { KeyValueView } from "../gen/view_pb";

export function GenericBoard({ view }: { view: KeyValueView }) {
  return (
    <div class="board board-generic">
      <table class="key-values">
        <tbody>
          {view.entries.map((e, i) => (
            <tr key={`${i}:${e.key}`}>
              <th scope="row">{e.key}</th>
              <td>{e.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
