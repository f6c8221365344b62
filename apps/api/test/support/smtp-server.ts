import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
export const waitUntil = async (what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await sleep(25);
  }
};

// ---------------------------------------------------------------------------------------------
// A real SMTP server on 127.0.0.1: either answers normally, or never answers the DATA phase.
// ---------------------------------------------------------------------------------------------
export interface ReceivedMail {
  readonly rcptTo: string[];
  readonly subject: string | null;
  /** The Message-ID header, `<id@domain>`. */
  readonly messageId: string | null;
  readonly raw: string;
  /** When the server took it (Date.now()). */
  readonly receivedAt: number;
}

export interface TestSmtpServer {
  readonly url: string;
  readonly messages: ReceivedMail[];
  /** Messages a hanging server took in full and never answered. */
  readonly unanswered: ReceivedMail[];
  /** Sessions that reached DATA (answered or not). */
  readonly dataStarted: number;
  close(): Promise<void>;
}

export const startSmtpServer = async (behaviour: 'answer' | 'hang'): Promise<TestSmtpServer> => {
  const messages: ReceivedMail[] = [];
  const unanswered: ReceivedMail[] = [];
  const state = { dataStarted: 0 };
  const server = new SMTPServer({
    authOptional: true,
    // nodemailer would upgrade to TLS and reject the server's self-signed certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      state.dataStarted++;
      stream.on('error', () => undefined);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? null,
          messageId: /^Message-ID: *(<[^>]*>)/im.exec(raw)?.[1] ?? null,
          raw,
          receivedAt: Date.now(),
        };
        // A hanging server keeps the message but never answers: the sender stays in flight until it is killed.
        if (behaviour === 'hang') unanswered.push(mail);
        else {
          messages.push(mail);
          callback();
        }
      });
    },
  });
  // A SIGKILLed client resets its connection; that is expected here.
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    unanswered,
    get dataStarted() {
      return state.dataStarted;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
