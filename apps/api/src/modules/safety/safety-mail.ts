import { formatPortTime } from '@crew/contracts';
import type { JsonObject } from '@crew/domain';
import type { DataSource } from 'typeorm';
import type { JobHandler } from '../../platform/jobs/job-queue.port';
import { layout, str, type MailRenderers, type RenderedEmail } from '../../platform/mail/email-templates';
import { MailTemplates } from '../../platform/contributions';
import type { MailTransport } from '../../platform/mail/mail-transport';
import type { MailParamResolver } from '../../platform/mail/send-email.job';
import { floatPlanToken } from './queries/get-float-plan.query';
import { loadFloatPlan } from './safety-read-model';

/** A time as the float plan page shows it: local to the departure port, with its zone (`timeZone` in the mail's params). */
const when = (iso: string, timeZone?: string): string => (iso ? formatPortTime(iso, timeZone || null) : '');
/** The port's zone a mail's times are shown in. */
const zoneOf = (params: JsonObject): string => str(params, 'timeZone');

const renderers: MailRenderers = {};

renderers['application-expired'] = (params) => ({
  subject: `Your application expired: ${str(params, 'voyageTitle') || 'a voyage'}`,
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      params['reason'] === 'departed'
        ? `"${str(params, 'voyageTitle')}" has departed and the skipper did not answer your application, so it has expired.`
        : `The skipper of "${str(params, 'voyageTitle')}" has not answered your application within 14 days, so it has expired.`,
      'You are free to apply for other voyages: there are plenty of skippers looking for crew.',
    ],
    { label: 'Browse voyages', url: `${str(params, 'baseUrl')}/voyages` },
  ),
});

renderers['agreement-issued'] = (params) => ({
  subject: `Crew agreement to read: ${str(params, 'voyageTitle') || 'your voyage'}`,
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      `Your skipper has ${Number(params['version']) > 1 ? `changed the crew agreement (version ${str(params, 'version')})` : 'issued a crew agreement'} for "${str(params, 'voyageTitle')}": contribution, duties and watches, house rules, what happens if you leave early, and insurance.`,
      'Please read it and accept it in the app before departure.',
    ],
    { label: 'Read the agreement', url: `${str(params, 'baseUrl')}/agreements/${str(params, 'agreementId')}` },
  ),
});

const planLines = (params: JsonObject): string[] => [
  `Boat: ${str(params, 'boatDescription')}${str(params, 'callSign') ? ` (call sign ${str(params, 'callSign')})` : ''}`,
  `Route: ${str(params, 'route')}`,
  `Departure: ${when(str(params, 'departureAt'), zoneOf(params))}. Expected arrival: ${when(str(params, 'expectedArrivalAt'), zoneOf(params))}.`,
  `Aboard: ${str(params, 'aboard')}`,
];

renderers['float-plan-filed'] = (params) => ({
  subject: `Float plan: ${str(params, 'voyageTitle')}`,
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      `${str(params, 'skipperName')} has named you as a shore contact for "${str(params, 'voyageTitle')}". Here is their float plan.`,
      ...planLines(params),
      `If "arrived" has not been reported ${'6 hours'} after the expected arrival, we will email you an overdue alert with the last known position and whom to call. You need no account: the link below shows the plan and every check-in until a few days after the voyage.`,
    ],
    { label: 'View the float plan', url: str(params, 'link') },
  ),
});

renderers['float-plan-overdue'] = (params) => ({
  subject: `OVERDUE: ${str(params, 'voyageTitle')} has not reported arriving`,
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      `"${str(params, 'voyageTitle')}" was expected to arrive at ${when(str(params, 'expectedArrivalAt'), zoneOf(params))} and nobody aboard has reported arriving since. This may only be a flat phone battery; please try to reach the skipper (${str(params, 'skipperName')}${str(params, 'skipperPhone') ? `, ${str(params, 'skipperPhone')}` : ''}) first.`,
      str(params, 'lastPosition') ? `Last known position: ${str(params, 'lastPosition')}.` : 'No position was reported after departure.',
      ...planLines(params),
      `If you cannot reach anyone aboard, call the rescue services for the area (${str(params, 'region')}): ${str(params, 'coastguard')}. Give them the boat's description, call sign, route and the last known position above.`,
    ],
    str(params, 'link') ? { label: 'View the float plan and check-ins', url: str(params, 'link') } : undefined,
  ),
});

renderers['float-plan-arrived'] = (params) => ({
  subject: `Arrived: ${str(params, 'voyageTitle')}`,
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      `"${str(params, 'voyageTitle')}" reported arriving at ${when(str(params, 'arrivedAt'), zoneOf(params))}. You can stand down: no overdue alert will be sent for this float plan.`,
      ...planLines(params),
      'Thank you for keeping watch ashore.',
    ],
    str(params, 'link') ? { label: 'View the float plan and check-ins', url: str(params, 'link') } : undefined,
  ),
});

/** Voyage titles for the mails to members (expiry, agreements). */
const safetyMailParams: Record<string, MailParamResolver> = {
  'application-expired': async (dataSource: DataSource, params: JsonObject) => voyageTitle(dataSource, params),
  'agreement-issued': async (dataSource: DataSource, params: JsonObject) => voyageTitle(dataSource, params),
};

async function voyageTitle(dataSource: DataSource, params: JsonObject): Promise<JsonObject> {
  const [voyage] = await dataSource.query<{ title: string }[]>('SELECT title FROM voyage_summaries WHERE voyage_id = $1', [String(params['voyageId'] ?? '')]);
  return { voyageTitle: voyage?.title ?? '' };
}

