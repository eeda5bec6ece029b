"""A real SMTP server for the e-mail tests (tests/server/smtp_relay.h starts it): Debian's aiosmtpd
(python3-aiosmtpd) on a loopback port, writing each message it accepts to a folder twice: as received
(NNN.eml) and as Python's e-mail parser reads it (NNN.txt: the envelope, how the session was secured,
every header decoded, then each part's decoded text after "=== type/subtype").

It refuses every message (451, "try later") while the file FOLDER/refuse exists. With --tls-cert and
--tls-key it is a submission server as providers run them: STARTTLS required before anything else,
and AUTH (LOGIN or PLAIN, or only --only-mechanism; only over TLS) with --user and --password
required before MAIL; every
login tried is written to FOLDER/auth.log ("accepted NAME" or "refused NAME").
"""
import argparse
import asyncio
import email
import email.policy
import hmac
import os
import ssl

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


class Relay:
    def __init__(self, folder):
        self.folder = folder

    async def handle_DATA(self, server, session, envelope):
        if os.path.exists(os.path.join(self.folder, 'refuse')):
            return '451 4.3.0 Try again later'
        n = len([f for f in os.listdir(self.folder) if f.endswith('.eml')]) + 1
        base = os.path.join(self.folder, '%03d' % n)
        msg = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        out = ['Envelope-From: ' + envelope.mail_from, 'Envelope-To: ' + ','.join(envelope.rcpt_tos),
               'Relay-TLS: ' + ('yes' if session.ssl else 'no'),
               'Relay-Login: ' + (session.auth_data.decode() if session.authenticated else '(none)')]
        out += ['%s: %s' % (k, v) for k, v in msg.items()]
        for part in msg.walk():
            if part.get_content_maintype() == 'multipart':
                continue
            out += ['=== ' + part.get_content_type(), part.get_content()]
        with open(base + '.txt', 'w') as f:
            f.write('\n'.join(out) + '\n')
        with open(base + '.tmp', 'wb') as f:
            f.write(envelope.original_content)
        os.rename(base + '.tmp', base + '.eml')  # counted once complete
        return '250 OK'


def authenticator(folder, user, password):
    def check(server, session, envelope, mechanism, data):
        if not isinstance(data, LoginPassword):
            return AuthResult(success=False, handled=False)
        ok = hmac.compare_digest(data.login, user.encode()) and hmac.compare_digest(data.password,
                                                                                    password.encode())
        with open(os.path.join(folder, 'auth.log'), 'a') as f:
            f.write('%s %s %s\n' % ('accepted' if ok else 'refused', data.login.decode(errors='replace'),
                                    mechanism))
        # The login is what handle_DATA reports (session.auth_data).
        return AuthResult(success=ok, handled=False, auth_data=data.login if ok else None)
    return check


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--listen', required=True, help='HOST:PORT')
    parser.add_argument('--folder', required=True)
    parser.add_argument('--tls-cert')
    parser.add_argument('--tls-key')
    parser.add_argument('--user', default='')
    parser.add_argument('--password', default='')
    parser.add_argument('--only-mechanism', help='offer this AUTH mechanism alone (LOGIN or PLAIN)')
    args = parser.parse_args()
    host, port = args.listen.rsplit(':', 1)
    options = {'hostname': 'relay.test'}  # not socket.getfqdn(): no DNS lookup at start-up
    if args.tls_cert:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        options.update(tls_context=context, require_starttls=True, auth_required=True, auth_require_tls=True,
                       authenticator=authenticator(args.folder, args.user, args.password))
        if args.only_mechanism:
            options['auth_exclude_mechanism'] = [m for m in ('LOGIN', 'PLAIN') if m != args.only_mechanism]
    handler = Relay(args.folder)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    server = loop.run_until_complete(
        loop.create_server(lambda: SMTP(handler, loop=loop, **options), host=host, port=int(port)))
    try:
        loop.run_forever()
    finally:
        server.close()


if __name__ == '__main__':
    main()
