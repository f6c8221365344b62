/**
 * The email templates administrators may edit, with the text they ship with
 * and the variables each accepts. The mail pipeline renders the stored copy
 * (`email_templates`) and falls back to the built-in renderer of
 * email-templates.ts when there is none. Marketing templates (campaigns)
 * always get an unsubscribe footer and are not sent to users who opted out;
 * transactional ones are never suppressed.
 */
export interface TemplateVariable {
  readonly name: string;
  readonly description: string;
}

export interface TemplateDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly category: 'transactional' | 'marketing';
  readonly subject: string;
  readonly body: string;
  readonly actionLabel: string | null;
  readonly actionUrl: string | null;
  readonly variables: readonly TemplateVariable[];
  /** Values the preview fills in. */
  readonly sample: Readonly<Record<string, string>>;
}

const firstName: TemplateVariable = { name: 'firstName', description: "The recipient's first name" };
const baseUrl: TemplateVariable = { name: 'baseUrl', description: 'The address of the site (PUBLIC_URL)' };
const link: TemplateVariable = { name: 'link', description: 'The one-time link the mail exists for' };
const voyageTitle: TemplateVariable = { name: 'voyageTitle', description: 'Title of the voyage' };
const voyageId: TemplateVariable = { name: 'voyageId', description: 'Id of the voyage (for links)' };

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

