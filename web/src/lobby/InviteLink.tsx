// A private match's invitation: the link that takes a free seat (or, once the seats are full,
// lets its holder watch).
import { links } from "../app/router";

export function InviteLink(props: { matchId: bigint; code: string; openLink?: boolean }) {
  const url = `${location.origin}${location.pathname}${links.join(props.matchId, props.code)}`;
  return (
    <div class="invite" role="status">
      <p>Match #{props.matchId.toString()} is private. Send this link to your opponent:</p>
      <input readOnly aria-label="Invite link" data-testid="invite-link" value={url}
        onFocus={(e) => e.currentTarget.select()} />
      {props.openLink && <p><a href={links.match(props.matchId)}>Open the match</a></p>}
    </div>
  );
}
