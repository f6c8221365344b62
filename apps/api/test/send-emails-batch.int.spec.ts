import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { BERTH_TEMPLATE } from '../src/modules/alerts/reactors/voyage-alerts.reactor';
import { RECIPIENT_WAIT_ATTEMPTS, RecipientNotFoundError } from '../src/platform/mail/send-email.job';
import { SEND_EMAILS_JOB, sendEmailsJob } from '../src/platform/mail/send-emails.job';
import { addUser, startTestApp, type TestApp } from './support/harness';

/**
 * The send-emails job (a batch of mails of one template, as digests go): the
 * same rules as one mail at a time, with its reads shared. Driven through the
 * job handler itself, against a real SMTP server that can refuse an address.
 */
let test: TestApp;
let sink: SMTPServer;
let refusing = true;
const received: { to: string; messageId: string; text: string }[] = [];
const people: Record<string, string> = {};

beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusing && address.address === 'refused@batch.test') return callback(new Error('550 mailbox unavailable'));
      return callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '', text: raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => resolve()));
  test = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}` }, dataDirPrefix: 'crew-send-emails-' });
  for (const name of ['keen', 'quiet', 'refused']) {
    people[name] = (await addUser(test.runtime, { email: `${name}@batch.test`, firstName: name === 'keen' ? 'Keen' : 'Other' })).id;
  }
  await test.runtime.dataSource.query(`INSERT INTO notification_preferences (user_id, kind, enabled) VALUES ($1, 'berth_watch', false)`, [people['quiet']]);
}, 60_000);

afterAll(async () => {
  await test.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

const outcomes = async (keys: string[]): Promise<Record<string, string>> =>
  Object.fromEntries(
    (
      await test.runtime.dataSource.query<{ dedupe_key: string; status: string; error: string | null }[]>(
        'SELECT dedupe_key, status, error FROM email_messages WHERE dedupe_key = ANY($1::text[])',
        [keys],
      )
    ).map((row) => [row.dedupe_key, row.error ? `${row.status}: ${row.error}` : row.status]),
  );

describe('a batch of mails in one job', () => {
  it('sends each due mail once, skips a switched-off or missing recipient, and retries only what the server refused', async () => {
    const handler = test.runtime.roles.jobHandlers.get(SEND_EMAILS_JOB)!;
    const erased = randomUUID();
    const voyageId = randomUUID();
    const job = sendEmailsJob(
      `batch.${randomUUID()}`,
      BERTH_TEMPLATE,
      [people['keen']!, people['quiet']!, people['refused']!, erased].map((recipientId) => ({
        sourceId: `watch.${voyageId}`,
        recipientId,
        params: { baseUrl: 'https://crew.example', voyageId, voyageTitle: 'Azores in June' },
      })),
    );
    const [keen, quiet, refused, gone] = job.data.mails.map((mail) => mail.id) as [string, string, string, string];

    // First try: the server refuses one address, and one recipient is not visible (yet): the job fails after sending the rest.
    await expect(handler(job.data, { jobId: job.id, attempt: 1 })).rejects.toThrow(/1 of 2 mails of this batch were not sent/);
    expect(received.map((mail) => mail.to)).toEqual(['keen@batch.test']);
    expect(received[0]!.text).toContain('Azores in June');
    expect(await outcomes([keen, quiet, refused, gone])).toEqual({
      [keen]: 'sent',
      [quiet]: 'skipped: turned off: berth_watch',
      [refused]: expect.stringMatching(/^failed: .*550/),
    });

    // The retry sends only the refused mail; the missing account may still be committing, so the job is tried again.
    refusing = false;
    await expect(handler(job.data, { jobId: job.id, attempt: 2 })).rejects.toThrow(RecipientNotFoundError);
    expect(received.map((mail) => mail.to)).toEqual(['keen@batch.test', 'refused@batch.test']);
    expect(await outcomes([keen, quiet, refused, gone])).toEqual({
      [keen]: 'sent',
      [quiet]: 'skipped: turned off: berth_watch',
      [refused]: 'sent',
    });

    // Its last wait over, the missing account counts as erased.
    await handler(job.data, { jobId: job.id, attempt: RECIPIENT_WAIT_ATTEMPTS });
    expect(received).toHaveLength(2);
    expect(await outcomes([keen, quiet, refused, gone])).toEqual({
      [keen]: 'sent',
      [quiet]: 'skipped: turned off: berth_watch',
      [refused]: 'sent',
      [gone]: 'skipped: the recipient account no longer exists',
    });

    // Queued again (a replayed pass): nothing more goes.
    await handler(job.data, { jobId: job.id, attempt: 1 });
    expect(received).toHaveLength(2);
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(2);
  });
});
