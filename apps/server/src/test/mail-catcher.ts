import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtEmail = {
  to: string[];
  subject: string;
  raw: string;
  text: string;
  links: string[];
};

/** Undoes quoted-printable soft breaks and escapes, enough to read links and words. */
const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A real SMTP server in the test process: the app delivers to it over TCP like to any other.
 * `port` brings one back where a configured SMTP_URL points (a mail outage test).
 */
export const startMailCatcher = async (port = 0) => {
  const messages: CaughtEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const text = decodeQuotedPrintable(raw);
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          raw,
          text,
          links: [...new Set(text.match(/https?:\/\/[^\s"<>]+/g) ?? [])],
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    to: (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    clear: () => messages.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
