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

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A real SMTP server in the test process: the app delivers to it over TCP like to any other.
 * `port` brings one back where a configured SMTP_URL points (a mail outage test); `delayMs`
 * makes it slow, so a test can act while a message is being sent.
 */
export const startMailCatcher = async (options: { port?: number; delayMs?: number } = {}) => {
  const messages: CaughtEmail[] = [];
  /** Messages whose data has started to arrive (delivered or not yet). */
  let receiving = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      receiving++;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A slow server (delayMs) lets a test act while a message is being sent.
      stream.on(
        'end',
        () =>
          void wait(options.delayMs ?? 0).then(() => {
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
          }),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    receiving: () => receiving,
    to: (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    clear: () => messages.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