export const SEND_SAFETY_EMAIL_JOB = 'send-safety-email';

/**
 * Mail to people who may have no account: shore contacts (named by the id of
 * their row) and the emergency contacts of those aboard (named by the member's
 * user id). Job ids and payloads hold ids only; the address and the plan are
 * read when the mail is sent, and what was sent is recorded under the job id,
 * so a replay or a retried job never mails twice.
 */
export interface SafetyEmailJobData extends JsonObject {
  template: 'float-plan-filed' | 'float-plan-overdue' | 'float-plan-arrived';
  to: { kind: 'shore' | 'emergency'; id: string };
  voyageId: string;
  params: JsonObject;
}

export const safetyEmailJob = (sourceId: string, data: SafetyEmailJobData): { id: string; name: string; data: SafetyEmailJobData } => ({
  id: `${sourceId}:${data.to.kind}:${data.to.id}:${data.template}`,
  name: SEND_SAFETY_EMAIL_JOB,
  data,
});

/** The safety mails go to people without an account (emergency contacts), so this context renders and sends them itself. */
const renderSafetyMail = (template: string, params: JsonObject): RenderedEmail => {
  const render = renderers[template];
  if (!render) throw new Error(`Unknown email template ${template}`);
  return render(params);
};

export const createSendSafetyEmailHandler =
  (dataSource: DataSource, transport: MailTransport, from: string, baseUrl: string): JobHandler =>
  async (raw, { jobId, attempt }) => {
    const data = raw as SafetyEmailJobData;
    const done = await dataSource.query<{ id: string }[]>(`SELECT id FROM email_messages WHERE dedupe_key = $1 AND status IN ('sent', 'skipped')`, [jobId]);
    if (done.length > 0) return;
    let recipient: { name: string; email: string; link: string } | null = null;
    if (data.to.kind === 'shore') {
      const [contact] = await dataSource.query<{ id: string; name: string; email: string; link_key: string }[]>(
        'SELECT id, name, email, link_key FROM float_plan_contacts WHERE id = $1',
        [data.to.id],
      );
      if (contact) recipient = { name: contact.name, email: contact.email, link: `${baseUrl}/float-plans/${floatPlanToken(contact.id, contact.link_key)}` };
    } else {
      const [user] = await dataSource.query<{ emergency_contact: { name?: string; email?: string } | null }[]>('SELECT emergency_contact FROM users WHERE id = $1', [data.to.id]);
      const contact = user?.emergency_contact;
      if (contact?.email) recipient = { name: contact.name ?? '', email: contact.email, link: '' };
    }
    const plan = await loadFloatPlan(dataSource, data.voyageId, true);
    const record = (status: 'sent' | 'failed' | 'skipped', email: { subject: string; text: string; html: string } | null, error: string | null): Promise<unknown> =>
      dataSource.query(
        `INSERT INTO email_messages (dedupe_key, template, recipient, recipient_id, subject, text_body, html_body, transport, status, error, attempts, sent_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, CASE WHEN $9 = 'sent' THEN now() END)
         ON CONFLICT (dedupe_key) DO UPDATE SET status = EXCLUDED.status, error = EXCLUDED.error, attempts = EXCLUDED.attempts, sent_at = EXCLUDED.sent_at`,
        [jobId, data.template, recipient?.email ?? '', data.to.id, email?.subject ?? '', email?.text ?? '', email?.html ?? '', transport.kind, status, error, attempt],
      );
    if (!recipient) {
      await record('skipped', null, 'no address for this contact');
      return;
    }
    // The mail reads the plan from the trust read model, which a reactor may reach before the
    // projector has: not there yet is a retry (with the queue's backoff), not a skipped mail.
    if (!plan) throw new Error('the float plan is not in its read model yet; retrying');
    const aboard = plan.aboard.map((person) => `${person.name}${person.role === 'skipper' ? ' (skipper)' : ''}`).join(', ');
    const email = renderSafetyMail(data.template, {
      ...data.params,
      firstName: recipient.name.split(' ')[0] ?? '',
      voyageTitle: plan.voyage_title,
      skipperName: plan.skipper.name,
      skipperPhone: plan.skipper.phone,
      boatDescription: plan.boat_description,
      callSign: plan.call_sign,
      route: plan.route.map((leg) => `${leg.from} → ${leg.to} (${leg.distance_nm} nm)`).join(', '),
      departureAt: plan.departure_at,
      expectedArrivalAt: plan.expected_arrival_at,
      aboard,
      lastPosition: plan.last_position
        ? `${plan.last_position.lat.toFixed(4)}, ${plan.last_position.lon.toFixed(4)} at ${when(plan.last_position.at, plan.time_zone ?? undefined)}`
        : '',
      timeZone: plan.time_zone ?? '',
      region: plan.coastguard.name,
      coastguard: plan.coastguard.contacts.join('; '),
      link: recipient.link,
    });
    let error: unknown = null;
    try {
      await transport.send({ from, to: recipient.email, subject: email.subject, text: email.text, html: email.html });
    } catch (caught) {
      error = caught;
    }
    await record(error ? 'failed' : 'sent', email, error ? (error instanceof Error ? error.message : String(error)).slice(0, 2000) : null);
    if (error) throw error;
  };

/** The context's templates and the personal values they read when each mail is sent. */
export const safetyMail = new MailTemplates(renderers, safetyMailParams);
