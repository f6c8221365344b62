import type {
  AdminTicketDetail,
  AdminTicketListResponse,
  AdminTicketReplyResponse,
  MyTicketsResponse,
  SupportAssigneesResponse,
  SupportStatsResponse,
  TicketActionResponse,
  TicketDetail,
} from '@crew/contracts';
import { supportTicketProjector } from '@crew/projections';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { OpenTicketFromReport, ticketIdOfReport } from '../src/modules/support/commands/open-ticket.command';
import type { TicketWritten } from '../src/modules/support/commands/ticket-write';
import { verifyProjection } from '../src/platform/projections/projection-rebuild';
import type { Application } from '../src/application';
import { startSmtpServer, waitUntil, type TestSmtpServer } from './support/smtp-server';
import { addUser, callAs, startTestApp, type TestApp } from './support/harness';

/**
 * Support tickets over HTTP: a member contacts support, sees only their own
 * tickets, replies and rates after resolution; administrators list, search,
 * filter, reply (mailed to the member over real SMTP with a link), change
 * status and priority, assign, and read the ticket's timeline; the stat
 * cards follow; a report opens one ticket however often it is sent; a
 * deleted member's text disappears, and the projection rebuilds to its live rows.
 */

let testApp: TestApp;
let inbox: TestSmtpServer;
let runtime: Application;
let app: NestFastifyApplication;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const call = callAs(() => app, tokens);

async function addActor(actor: string, type: 'crew' | 'skipper' | 'admin', firstName: string): Promise<void> {
  ({ id: ids[actor], token: tokens[actor] } = await addUser(runtime, { email: `${actor}@tickets.test`, firstName, lastName: 'Mariner', type }));
}

beforeAll(async () => {
  inbox = await startSmtpServer('answer');
  testApp = await startTestApp({ env: { SMTP_URL: inbox.url }, dataDirPrefix: 'crew-tickets-', worker: true });
  ({ runtime, app } = testApp);
  await addActor('maya', 'crew', 'Maya');
  await addActor('olaf', 'skipper', 'Olaf');
  await addActor('admin', 'admin', 'Ada');
}, 60_000);

afterAll(async () => {
  await testApp.close();
  await inbox.close();
});

let ticketId = '';

describe('a member contacting support', () => {
  it('opens a ticket from the contact form and reads it back at once', async () => {
    const opened = await call<TicketActionResponse>('POST', '/api/support/tickets', 'maya', {
      title: 'Boat photo upload fails',
      description: 'Every time I upload a photo of my boat it spins and then fails.',
    });
    expect(opened.status).toBe(201);
    ticketId = opened.body.ticket.id;
    expect(opened.body.ticket).toMatchObject({
      status: 'open',
      priority: 'medium',
      source: 'contact_form',
      user_name: 'Maya Mariner',
      user_email: 'maya@tickets.test',
      replies: [],
      last_reply: null,
    });
    const mine = await call<MyTicketsResponse>('GET', '/api/support/tickets', 'maya');
    expect(mine.body.tickets.map((t) => t.id)).toEqual([ticketId]);
  });

  it('refuses bad input with 400 and never a 500', async () => {
    expect((await call('POST', '/api/support/tickets', 'maya', { title: 'Hi', description: 'Too short title here.' })).status).toBe(400);
    expect((await call('POST', '/api/support/tickets', 'maya', { title: 'A fine subject', description: 'long enough text', priority: 'critical' })).status).toBe(400);
    expect((await call('POST', `/api/support/tickets/${ticketId}/reply`, 'maya', { message: '   ' })).status).toBe(400);
    expect((await call('POST', `/api/support/tickets/${ticketId}/rating`, 'maya', { satisfied: 'yes' })).status).toBe(400);
    expect((await call('GET', '/api/support/tickets/not-a-ticket', 'maya')).status).toBe(404);
  });

  it('shows a member only their own tickets, refuses guests, and keeps staff routes for administrators', async () => {
    expect((await call('GET', `/api/support/tickets/${ticketId}`, 'olaf')).status).toBe(404);
    expect((await call('POST', `/api/support/tickets/${ticketId}/reply`, 'olaf', { message: 'Me too!' })).status).toBe(404);
    expect((await call('POST', `/api/support/tickets/${ticketId}/rating`, 'olaf', { satisfied: true })).status).toBe(404);
    expect((await call<MyTicketsResponse>('GET', '/api/support/tickets', 'olaf')).body.tickets).toEqual([]);
    expect((await call('GET', '/api/support/tickets')).status).toBe(401);
    expect((await call('POST', '/api/support/tickets', undefined, { title: 'Hello there', description: 'Anyone at home?' })).status).toBe(401);
    for (const [method, url, body] of [
      ['GET', '/api/admin/support/stats', undefined],
      ['GET', '/api/admin/support/tickets', undefined],
      ['GET', `/api/admin/support/tickets/${ticketId}`, undefined],
      ['PUT', `/api/admin/support/tickets/${ticketId}/status`, { status: 'closed' }],
      ['PUT', `/api/admin/support/tickets/${ticketId}/priority`, { priority: 'low' }],
      ['PUT', `/api/admin/support/tickets/${ticketId}/assignee`, { assignee_id: null }],
      ['GET', '/api/admin/support/assignees', undefined],
      ['POST', `/api/admin/support/tickets/${ticketId}/reply`, { message: 'Sneaky' }],
    ] as const) {
      expect((await call(method, url, 'maya', body)).status).toBe(403);
      expect((await call(method, url, undefined, body)).status).toBe(401);
    }
    expect((await call<TicketDetail>('GET', `/api/support/tickets/${ticketId}`, 'maya')).body.status).toBe('open');
  });

  it('refuses a rating before the ticket is resolved', async () => {
    const early = await call('POST', `/api/support/tickets/${ticketId}/rating`, 'maya', { satisfied: true });
    expect(early).toMatchObject({ status: 409, body: { code: 'TICKET_NOT_RESOLVED' } });
  });
});

