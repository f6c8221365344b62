import { formatter } from '@lingui/format-po';
import { msg } from '@lingui/core/macro';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compiledId, LOCALES } from '@crew/rules';
import { mailI18n, parsePo, readCatalogue } from './mail-i18n';
import { shippedVersion, TEMPLATE_DEFINITIONS } from './template-definitions';

const CATALOGUES = path.resolve(__dirname, '../../locales');

/** The English text every editable template shipped with before it spoke other languages: English mail stays exactly as it was. */
const ENGLISH_BEFORE: Record<string, { subject: string; body: string; action_label: string | null; action_url: string | null }> = {
  'verify-email': {
    subject: 'Verify your email address',
    body: 'Welcome aboard, {{firstName}}!\n\nPlease confirm that this is your email address so skippers and crew know they can reach you. The link works once.',
    action_label: 'Verify my email',
    action_url: '{{link}}',
  },
  'reset-password': {
    subject: 'Reset your Crew Finder password',
    body: 'Hello {{firstName}},\n\nSomeone asked to reset the password of your Crew Finder account. If it was you, choose a new password with the link below: it is valid for 1 hour and works once.\n\nIf you did not ask for this, ignore this email; your password stays as it is.',
    action_label: 'Choose a new password',
    action_url: '{{link}}',
  },
  'sign-in-link': {
    subject: 'Your Crew Finder sign-in link',
    body: 'Hello {{firstName}},\n\nHere is the sign-in link you asked for. It signs you in once, within 15 minutes, without your password.\n\nIf you did not ask for it, ignore this email: nobody can use the link without access to your inbox. Someone may be trying to guess your password; choosing a new one is a good idea.',
    action_label: 'Sign me in',
    action_url: '{{link}}',
  },
  'confirm-email-change': {
    subject: 'Confirm your new Crew Finder email address',
    body: 'Hello {{firstName}},\n\nYou asked to use this address for your Crew Finder account. Your address changes when you open the link below: it is valid for 24 hours and works once. Until then you sign in with your current address.\n\nIf you did not ask for this, ignore this email; nothing changes.',
    action_label: 'Confirm my new email',
    action_url: '{{link}}',
  },
  'email-change-notice': {
    subject: 'Your Crew Finder email address is being changed',
    body: 'Hello {{firstName}},\n\nSomeone signed in to your Crew Finder account asked to change its email address from this one to another. The change takes effect once the new address is confirmed.\n\nIf it was you, there is nothing to do. If it was not, open the link below within 7 days: it keeps (or brings back) this address, signs your account out everywhere, and lets you choose a new password.',
    action_label: 'This was not me: undo the change',
    action_url: '{{link}}',
  },
  'application-received': {
    subject: 'New application for {{voyageTitle}}',
    body: 'Hello {{firstName}},\n\n{{applicantName}} has applied to join "{{voyageTitle}}" ({{legs}}).\n\nTheir message: “{{message}}”\n\nLook at their profile, experience and skills, then accept or reject the application.',
    action_label: 'Review applications',
    action_url: '{{baseUrl}}/voyages/{{voyageId}}/applications',
  },
  'application-accepted': {
    subject: "You're on the crew: {{voyageTitle}}",
    body: 'Hello {{firstName}},\n\nGood news: {{skipperName}} has accepted your application for "{{voyageTitle}}", departing {{departure}}.\n\nThe voyage page has the route, dates and boat. Get in touch with your skipper to plan the details.',
    action_label: 'Open the voyage',
    action_url: '{{baseUrl}}/voyages/{{voyageId}}',
  },
  'application-rejected': {
    subject: 'Your application for {{voyageTitle}}',
    body: 'Hello {{firstName}},\n\nThank you for applying to "{{voyageTitle}}". The skipper has not selected you for this voyage.\n\nThere are many more voyages looking for crew; the next one may be a better fit.',
    action_label: 'Browse other voyages',
    action_url: '{{baseUrl}}/voyages',
  },
  'voyage-cancelled': {
    subject: 'Voyage cancelled: {{voyageTitle}}',
    body: 'Hello {{firstName}},\n\nThe skipper has cancelled "{{voyageTitle}}", which you applied to. Your application is closed; nothing more is needed from you.\n\nOther voyages are looking for crew on similar dates and routes.',
    action_label: 'Browse voyages',
    action_url: '{{baseUrl}}/voyages',
  },
  admin_contact: {
    subject: '{{subject}}',
    body: 'Hello {{firstName}},\n\nAbout your voyage "{{voyageTitle}}":\n\n{{message}}',
    action_label: 'Open the voyage',
    action_url: '{{baseUrl}}/voyages/{{voyageId}}',
  },
  admin_voyage_contact: {
    subject: '{{subject}}',
    body: 'Hello {{firstName}},\n\nAbout your voyage "{{voyageTitle}}":\n\n{{message}}',
    action_label: 'Open the voyage',
    action_url: '{{baseUrl}}/voyages/{{voyageId}}',
  },
  campaign: { subject: '{{subject}}', body: 'Hello {{firstName}},\n\n{{message}}', action_label: null, action_url: null },
};

