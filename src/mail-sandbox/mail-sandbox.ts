import { SMTPServer } from 'smtp-server';

/** One message the sandbox took: its envelope and the raw MIME text (parse it with `mailparser`). */
export interface SandboxMail {
  from: string;
  to: string[];
  raw: Buffer;
}

export interface MailSandbox {
  /** `smtp://127.0.0.1:<port>`: SMTP_URL for the server */
  url: string;
  /** What it took, in order */
  received: SandboxMail[];
  /** The next `count` messages are refused with `code` (421 tried again later, 550 for good) */
  refuse(count: number, code?: number): void;
  close(): Promise<void>;
}

/**
 * A local SMTP server for the demo and the tests (docs/invoices.md "Settings, records and
 * messages"): takes every message without authentication or TLS and keeps it in memory, so the
 * invoices' e-mail goes through a real SMTP conversation (nodemailer's client against smtp-server).
 */
export async function startMailSandbox(options: { port?: number; host?: string } = {}): Promise<MailSandbox> {
  const received: SandboxMail[] = [];
  let refusals = { count: 0, code: 421 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals.count > 0) {
          refusals = { ...refusals, count: refusals.count - 1 };
          const error = Object.assign(new Error('refused by the mail sandbox'), {
            responseCode: refusals.code,
          });
          return callback(error);
        }
        const mailFrom = session.envelope.mailFrom;
        received.push({
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  return {
    url: `smtp://${host}:${port}`,
    received,
    refuse: (count, code = 421) => {
      refusals = { count, code };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