describe('administrators working the ticket', () => {
  it('find it by status, priority and text (title, name, email), and nothing for other filters', async () => {
    const list = async (query: string) => (await call<AdminTicketListResponse>('GET', `/api/admin/support/tickets${query}`, 'admin')).body;
    expect((await list('')).tickets.map((t) => t.id)).toContain(ticketId);
    expect((await list('?status=open&priority=medium&search=photo')).tickets.map((t) => t.id)).toEqual([ticketId]);
    expect((await list('?search=maya%40tickets')).tickets.map((t) => t.id)).toEqual([ticketId]);
    expect((await list('?search=Maya%20Mariner')).total).toBe(1);
    expect((await list('?status=pending')).tickets).toEqual([]);
    expect((await list('?search=100%25_')).tickets).toEqual([]);
  });

  it('replies: the member is mailed over SMTP with a link to the ticket, once', async () => {
    const replied = await call<AdminTicketReplyResponse>('POST', `/api/admin/support/tickets/${ticketId}/reply`, 'admin', { message: 'Please try a file under 5 MB.' });
    expect(replied.status).toBe(201);
    expect(replied.body.reply).toMatchObject({ message: 'Please try a file under 5 MB.', from_admin: true, author_name: 'Ada Mariner' });
    await waitUntil('the reply mail arrives', () => inbox.messages.some((m) => m.subject?.startsWith('Support replied')));
    const mail = inbox.messages.find((m) => m.subject?.startsWith('Support replied'))!;
    expect(mail.rcptTo).toEqual(['maya@tickets.test']);
    expect(mail.subject).toBe('Support replied: Boat photo upload fails');
    expect(mail.raw).toContain('Please try a file under 5 MB.');
    // The worker records a mail just after the SMTP server has taken it.
    const sent = () =>
      runtime.dataSource.query<{ dedupe_key: string; text_body: string }[]>(
        `SELECT dedupe_key, text_body FROM email_messages WHERE template = 'support-ticket-reply' AND status = 'sent'`,
      );
    await waitUntil('the reply mail is recorded', async () => (await sent()).length > 0);
    const [job] = await sent();
    expect(job!.text_body).toContain(`/support?ticket=${ticketId}`);
    expect(job!.dedupe_key).toMatch(new RegExp(`^[0-9a-f-]{36}:${ids['maya']}:support-ticket-reply$`));
  });

  it('sets priority, assigns, resolves (mailed), and the member sees the reply and rates it; the stats follow', async () => {
    expect((await call<SupportStatsResponse>('GET', '/api/admin/support/stats', 'admin')).body).toMatchObject({ urgent_tickets: 0, open_tickets: 1, satisfaction_rate: null });
    const urgent = await call<{ ticket: AdminTicketDetail }>('PUT', `/api/admin/support/tickets/${ticketId}/priority`, 'admin', { priority: 'urgent' });
    expect(urgent.body.ticket.priority).toBe('urgent');
    expect((await call<SupportStatsResponse>('GET', '/api/admin/support/stats', 'admin')).body.urgent_tickets).toBe(1);
    // The "Assign to" list names the administrators, and only them.
    const assignees = (await call<SupportAssigneesResponse>('GET', '/api/admin/support/assignees', 'admin')).body.assignees;
    expect(assignees).toEqual([{ id: ids['admin'], name: 'Ada Mariner' }]);
    expect((await call('PUT', `/api/admin/support/tickets/${ticketId}/assignee`, 'admin', { assignee_id: ids['olaf'] })).status).toBe(422);
    expect((await call('PUT', `/api/admin/support/tickets/${ticketId}/assignee`, 'admin', { assignee_id: ids['admin'] })).status).toBe(200);
    const resolved = await call<{ ticket: AdminTicketDetail }>('PUT', `/api/admin/support/tickets/${ticketId}/status`, 'admin', { status: 'resolved' });
    expect(resolved.body.ticket.status).toBe('resolved');
    await waitUntil('the status mail arrives', () => inbox.messages.some((m) => m.subject === 'Ticket resolved: Boat photo upload fails'));

    const seen = await call<TicketDetail>('GET', `/api/support/tickets/${ticketId}`, 'maya');
    expect(seen.body.replies).toEqual([expect.objectContaining({ message: 'Please try a file under 5 MB.', from_admin: true, author_name: 'Support team' })]);
    const rated = await call<TicketActionResponse>('POST', `/api/support/tickets/${ticketId}/rating`, 'maya', { satisfied: true });
    expect(rated.status).toBe(200);
    expect(rated.body.ticket.satisfied).toBe(true);
    const stats = (await call<SupportStatsResponse>('GET', '/api/admin/support/stats', 'admin')).body;
    expect(stats).toMatchObject({ urgent_tickets: 0, pending_tickets: 0, satisfaction_rate: 100, rated_tickets: 1 });
    expect(stats.avg_response_time).not.toBeNull();
  });

  it('shows the timeline: who changed what, when', async () => {
    const detail = (await call<AdminTicketDetail>('GET', `/api/admin/support/tickets/${ticketId}`, 'admin')).body;
    expect(detail.timeline.map((e) => [e.action, e.actor_name])).toEqual([
      ['opened', 'Maya Mariner'],
      ['replied', 'Ada Mariner'],
      ['priority_changed', 'Ada Mariner'],
      ['assigned', 'Ada Mariner'],
      ['status_changed', 'Ada Mariner'],
      ['rated', 'Maya Mariner'],
    ]);
    expect(detail.timeline[2]!.details).toEqual({ from: 'medium', to: 'urgent' });
  });

  it('reopens a resolved ticket when the member answers, without mailing them about their own reply', async () => {
    const before = inbox.messages.length;
    const answered = await call<TicketActionResponse>('POST', `/api/support/tickets/${ticketId}/reply`, 'maya', { message: 'It worked, but now the thumbnail is wrong.' });
    expect(answered.status).toBe(201);
    expect(answered.body.ticket.status).toBe('open');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(inbox.messages.length).toBe(before);
  });
});

