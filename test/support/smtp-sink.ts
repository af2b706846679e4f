import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly to: string[];
  readonly subject: string;
  /** The text part, quoted-printable decoded. */
  readonly text: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`. */
  readonly url: string;
  readonly mails: ReceivedMail[];
  close(): Promise<void>;
}

/** Decodes a quoted-printable body (soft line breaks, `=XX` bytes) as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** A local SMTP server (no TLS, no authentication) that keeps every mail it is given. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const split = raw.indexOf('\r\n\r\n');
        const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
        const body = raw.slice(split + 4);
        const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
        const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(head)?.[1]?.trim().toLowerCase();
        const text =
          encoding === 'quoted-printable'
            ? decodeQuotedPrintable(body)
            : encoding === 'base64'
              ? Buffer.from(body, 'base64').toString('utf8')
              : body;
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeHeader(subject),
          text: text.replace(/\r\n/g, '\n').trimEnd(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
