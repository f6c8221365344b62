import { formatPortTime } from '@crew/contracts';
import type { JsonObject } from '@crew/domain';
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { DataSource } from 'typeorm';
import type { JobHandler } from '../../platform/jobs/job-queue.port';
import { layout, str, type MailRenderers, type RenderedEmail } from '../../platform/mail/email-templates';
import { MailTemplates } from '../../platform/contributions';
import { intlLocale, localeOf, mailI18n, mailLocale } from '../../platform/mail/mail-i18n';
import { localizedUrl } from '../../platform/mail/mail-links';
import type { MailTransport } from '../../platform/mail/mail-transport';
import { mailMessageId, untilRecorded, type MailParamResolver } from '../../platform/mail/send-email.job';
import { floatPlanToken } from './queries/get-float-plan.query';
import { loadFloatPlan } from './safety-read-model';

/**
 * A time as the float plan page shows it: local to the departure port, with
 * its zone (`timeZone` in the mail's params), in the mail's language.
 */
const when = (iso: string, i18n: I18n, timeZone?: string): string => (iso ? formatPortTime(iso, timeZone || null, localeOf(i18n)) : '');
/** The port's zone a mail's times are shown in. */
const zoneOf = (params: JsonObject): string => str(params, 'timeZone');

const renderers: MailRenderers = {};

renderers['application-expired'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  const voyageTitle = str(params, 'voyageTitle');
  const title = voyageTitle || t(i18n)`a voyage`;
  return {
    subject: t(i18n)`Your application expired: ${title}`,
    ...layout(
      [
        t(i18n)`Hello ${firstName},`,
        params['reason'] === 'departed'
          ? t(i18n)`"${voyageTitle}" has departed and the skipper did not answer your application, so it has expired.`
          : t(i18n)`The skipper of "${voyageTitle}" has not answered your application within 14 days, so it has expired.`,
        t(i18n)`You are free to apply for other voyages: there are plenty of skippers looking for crew.`,
      ],
      { label: t(i18n)`Browse voyages`, url: `${str(params, 'baseUrl')}/voyages` },
      localeOf(i18n),
    ),
  };
};

renderers['agreement-issued'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  const voyageTitle = str(params, 'voyageTitle');
  const title = voyageTitle || t(i18n)`your voyage`;
  const version = str(params, 'version');
  return {
    subject: t(i18n)`Crew agreement to read: ${title}`,
    ...layout(
      [
        t(i18n)`Hello ${firstName},`,
        Number(params['version']) > 1
          ? t(
              i18n,
            )`Your skipper has changed the crew agreement (version ${version}) for "${voyageTitle}": contribution, duties and watches, house rules, what happens if you leave early, and insurance.`
          : t(i18n)`Your skipper has issued a crew agreement for "${voyageTitle}": contribution, duties and watches, house rules, what happens if you leave early, and insurance.`,
        t(i18n)`Please read it and accept it in the app before departure.`,
      ],
      { label: t(i18n)`Read the agreement`, url: `${str(params, 'baseUrl')}/agreements/${str(params, 'agreementId')}` },
      localeOf(i18n),
    ),
  };
};

const planLines = (params: JsonObject, i18n: I18n): string[] => {
  const boat = str(params, 'boatDescription');
  const callSign = str(params, 'callSign');
  const route = str(params, 'route');
  const departure = when(str(params, 'departureAt'), i18n, zoneOf(params));
  const arrival = when(str(params, 'expectedArrivalAt'), i18n, zoneOf(params));
  const aboard = str(params, 'aboard');
  return [
    callSign ? t(i18n)`Boat: ${boat} (call sign ${callSign})` : t(i18n)`Boat: ${boat}`,
    t(i18n)`Route: ${route}`,
    t(i18n)`Departure: ${departure}. Expected arrival: ${arrival}.`,
    t(i18n)`Aboard: ${aboard}`,
  ];
};

renderers['float-plan-filed'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  const voyageTitle = str(params, 'voyageTitle');
  const skipperName = str(params, 'skipperName');
  return {
    subject: t(i18n)`Float plan: ${voyageTitle}`,
    ...layout(
      [
        t(i18n)`Hello ${firstName},`,
        t(i18n)`${skipperName} has named you as a shore contact for "${voyageTitle}". Here is their float plan.`,
        ...planLines(params, i18n),
        t(
          i18n,
        )`If "arrived" has not been reported 6 hours after the expected arrival, we will email you an overdue alert with the last known position and whom to call. You need no account: the link below shows the plan and every check-in until a few days after the voyage.`,
      ],
      { label: t(i18n)`View the float plan`, url: str(params, 'link') },
      localeOf(i18n),
    ),
  };
};