const definitions: TemplateDefinition[] = [
  {
    name: 'verify-email',
    title: 'Email verification',
    description: 'Sent at registration and on "Resend verification email"',
    category: 'transactional',
    subject: 'Verify your email address',
    body: 'Welcome aboard, {{firstName}}!\n\nPlease confirm that this is your email address so skippers and crew know they can reach you. The link works once.',
    actionLabel: 'Verify my email',
    actionUrl: '{{link}}',
    variables: [firstName, link],
    sample: SAMPLE,
  },
  {
    name: 'reset-password',
    title: 'Password reset',
    description: 'Sent on "Forgot password"; the link is valid for 1 hour',
    category: 'transactional',
    subject: 'Reset your Crew Finder password',
    body: 'Hello {{firstName}},\n\nSomeone asked to reset the password of your Crew Finder account. If it was you, choose a new password with the link below: it is valid for 1 hour and works once.\n\nIf you did not ask for this, ignore this email; your password stays as it is.',
    actionLabel: 'Choose a new password',
    actionUrl: '{{link}}',
    variables: [firstName, link],
    sample: SAMPLE,
  },
  {
    name: 'sign-in-link',
    title: 'Sign-in link',
    description: 'Sent on "Email me a sign-in link"; valid 15 minutes',
    category: 'transactional',
    subject: 'Your Crew Finder sign-in link',
    body: 'Hello {{firstName}},\n\nHere is the sign-in link you asked for. It signs you in once, within 15 minutes, without your password.\n\nIf you did not ask for it, ignore this email: nobody can use the link without access to your inbox. Someone may be trying to guess your password; choosing a new one is a good idea.',
    actionLabel: 'Sign me in',
    actionUrl: '{{link}}',
    variables: [firstName, link],
    sample: SAMPLE,
  },
  {
    name: 'confirm-email-change',
    title: 'Confirm a new email address',
    description: 'Sent to the new address when a member changes their email; valid 24 hours',
    category: 'transactional',
    subject: 'Confirm your new Crew Finder email address',
    body: 'Hello {{firstName}},\n\nYou asked to use this address for your Crew Finder account. Your address changes when you open the link below: it is valid for 24 hours and works once. Until then you sign in with your current address.\n\nIf you did not ask for this, ignore this email; nothing changes.',
    actionLabel: 'Confirm my new email',
    actionUrl: '{{link}}',
    variables: [firstName, link],
    sample: SAMPLE,
  },
  {
    name: 'email-change-notice',
    title: 'Email change notice',
    description: 'Sent to the old address when a member changes their email, with a link (7 days) that undoes it and signs out everywhere',
    category: 'transactional',
    subject: 'Your Crew Finder email address is being changed',
    body: 'Hello {{firstName}},\n\nSomeone signed in to your Crew Finder account asked to change its email address from this one to another. The change takes effect once the new address is confirmed.\n\nIf it was you, there is nothing to do. If it was not, open the link below within 7 days: it keeps (or brings back) this address, signs your account out everywhere, and lets you choose a new password.',
    actionLabel: 'This was not me: undo the change',
    actionUrl: '{{link}}',
    variables: [firstName, link],
    sample: SAMPLE,
  },
  {
    name: 'application-received',
    title: 'Application received',
    description: 'Tells a skipper about a new application to their voyage',
    category: 'transactional',
    subject: 'New application for {{voyageTitle}}',
    body: 'Hello {{firstName}},\n\n{{applicantName}} has applied to join "{{voyageTitle}}" ({{legs}}).\n\nTheir message: “{{message}}”\n\nLook at their profile, experience and skills, then accept or reject the application.',
    actionLabel: 'Review applications',
    actionUrl: '{{baseUrl}}/voyages/{{voyageId}}/applications',
    variables: [
      firstName,
      { name: 'applicantName', description: "The applicant's name" },
      voyageTitle,
      { name: 'legs', description: 'The legs applied for ("whole voyage" or their ports)' },
      { name: 'message', description: "The applicant's message (the paragraph is left out when there is none)" },
      baseUrl,
      voyageId,
    ],
    sample: SAMPLE,
  },
  {
    name: 'application-accepted',
    title: 'Application accepted',
    description: 'Tells a crew member the skipper accepted them',
    category: 'transactional',
    subject: "You're on the crew: {{voyageTitle}}",
    body: 'Hello {{firstName}},\n\nGood news: {{skipperName}} has accepted your application for "{{voyageTitle}}", departing {{departure}}.\n\nThe voyage page has the route, dates and boat. Get in touch with your skipper to plan the details.',
    actionLabel: 'Open the voyage',
    actionUrl: '{{baseUrl}}/voyages/{{voyageId}}',
    variables: [firstName, { name: 'skipperName', description: "The skipper's name" }, voyageTitle, { name: 'departure', description: 'Departure date' }, baseUrl, voyageId],
    sample: SAMPLE,
  },
  {
    name: 'application-rejected',
    title: 'Application not selected',
    description: 'Tells a crew member the skipper did not select them',
    category: 'transactional',
    subject: 'Your application for {{voyageTitle}}',
    body: 'Hello {{firstName}},\n\nThank you for applying to "{{voyageTitle}}". The skipper has not selected you for this voyage.\n\nThere are many more voyages looking for crew; the next one may be a better fit.',
    actionLabel: 'Browse other voyages',
    actionUrl: '{{baseUrl}}/voyages',
    variables: [firstName, voyageTitle, baseUrl],
    sample: SAMPLE,
  },
  {
    name: 'voyage-cancelled',
    title: 'Voyage cancelled',
    description: 'Tells every applicant that the skipper cancelled the voyage',
    category: 'transactional',
    subject: 'Voyage cancelled: {{voyageTitle}}',
    body: 'Hello {{firstName}},\n\nThe skipper has cancelled "{{voyageTitle}}", which you applied to. Your application is closed; nothing more is needed from you.\n\nOther voyages are looking for crew on similar dates and routes.',
    actionLabel: 'Browse voyages',
    actionUrl: '{{baseUrl}}/voyages',
    variables: [firstName, voyageTitle, baseUrl],
    sample: SAMPLE,
  },
  ...(['admin_contact', 'admin_voyage_contact'] as const).map((name): TemplateDefinition => ({
    name,
    title: name === 'admin_contact' ? 'Admin contact' : 'Admin voyage contact',
    description: name === 'admin_contact' ? 'An administrator writes to a user (User Management → Send email)' : 'An administrator writes to a skipper about one of their voyages',
    category: 'transactional',
    subject: '{{subject}}',
    body: 'Hello {{firstName}},\n\nAbout your voyage "{{voyageTitle}}":\n\n{{message}}',
    actionLabel: 'Open the voyage',
    actionUrl: '{{baseUrl}}/voyages/{{voyageId}}',
    variables: [
      firstName,
      { name: 'subject', description: "The administrator's subject" },
      { name: 'message', description: "The administrator's text" },
      { name: 'voyageTitle', description: 'Title of the voyage (voyage contact only; the paragraph is left out otherwise)' },
      baseUrl,
      { name: 'voyageId', description: 'Id of the voyage (the button shows only for a voyage contact)' },
    ],
    sample: SAMPLE,
  })),
  {
    name: 'campaign',
    title: 'Email campaign',
    description: 'Support → Send Email Campaign; an unsubscribe link is always added',
    category: 'marketing',
    subject: '{{subject}}',
    body: 'Hello {{firstName}},\n\n{{message}}',
    actionLabel: null,
    actionUrl: null,
    variables: [firstName, { name: 'subject', description: "The campaign's subject" }, { name: 'message', description: "The campaign's message" }, baseUrl],
    sample: SAMPLE,
  },
];

export const TEMPLATE_DEFINITIONS: Readonly<Record<string, TemplateDefinition>> = Object.fromEntries(definitions.map((d) => [d.name, d]));

export const isMarketingTemplate = (name: string): boolean => TEMPLATE_DEFINITIONS[name]?.category === 'marketing';
