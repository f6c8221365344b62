import type { Locale } from '@crew/rules';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isTranslated, mailI18n } from './mail-i18n';

/**
 * The email templates administrators may edit, with the text they ship with
 * and the variables each accepts. Each template has a version per language:
 * the mail pipeline renders the stored copy in the recipient's language
 * (`email_templates`), the English one when that language has none, and the
 * built-in renderer when the table gives nothing. The shipped text is written
 * as Lingui messages, so it ships in every language the catalogue translates
 * it into. Marketing templates (campaigns) always get an unsubscribe footer
 * and are not sent to users who opted out; transactional ones are never
 * suppressed.
 */
export interface TemplateVariable {
  readonly name: string;
  readonly description: string;
}

/** A piece of shipped text: a message to translate, or a variable alone (the same in every language). */
export type ShippedPiece = MessageDescriptor | string;

/** The text a template ships with, as messages: the subject, each paragraph of the body, the button's label. */
export interface ShippedMessages {
  readonly subject: ShippedPiece;
  readonly paragraphs: readonly ShippedPiece[];
  readonly actionLabel: ShippedPiece | null;
}

export interface TemplateDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly category: 'transactional' | 'marketing';
  readonly shipped: ShippedMessages;
  readonly actionUrl: string | null;
  readonly variables: readonly TemplateVariable[];
  /** Values the preview fills in. */
  readonly sample: Readonly<Record<string, string>>;
}

/** A template's text in one language, as `email_templates` stores it. */
export interface TemplateText {
  readonly subject: string;
  readonly body: string;
  readonly action_label: string | null;
  readonly action_url: string | null;
}

// The variables as the stored text writes them ({{name}}): each message names them as ICU arguments, so a
// translation moves them where its language puts them and the stored copy gets them back in braces.
const firstName = '{{firstName}}';
const voyageTitle = '{{voyageTitle}}';
const applicantName = '{{applicantName}}';
const legs = '{{legs}}';
const message = '{{message}}';
const skipperName = '{{skipperName}}';
const departure = '{{departure}}';
const subject = '{{subject}}';

const firstNameVariable: TemplateVariable = { name: 'firstName', description: "The recipient's first name" };
const baseUrlVariable: TemplateVariable = { name: 'baseUrl', description: 'The address of the site (PUBLIC_URL)' };
const linkVariable: TemplateVariable = { name: 'link', description: 'The one-time link the mail exists for' };
const voyageTitleVariable: TemplateVariable = { name: 'voyageTitle', description: 'Title of the voyage' };
const voyageIdVariable: TemplateVariable = { name: 'voyageId', description: 'Id of the voyage (for links)' };

const SAMPLE = {
  firstName: 'Alex',
  baseUrl: 'https://crewfinder.app',
  link: 'https://crewfinder.app/verify-email?token=sample',
  voyageTitle: 'Channel Islands Hop',
  voyageId: '00000000-0000-4000-8000-000000000000',
  applicantName: 'Sam Taylor',
  legs: 'whole voyage',
  message: 'A short message written for this mail.',
  skipperName: 'Jo Marsh',
  departure: '2026-06-01',
  subject: 'News from Crew Finder',
} as const;

const hello = msg`Hello ${firstName},`;