renderers['float-plan-overdue'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  const voyageTitle = str(params, 'voyageTitle');
  const expectedArrival = when(str(params, 'expectedArrivalAt'), i18n, zoneOf(params));
  const skipperContact = [str(params, 'skipperName'), str(params, 'skipperPhone')].filter((part) => part !== '').join(', ');
  const lastPosition = str(params, 'lastPosition');
  const region = str(params, 'region');
  const coastguard = str(params, 'coastguard');
  return {
    subject: t(i18n)`OVERDUE: ${voyageTitle} has not reported arriving`,
    ...layout(
      [
        t(i18n)`Hello ${firstName},`,
        t(
          i18n,
        )`"${voyageTitle}" was expected to arrive at ${expectedArrival} and nobody aboard has reported arriving since. This may only be a flat phone battery; please try to reach the skipper (${skipperContact}) first.`,
        lastPosition ? t(i18n)`Last known position: ${lastPosition}.` : t(i18n)`No position was reported after departure.`,
        ...planLines(params, i18n),
        t(
          i18n,
        )`If you cannot reach anyone aboard, call the rescue services for the area (${region}): ${coastguard}. Give them the boat's description, call sign, route and the last known position above.`,
      ],
      str(params, 'link') ? { label: t(i18n)`View the float plan and check-ins`, url: str(params, 'link') } : undefined,
      localeOf(i18n),
    ),
  };
};

renderers['float-plan-arrived'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  const voyageTitle = str(params, 'voyageTitle');
  const arrivedAt = when(str(params, 'arrivedAt'), i18n, zoneOf(params));
  return {
    subject: t(i18n)`Arrived: ${voyageTitle}`,
    ...layout(
      [
        t(i18n)`Hello ${firstName},`,
        t(i18n)`"${voyageTitle}" reported arriving at ${arrivedAt}. You can stand down: no overdue alert will be sent for this float plan.`,
        ...planLines(params, i18n),
        t(i18n)`Thank you for keeping watch ashore.`,
      ],
      str(params, 'link') ? { label: t(i18n)`View the float plan and check-ins`, url: str(params, 'link') } : undefined,
      localeOf(i18n),
    ),
  };
};

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
const renderSafetyMail = (template: string, params: JsonObject, i18n: I18n): RenderedEmail => {
  const render = renderers[template];
  if (!render) throw new Error(`Unknown email template ${template}`);
  return render(params, i18n);
};

/** Distances as the mail's language writes numbers (English as the plan records them). */
const nauticalMiles = (distance: number, i18n: I18n): string => (localeOf(i18n) === 'en' ? String(distance) : distance.toLocaleString(intlLocale(i18n)));

/** A reported position (decimal degrees, as a chart plotter takes them) and when it was reported. */
const positionAt = (position: { lat: number; lon: number; at: string }, i18n: I18n, timeZone?: string): string => {
  const coordinates = `${position.lat.toFixed(4)}, ${position.lon.toFixed(4)}`;
  const at = when(position.at, i18n, timeZone);
  return t(i18n)`${coordinates} at ${at}`;
};

