import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compiledId, isLocale, SOURCE_LOCALE, type Locale } from '@crew/rules';
import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * The languages mail is written in. Mail texts are Lingui macros (`t(i18n)`,
 * `msg`) compiled by its swc plugin; their translations are the API's own
 * catalogue, apps/api/src/locales/<locale>.po (`I18N_AREA=api npx lingui
 * extract`), read here once per language and compiled, so the server needs no
 * build step of its own for them (the build copies the catalogues beside the
 * compiled code). A message a catalogue lacks is said in English, from the
 * text the compiled code carries.
 */
const CATALOGUE_DIR = path.resolve(__dirname, '../../locales');

interface PoEntry {
  readonly msgid: string;
  readonly msgctxt: string | undefined;
  readonly msgstr: string;
  /** The message is keyed by an id written in the code (`#. js-lingui-explicit-id`), not a hash of its text. */
  readonly explicitId: boolean;
}

const unquote = (quoted: string): string => quoted.slice(1, -1).replace(/\\(.)/g, (_all, escaped: string) => ({ n: '\n', t: '\t', r: '\r' })[escaped] ?? escaped);

/** The entries of a PO catalogue as Lingui's CLI writes it (no plural forms: plurals are ICU inside the message); obsolete ones left out. */
export const parsePo = (text: string): PoEntry[] => {
  const entries: PoEntry[] = [];
  let comments: string[] = [];
  let fields: Partial<Record<'msgctxt' | 'msgid' | 'msgstr', string>> = {};
  let last: keyof typeof fields | null = null;
  let obsolete = false;
  const flush = (): void => {
    if (fields.msgid !== undefined && fields.msgid !== '' && !obsolete) {
      entries.push({ msgid: fields.msgid, msgctxt: fields.msgctxt, msgstr: fields.msgstr ?? '', explicitId: comments.some((c) => /^#\.\s*js-lingui-explicit-id\s*$/.test(c)) });
    }
    comments = [];
    fields = {};
    last = null;
    obsolete = false;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      flush();
    } else if (line.startsWith('#~')) {
      obsolete = true;
    } else if (line.startsWith('#')) {
      if (fields.msgstr !== undefined) flush();
      comments.push(line);
    } else {
      const [, keyword, quoted] = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line) ?? [];
      if (keyword && quoted) {
        const key = keyword as keyof typeof fields;
        if (key !== 'msgstr' && fields.msgstr !== undefined) flush();
        fields[key] = unquote(quoted);
        last = key;
      } else if (line.startsWith('"') && last) {
        fields[last] = `${fields[last] ?? ''}${unquote(line)}`;
      }
    }
  }
  flush();
  return entries;
};

/** The id Lingui's CLI gives a message in its catalogues: the start of the base64 SHA-256 of its text and context. */
const generatedId = (message: string, context = ''): string => createHash('sha256').update(`${message}\u001F${context}`).digest('base64').slice(0, 6);

/** One language's messages, compiled, by the id the compiled code uses; untranslated messages are left out (English is said instead). */
export const readCatalogue = (locale: Locale, dir: string = CATALOGUE_DIR): Messages => {
  const file = path.join(dir, `${locale}.po`);
  if (!existsSync(file)) return {};
  const messages: Messages = {};
  for (const entry of parsePo(readFileSync(file, 'utf8'))) {
    const id = entry.explicitId ? entry.msgid : compiledId(generatedId(entry.msgid, entry.msgctxt), entry.msgid);
    const text = entry.msgstr || (locale === SOURCE_LOCALE && !entry.explicitId ? entry.msgid : '');
    if (text) messages[id] = compileMessage(text);
  }
  return messages;
};

const instances = new Map<Locale, I18n>();

/** The translator of one language (made once per process). */
export const mailI18n = (locale: Locale): I18n => {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n();
    // Messages said in English because a catalogue lacks them are compiled too (in production as well).
    i18n.setMessagesCompiler(compileMessage);
    i18n.load(locale, readCatalogue(locale));
    i18n.activate(locale);
    instances.set(locale, i18n);
  }
  return i18n;
};

/** A recipient's saved language as stored (anything unknown, or none, is English). */
export const mailLocale = (value: unknown): Locale => (isLocale(value) ? value : SOURCE_LOCALE);

/** The language a translator speaks. */
export const localeOf = (i18n: I18n): Locale => mailLocale(i18n.locale);

/** Whether a message is in a language's own words (English always is), not said in English for want of a translation. */
export const isTranslated = (i18n: I18n, descriptor: MessageDescriptor): boolean => localeOf(i18n) === SOURCE_LOCALE || i18n.messages[descriptor.id] !== undefined;

/**
 * The Intl locale dates and numbers of a mail are written in. English keeps
 * the form each mail used before it spoke other languages (`english`, British
 * unless said otherwise).
 */
const REGIONS: Readonly<Record<Exclude<Locale, 'en'>, string>> = { fr: 'fr-FR', de: 'de-DE', es: 'es-ES', it: 'it-IT' };
export const intlLocale = (i18n: I18n, english = 'en-GB'): string => {
  const locale = localeOf(i18n);
  return locale === 'en' ? english : REGIONS[locale];
};