const definitions: TemplateDefinition[] = [
  {
    name: 'verify-email',
    title: 'Email verification',
    description: 'Sent at registration and on "Resend verification email"',
    category: 'transactional',
    shipped: {
      subject: msg`Verify your email address`,
      paragraphs: [msg`Welcome aboard, ${firstName}!`, msg`Please confirm that this is your email address so skippers and crew know they can reach you. The link works once.`],
      actionLabel: msg`Verify my email`,
    },
    actionUrl: '{{link}}',
    variables: [firstNameVariable, linkVariable],
    sample: SAMPLE,
  },
  {
    name: 'reset-password',
    title: 'Password reset',
    description: 'Sent on "Forgot password"; the link is valid for 1 hour',
    category: 'transactional',
    shipped: {
      subject: msg`Reset your Crew Finder password`,
      paragraphs: [
        hello,
        msg`Someone asked to reset the password of your Crew Finder account. If it was you, choose a new password with the link below: it is valid for 1 hour and works once.`,
        msg`If you did not ask for this, ignore this email; your password stays as it is.`,
      ],
      actionLabel: msg`Choose a new password`,
    },
    actionUrl: '{{link}}',
    variables: [firstNameVariable, linkVariable],
    sample: SAMPLE,
  },
  {
    name: 'sign-in-link',
    title: 'Sign-in link',
    description: 'Sent on "Email me a sign-in link"; valid 15 minutes',
    category: 'transactional',
    shipped: {
      subject: msg`Your Crew Finder sign-in link`,
      paragraphs: [
        hello,
        msg`Here is the sign-in link you asked for. It signs you in once, within 15 minutes, without your password.`,
        msg`If you did not ask for it, ignore this email: nobody can use the link without access to your inbox. Someone may be trying to guess your password; choosing a new one is a good idea.`,
      ],
      actionLabel: msg`Sign me in`,
    },
    actionUrl: '{{link}}',
    variables: [firstNameVariable, linkVariable],
    sample: SAMPLE,
  },
  {
    name: 'confirm-email-change',
    title: 'Confirm a new email address',
    description: 'Sent to the new address when a member changes their email; valid 24 hours',
    category: 'transactional',
    shipped: {
      subject: msg`Confirm your new Crew Finder email address`,
      paragraphs: [
        hello,
        msg`You asked to use this address for your Crew Finder account. Your address changes when you open the link below: it is valid for 24 hours and works once. Until then you sign in with your current address.`,
        msg`If you did not ask for this, ignore this email; nothing changes.`,
      ],
      actionLabel: msg`Confirm my new email`,
    },
    actionUrl: '{{link}}',
    variables: [firstNameVariable, linkVariable],
    sample: SAMPLE,
  },
  {
    name: 'email-change-notice',
    title: 'Email change notice',
    description: 'Sent to the old address when a member changes their email, with a link (7 days) that undoes it and signs out everywhere',
    category: 'transactional',
    shipped: {
      subject: msg`Your Crew Finder email address is being changed`,
      paragraphs: [
        hello,
        msg`Someone signed in to your Crew Finder account asked to change its email address from this one to another. The change takes effect once the new address is confirmed.`,
        msg`If it was you, there is nothing to do. If it was not, open the link below within 7 days: it keeps (or brings back) this address, signs your account out everywhere, and lets you choose a new password.`,
      ],
      actionLabel: msg`This was not me: undo the change`,
    },
    actionUrl: '{{link}}',
    variables: [firstNameVariable, linkVariable],
    sample: SAMPLE,
  },
  {
    name: 'application-received',
    title: 'Application received',
    description: 'Tells a skipper about a new application to their voyage',
    category: 'transactional',
    shipped: {
      subject: msg`New application for ${voyageTitle}`,
      paragraphs: [
        hello,
        msg`${applicantName} has applied to join "${voyageTitle}" (${legs}).`,
        msg`Their message: “${message}”`,
        msg`Look at their profile, experience and skills, then accept or reject the application.`,
      ],
      actionLabel: msg`Review applications`,
    },
    actionUrl: '{{baseUrl}}/voyages/{{voyageId}}/applications',
    variables: [
      firstNameVariable,
      { name: 'applicantName', description: "The applicant's name" },
      voyageTitleVariable,
      { name: 'legs', description: 'The legs applied for ("whole voyage" or their ports)' },
      { name: 'message', description: "The applicant's message (the paragraph is left out when there is none)" },
      baseUrlVariable,
      voyageIdVariable,
    ],
    sample: SAMPLE,
  },
  {
    name: 'application-accepted',
    title: 'Application accepted',
    description: 'Tells a crew member the skipper accepted them',
    category: 'transactional',
    shipped: {
      subject: msg`You're on the crew: ${voyageTitle}`,
      paragraphs: [
        hello,
        msg`Good news: ${skipperName} has accepted your application for "${voyageTitle}", departing ${departure}.`,
        msg`The voyage page has the route, dates and boat. Get in touch with your skipper to plan the details.`,
      ],
      actionLabel: msg`Open the voyage`,
    },
    actionUrl: '{{baseUrl}}/voyages/{{voyageId}}',
    variables: [
      firstNameVariable,
      { name: 'skipperName', description: "The skipper's name" },
      voyageTitleVariable,
      { name: 'departure', description: 'Departure date' },
      baseUrlVariable,
      voyageIdVariable,
    ],
    sample: SAMPLE,
  },
  {
    name: 'application-rejected',
    title: 'Application not selected',
    description: 'Tells a crew member the skipper did not select them',
    category: 'transactional',
    shipped: {
      subject: msg`Your application for ${voyageTitle}`,
      paragraphs: [
        hello,
        msg`Thank you for applying to "${voyageTitle}". The skipper has not selected you for this voyage.`,
        msg`There are many more voyages looking for crew; the next one may be a better fit.`,
      ],
      actionLabel: msg`Browse other voyages`,
    },
    actionUrl: '{{baseUrl}}/voyages',
    variables: [firstNameVariable, voyageTitleVariable, baseUrlVariable],
    sample: SAMPLE,
  },
  {
    name: 'voyage-cancelled',
    title: 'Voyage cancelled',
    description: 'Tells every applicant that the skipper cancelled the voyage',
    category: 'transactional',
    shipped: {
      subject: msg`Voyage cancelled: ${voyageTitle}`,
      paragraphs: [
        hello,
        msg`The skipper has cancelled "${voyageTitle}", which you applied to. Your application is closed; nothing more is needed from you.`,
        msg`Other voyages are looking for crew on similar dates and routes.`,
      ],
      actionLabel: msg`Browse voyages`,
    },
    actionUrl: '{{baseUrl}}/voyages',
    variables: [firstNameVariable, voyageTitleVariable, baseUrlVariable],
    sample: SAMPLE,
  },
  ...(['admin_contact', 'admin_voyage_contact'] as const).map((name): TemplateDefinition => ({
    name,
    title: name === 'admin_contact' ? 'Admin contact' : 'Admin voyage contact',
    description: name === 'admin_contact' ? 'An administrator writes to a user (User Management → Send email)' : 'An administrator writes to a skipper about one of their voyages',
    category: 'transactional',
    shipped: { subject, paragraphs: [hello, msg`About your voyage "${voyageTitle}":`, message], actionLabel: msg`Open the voyage` },
    actionUrl: '{{baseUrl}}/voyages/{{voyageId}}',
    variables: [
      firstNameVariable,
      { name: 'subject', description: "The administrator's subject" },
      { name: 'message', description: "The administrator's text" },
      { name: 'voyageTitle', description: 'Title of the voyage (voyage contact only; the paragraph is left out otherwise)' },
      baseUrlVariable,
      { name: 'voyageId', description: 'Id of the voyage (the button shows only for a voyage contact)' },
    ],
    sample: SAMPLE,
  })),
  {
    name: 'campaign',
    title: 'Email campaign',
    description: 'Support → Send Email Campaign; an unsubscribe link is always added',
    category: 'marketing',
    shipped: { subject, paragraphs: [hello, message], actionLabel: null },
    actionUrl: null,
    variables: [firstNameVariable, { name: 'subject', description: "The campaign's subject" }, { name: 'message', description: "The campaign's message" }, baseUrlVariable],
    sample: SAMPLE,
  },
];