describe('tickets from reports', () => {
  it('opens one ticket per report, however often it is sent', async () => {
    const bus = app.get(CommandBus);
    const reportId = randomUUID();
    const reviewId = randomUUID();
    const send = () =>
      bus.execute<OpenTicketFromReport, TicketWritten>(
        new OpenTicketFromReport('review', reportId, reviewId, ids['olaf']!, 'Rude and untrue', { userId: ids['olaf']!, correlationId: reportId }),
      );
    const first = await send();
    const second = await send();
    expect(second.ticketId).toBe(first.ticketId);
    expect(first.ticketId).toBe(ticketIdOfReport('review', reportId));
    expect(second.position).toBeNull();
    await waitUntil('the ticket is projected', async () => (await call('GET', `/api/admin/support/tickets/${first.ticketId}`, 'admin')).status === 200);
    const detail = (await call<AdminTicketDetail>('GET', `/api/admin/support/tickets/${first.ticketId}`, 'admin')).body;
    expect(detail).toMatchObject({ title: 'Reported review', source: 'review_report', subject_id: reviewId, priority: 'high', user_name: 'Olaf Mariner' });
    expect(detail.description).toContain('Rude and untrue');
  });
});

describe("a deleted member's tickets", () => {
  it('lose the text the member wrote, keep staff replies, take no further changes, and rebuild to the same rows', async () => {
    const deleted = await call('DELETE', `/api/admin/users/${ids['maya']}`, 'admin');
    expect(deleted.status).toBe(200);
    await waitUntil('the erasure is projected', async () => (await call<AdminTicketDetail>('GET', `/api/admin/support/tickets/${ticketId}`, 'admin')).body.erased === true);
    const detail = (await call<AdminTicketDetail>('GET', `/api/admin/support/tickets/${ticketId}`, 'admin')).body;
    expect(detail).toMatchObject({ status: 'closed', user_name: 'Deleted user', user_email: null, title: 'Ticket from a deleted account' });
    expect(JSON.stringify(detail)).not.toContain('Boat photo upload fails');
    expect(JSON.stringify(detail)).not.toContain('thumbnail is wrong');
    expect(detail.replies.find((r) => r.from_admin)?.message).toBe('Please try a file under 5 MB.');
    expect(detail.timeline.at(-1)).toMatchObject({ action: 'requester_erased' });
    const rows = await runtime.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM support_tickets WHERE title LIKE '%Boat photo%' OR description LIKE '%spins%'
        UNION ALL SELECT count(*)::int FROM support_ticket_replies WHERE message LIKE '%thumbnail%'`,
    );
    expect(rows.map((r) => r.n)).toEqual([0, 0]);
    expect((await call('PUT', `/api/admin/support/tickets/${ticketId}/status`, 'admin', { status: 'open' })).body).toMatchObject({ code: 'TICKET_ERASED' });

    const verified = await verifyProjection(supportTicketProjector, runtime.eventStore, runtime.dataSource);
    expect(verified).toMatchObject({ equal: true, parkedOnlyLive: [], parkedOnlyRebuilt: [] });
  }, 30_000);
});
