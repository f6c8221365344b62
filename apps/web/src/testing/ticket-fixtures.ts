import { adminTicketDetailSchema, ticketDetailSchema, type AdminTicketDetail, type EmailTemplate, type TicketDetail, type TicketReply } from '@crew/contracts';

/** A ticket as the member's API answers it, checked against the contract so fixtures cannot drift from the API. */
export const makeTicket = (overrides: Partial<TicketDetail> = {}): TicketDetail =>
  ticketDetailSchema.parse({
    id: '3f6c2a8e-1b7d-4c55-9a0e-6d1f2b3c4a01',
    title: 'Boat photo upload fails',
    description: 'The upload stops at 90% every time I try.',
    priority: 'medium',
    status: 'open',
    source: 'contact_form',
    user_id: 'u-crew',
    user_name: 'Grace OMalley',
    user_email: 'grace@crew.test',
    assignee_id: null,
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
    last_reply: null,
    last_reply_from_admin: null,
    reply_count: 0,
    satisfied: null,
    erased: false,
    replies: [],
    subject_id: null,
    ...overrides,
  });

export const makeAdminTicket = (overrides: Partial<AdminTicketDetail> = {}): AdminTicketDetail =>
  adminTicketDetailSchema.parse({
    ...makeTicket(),
    timeline: [
      {
        id: 't1',
        action: 'opened',
        actor_id: 'u-crew',
        actor_name: 'Grace OMalley',
        details: { priority: 'medium', source: 'contact_form' },
        occurred_at: '2026-03-01T09:00:00.000Z',
      },
    ],
    ...overrides,
  });

export const makeReply = (overrides: Partial<TicketReply> = {}): TicketReply => ({
  id: 'r1',
  message: 'Please try a file under 5 MB.',
  from_admin: true,
  author_name: 'Support team',
  created_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

/** The welcome mail's template as the admin API lists it, in English. */
export const WELCOME_TEMPLATE: EmailTemplate = {
  id: 'welcome',
  name: 'Welcome',
  description: 'Sent when a member verifies their email.',
  category: 'transactional',
  subject: 'Welcome aboard',
  body: 'Hello {{firstName}},\n\nWelcome.',
  action_label: 'Find a voyage',
  action_url: '/voyages',
  variables: [],
  customized: false,
  locale: 'en',
  fallback: false,
  updated_at: null,
  last_used: null,
  usage_count: 0,
};

export interface Call {
  readonly url: string;
  readonly method: string;
  readonly body: unknown;
}

/** A fetch that answers from `answer` and records every call with its JSON body. */
export function fakeApi(answer: (call: Call) => { status?: number; body: unknown } | undefined): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = { url: String(input), method: init?.method ?? 'GET', body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined };
    calls.push(call);
    const reply = answer(call);
    const status = reply?.status ?? (reply ? 200 : 404);
    return { ok: status < 400, status, json: async () => (reply ? reply.body : { error: 'Not found', code: 'NOT_FOUND' }) };
  }) as unknown as typeof fetch;
  return calls;
}