describe('the mail catalogues', () => {
  it.each(LOCALES)('%s: read as Lingui reads them, by the ids the compiled code uses', (locale) => {
    const file = path.join(CATALOGUES, `${locale}.po`);
    const text = readFileSync(file, 'utf8');
    const lingui = formatter({}).parse(text, { locale, sourceLocale: 'en', filename: file }) as Record<string, { message?: string; translation?: string; obsolete?: boolean }>;
    const expected = Object.entries(lingui).filter(([, entry]) => !entry.obsolete && (entry.translation || locale === 'en'));
    const ours = parsePo(text);
    expect(ours.map((entry) => entry.msgid).sort()).toEqual(expected.map(([, entry]) => entry.message).sort());
    expect(Object.keys(readCatalogue(locale)).sort()).toEqual(expected.map(([id, entry]) => compiledId(id, entry.message)).sort());
  });

  it('finds the messages the swc plugin compiled, in each language, with their values', () => {
    const firstName = 'Alex';
    const greeting = msg`Hello ${firstName},`;
    expect(mailI18n('en')._(greeting)).toBe('Hello Alex,');
    expect(mailI18n('fr')._(greeting)).toBe('Bonjour Alex,');
    expect(mailI18n('de')._(greeting)).toBe('Hallo Alex,');
    expect(mailI18n('es')._(greeting)).toBe('Hola, Alex:');
    expect(mailI18n('it')._(greeting)).toBe('Ciao Alex,');
  });

  it('reads multi-line and escaped entries, and leaves obsolete ones out', () => {
    const entries = parsePo(
      [
        'msgid ""',
        'msgstr ""',
        '"Language: fr\\n"',
        '',
        '#. js-lingui-explicit-id',
        'msgid "a.b"',
        'msgstr "Texte"',
        '',
        'msgid ""',
        '"Say \\"hi\\"\\n"',
        '"twice"',
        'msgstr "Dis \\"salut\\""',
        '',
        '#~ msgid "Gone"',
        '#~ msgstr "Parti"',
      ].join('\n'),
    );
    expect(entries).toEqual([
      { msgid: 'a.b', msgctxt: undefined, msgstr: 'Texte', explicitId: true },
      { msgid: 'Say "hi"\ntwice', msgctxt: undefined, msgstr: 'Dis "salut"', explicitId: false },
    ]);
  });
});

describe('the editable templates', () => {
  it('ship their English text exactly as before', () => {
    const english = Object.fromEntries(Object.values(TEMPLATE_DEFINITIONS).map((definition) => [definition.name, shippedVersion(definition, 'en')]));
    expect(english).toEqual(ENGLISH_BEFORE);
  });

  it.each(['fr', 'de', 'es', 'it'] as const)('ship a version in %s with the same variables', (locale) => {
    for (const definition of Object.values(TEMPLATE_DEFINITIONS)) {
      const english = shippedVersion(definition, 'en')!;
      const translated = shippedVersion(definition, locale);
      expect(translated).not.toBeNull();
      const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(variables(`${translated!.subject} ${translated!.body} ${translated!.action_label ?? ''}`)).toEqual(
        variables(`${english.subject} ${english.body} ${english.action_label ?? ''}`),
      );
      // Words of its own, not the English ones (a subject that is a variable alone stays that variable).
      if (typeof definition.shipped.subject !== 'string') expect(translated!.subject).not.toBe(english.subject);
      expect(translated!.body).not.toBe(english.body);
    }
  });
});