export const TEMPLATE_DEFINITIONS: Readonly<Record<string, TemplateDefinition>> = Object.fromEntries(definitions.map((d) => [d.name, d]));

export const isMarketingTemplate = (name: string): boolean => TEMPLATE_DEFINITIONS[name]?.category === 'marketing';

/** The messages a template's shipped text is made of. */
const messagesOf = (definition: TemplateDefinition): MessageDescriptor[] =>
  [definition.shipped.subject, ...definition.shipped.paragraphs, definition.shipped.actionLabel].filter(
    (piece): piece is MessageDescriptor => typeof piece === 'object' && piece !== null,
  );

const say = (i18n: I18n, piece: ShippedPiece): string => (typeof piece === 'string' ? piece : i18n._(piece));

/** The text a template ships with, in the translator's language (paragraphs separated by a blank line). */
export const shippedText = (definition: TemplateDefinition, i18n: I18n): TemplateText => ({
  subject: say(i18n, definition.shipped.subject),
  body: definition.shipped.paragraphs.map((paragraph) => say(i18n, paragraph)).join('\n\n'),
  action_label: definition.shipped.actionLabel === null ? null : say(i18n, definition.shipped.actionLabel),
  action_url: definition.actionUrl,
});

/**
 * The text a template ships with in a language, or null when the product has
 * no translation of it in that language (its recipients then get the
 * English version). English always has one.
 */
export const shippedVersion = (definition: TemplateDefinition, locale: Locale): TemplateText | null => {
  const i18n = mailI18n(locale);
  return messagesOf(definition).every((descriptor) => isTranslated(i18n, descriptor)) ? shippedText(definition, i18n) : null;
};
