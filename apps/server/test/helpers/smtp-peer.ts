import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), as the SMTP server saw them. */
  to: string[];
  from: string;
  /** The message as it came over the wire, headers included. */
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpPeer {
  /** `smtp://user:pass@127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** While set, every message is refused with this SMTP reply (a failing mail server). */
  refuseWith: string | null;
  /** While set, messages to this one address are refused (one mailbox that fails). */
  refuseTo: string | null;
  /** The messages received for one address, oldest first. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on a free loopback port, in the test process:
 * the app's mail goes to it over SMTP as it would to a real one, with a login it checks.
 */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const peer: SmtpPeer = {
    url: '',
    received,
    refuseWith: null,
    refuseTo: null,
    to: (address) => received.filter((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'secret') {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const refusal =
          peer.refuseWith ??
          (peer.refuseTo && to.includes(peer.refuseTo.toLowerCase()) ? 'Mailbox full' : null);
        if (refusal) {
          const err = Object.assign(new Error(refusal), { responseCode: 451 });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            received.push({
              to,
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              raw,
              parsed,
            });
            callback();
          })
          .catch(callback);
      });
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  peer.url = `smtp://mailer:secret@127.0.0.1:${port}`;
  return peer;
}