export const createSendSafetyEmailHandler =
  (dataSource: DataSource, transport: MailTransport, from: string, baseUrl: string): JobHandler =>
  async (raw, { jobId, attempt }) => {
    const data = raw as SafetyEmailJobData;
    const done = await dataSource.query<{ id: string }[]>(`SELECT id FROM email_messages WHERE dedupe_key = $1 AND status IN ('sent', 'skipped')`, [jobId]);
    if (done.length > 0) return;
    // People without an account have no language of their own: a shore contact reads the skipper's, an
    // emergency contact the language of the member who named them.
    let recipient: { name: string; email: string; link: string; locale: string } | null = null;
    if (data.to.kind === 'shore') {
      const [contact] = await dataSource.query<{ id: string; name: string; email: string; link_key: string; locale: string | null }[]>(
        `SELECT c.id, c.name, c.email, c.link_key,
                (SELECT u.locale FROM voyage_summaries v JOIN users u ON u.id = v.skipper_id WHERE v.voyage_id = $2) AS locale
           FROM float_plan_contacts c WHERE c.id = $1`,
        [data.to.id, data.voyageId],
      );
      if (contact)
        recipient = { name: contact.name, email: contact.email, link: `${baseUrl}/float-plans/${floatPlanToken(contact.id, contact.link_key)}`, locale: contact.locale ?? '' };
    } else {
      const [user] = await dataSource.query<{ emergency_contact: { name?: string; email?: string } | null; locale: string }[]>(
        'SELECT emergency_contact, locale FROM users WHERE id = $1',
        [data.to.id],
      );
      const contact = user?.emergency_contact;
      if (contact?.email) recipient = { name: contact.name ?? '', email: contact.email, link: '', locale: user?.locale ?? '' };
    }
    const plan = await loadFloatPlan(dataSource, data.voyageId, true);
    // A mail naming someone erased while it was being sent (the contact, the member who named them, anyone
    // aboard) keeps no address, subject or text: the erasure scrubs the mails recorded before its account
    // stage, and this one may be recorded after its scrub.
    const named = plan?.aboard.map((person) => person.id) ?? [];
    const record = (status: 'sent' | 'failed' | 'skipped', email: { subject: string; text: string; html: string } | null, error: string | null): Promise<unknown> =>
      dataSource.query(
        `INSERT INTO email_messages (dedupe_key, template, recipient, recipient_id, subject, text_body, html_body, transport, status, error, attempts, sent_at)
         SELECT $1::text, $2::text, CASE WHEN g.gone THEN '' ELSE $3::text END, $4::uuid, CASE WHEN g.gone THEN '' ELSE $5::text END,
                CASE WHEN g.gone THEN '' ELSE $6::text END, CASE WHEN g.gone THEN '' ELSE $7::text END, $8::text, $9::text, $10::text, $11::int,
                CASE WHEN $9::text = 'sent' THEN now() END
           FROM (SELECT CASE WHEN $12::text = 'shore' THEN NOT EXISTS (SELECT 1 FROM float_plan_contacts WHERE id = $4::uuid)
                             ELSE NOT EXISTS (SELECT 1 FROM users WHERE id = $4::uuid) END
                        OR EXISTS (SELECT 1 FROM unnest($13::uuid[]) AS a(id) WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a.id)) AS gone) g
         ON CONFLICT (dedupe_key) DO UPDATE SET status = EXCLUDED.status, error = EXCLUDED.error, attempts = EXCLUDED.attempts, sent_at = EXCLUDED.sent_at`,
        [
          jobId,
          data.template,
          recipient?.email ?? '',
          data.to.id,
          email?.subject ?? '',
          email?.text ?? '',
          email?.html ?? '',
          transport.kind,
          status,
          error,
          attempt,
          data.to.kind,
          named,
        ],
      );
    if (!recipient) {
      await record('skipped', null, 'no address for this contact');
      return;
    }
    // The mail reads the plan from the trust read model, which a reactor may reach before the
    // projector has: not there yet is a retry (with the queue's backoff), not a skipped mail.
    if (!plan) throw new Error('the float plan is not in its read model yet; retrying');
    const locale = mailLocale(recipient.locale);
    const i18n = mailI18n(locale);
    const aboard = plan.aboard.map(({ name, role }) => (role === 'skipper' ? t(i18n)`${name} (skipper)` : name)).join(', ');
    const email = renderSafetyMail(
      data.template,
      {
        ...data.params,
        firstName: recipient.name.split(' ')[0] ?? '',
        voyageTitle: plan.voyage_title,
        skipperName: plan.skipper.name,
        skipperPhone: plan.skipper.phone,
        boatDescription: plan.boat_description,
        callSign: plan.call_sign,
        route: plan.route
          .map((leg) => {
            const from = leg.from;
            const to = leg.to;
            const distance = nauticalMiles(leg.distance_nm, i18n);
            return t(i18n)`${from} → ${to} (${distance} nm)`;
          })
          .join(', '),
        departureAt: plan.departure_at,
        expectedArrivalAt: plan.expected_arrival_at,
        aboard,
        lastPosition: plan.last_position ? positionAt(plan.last_position, i18n, plan.time_zone ?? undefined) : '',
        timeZone: plan.time_zone ?? '',
        region: plan.coastguard.name,
        coastguard: plan.coastguard.contacts.join('; '),
        // The float plan's page opens in the mail's language.
        link: recipient.link && localizedUrl(recipient.link, baseUrl, locale),
      },
      i18n,
    );
    let error: unknown = null;
    try {
      await transport.send({ from, to: recipient.email, subject: email.subject, text: email.text, html: email.html, messageId: mailMessageId(jobId, from) });
    } catch (caught) {
      error = caught;
    }
    if (error) {
      await record('failed', email, (error instanceof Error ? error.message : String(error)).slice(0, 2000));
      throw error;
    }
    // Handed to the SMTP server: recorded through a database restart, or a retried job would mail it twice.
    await untilRecorded(() => record('sent', email, null));
  };

/** The context's templates, the personal values they read when each mail is sent, and their kind of mail. */
export const safetyMail = new MailTemplates(renderers, safetyMailParams, {
  'application-expired': 'application_updates',
  'agreement-issued': 'application_updates',
  // Float plans go to shore and emergency contacts (often without an account), through this context's own job: always sent.
  'float-plan-filed': 'safety',
  'float-plan-overdue': 'safety',
  'float-plan-arrived': 'safety',
});
