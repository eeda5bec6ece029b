// An invitation link (#/join/<id>/<code>): takes a free seat of the match, then opens it.
import { useEffect, useState } from "preact/hooks";
import type { Connection } from "../net/connection";
import { errorText } from "../app/format";
import { links } from "../app/router";

export function JoinPage(props: { conn: Connection; matchId: bigint; invite: string }) {
  const [error, setError] = useState("");
  useEffect(() => {
    props.conn
      .call({ case: "joinMatch", value: { matchId: props.matchId, inviteCode: props.invite } }, "update")
      .then(() => location.replace(links.match(props.matchId)))
      .catch((e) => setError(errorText(e)));
  }, []);
  return (
    <section>
      <h1>Joining match {props.matchId.toString()}…</h1>
      {error && (
        <p class="error" role="alert">
          {error} <a href={links.match(props.matchId, props.invite)}>Watch the match instead</a>.
        </p>
      )}
    </section>
  );
}
