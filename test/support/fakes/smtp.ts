/**
 * A loopback SMTP server (smtp-server on 127.0.0.1, a free port) that keeps every mail it receives:
 * what the service's sign-in by email sends to, in tests.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail as received: its envelope's recipients and its whole text (headers and body). */
export interface ReceivedMail {
  to: string;
  text: string;
}

export interface SmtpFake {
  /** `smtp://127.0.0.1:<port>`: the service's `smtpUrl`. */
  url: string;
  /** The mails received so far, oldest first. */
  mails: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpFake(): Promise<SmtpFake> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
