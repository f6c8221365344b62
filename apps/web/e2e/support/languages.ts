/// <reference lib="dom" />
import { formatter } from '@lingui/format-po';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/*
 * The journeys in French and German read their expectations from the product's
 * own catalogues: a label is found by its translation, and a page "has English
 * left" when it shows a catalogue's English text that the language translates
 * differently.
 */
type Locale = 'fr' | 'de' | 'es' | 'it';
const ROOT = path.resolve(__dirname, '../../../..');

/** Every catalogue folder, by area: a web feature's name, `web`, `api` or `shared`. */
const catalogueDirs = (): Map<string, string> => {
  const dirs = new Map<string, string>([
    ['web', path.join(ROOT, 'apps/web/src/locales')],
    ['api', path.join(ROOT, 'apps/api/src/locales')],
    ['shared', path.join(ROOT, 'libs/rules/locales')],
  ]);
  const features = path.join(ROOT, 'apps/web/src/features');
  for (const entry of readdirSync(features, { withFileTypes: true })) {
    if (entry.isDirectory() && existsSync(path.join(features, entry.name, 'locales/en.po'))) dirs.set(entry.name, path.join(features, entry.name, 'locales'));
  }
  return dirs;
};

type Catalogue = Map<string, string>;
const cache = new Map<string, Catalogue>();
/** English text → translation, for one area and language. */
const catalogue = (area: string, locale: Locale): Catalogue => {
  const key = `${area}/${locale}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const dir = catalogueDirs().get(area);
  const messages: Catalogue = new Map();
  if (dir && existsSync(path.join(dir, `${locale}.po`))) {
    const parsed = formatter({}).parse(readFileSync(path.join(dir, `${locale}.po`), 'utf8'), { locale, sourceLocale: 'en', filename: dir }) ?? {};
    for (const [id, entry] of Object.entries(parsed)) if (!entry.obsolete && entry.translation) messages.set(entry.message ?? id, entry.translation);
  }
  cache.set(key, messages);
  return messages;
};

/** The translation of `english` in `area`'s catalogue, with `{name}` placeholders filled; throws when it has none. */
export const tr = (locale: Locale, area: string, english: string, values: Readonly<Record<string, string | number>> = {}): string => {
  const translated = catalogue(area, locale).get(english);
  if (translated === undefined) throw new Error(`no ${locale} translation of "${english}" in the ${area} catalogue`);
  return translated.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
};

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A text as the page shows it in `locale`: every translation the catalogues give
 * `english` (a screen uses its own feature's), placeholders filled, matched whole.
 */
export const tx = (locale: Locale, english: string, values: Readonly<Record<string, string | number>> = {}): RegExp => {
  const found = new Set<string>();
  for (const area of catalogueDirs().keys()) {
    const translated = catalogue(area, locale).get(english);
    if (translated !== undefined) found.add(translated.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)));
  }
  if (found.size === 0) throw new Error(`no ${locale} translation of "${english}" in any catalogue`);
  return new RegExp(`^\\s*(?:${[...found].map(escapeRegExp).join('|')})\\s*$`);
};

/** English texts every catalogue that has them translates differently in `locale` (so seeing one means English was left). */
export const untranslatedEnglish = (locale: Locale): Set<string> => {
  const english = new Map<string, boolean>();
  for (const area of catalogueDirs().keys()) {
    for (const [source, translation] of catalogue(area, locale)) {
      if (source.includes('{') || source.includes('<')) continue;
      english.set(source, (english.get(source) ?? true) && translation !== source);
    }
  }
  return new Set([...english].filter(([, differs]) => differs).map(([source]) => source));
};

/** The English texts a page shows (text, aria-label, placeholder, title) where the page is meant to be in `locale`. */
export async function englishLeftOn(page: Page, locale: Locale): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const texts = new Set<string>([document.title]);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // Text marked as English on purpose (the legal text, which stays English with a notice) is not left over.
      if (!parent || parent.closest('script, style, [hidden], [aria-hidden="true"]') || parent.closest('[lang]')?.getAttribute('lang')?.startsWith('en')) continue;
      const text = node.textContent?.trim();
      if (text) texts.add(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      if (element.closest('[lang]')?.getAttribute('lang')?.startsWith('en')) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.add(value);
      }
    }
    return [...texts];
  });
  const english = untranslatedEnglish(locale);
  return shown.filter((text) => english.has(text));
}

/** English sentences of the API's mail catalogue left in a mail meant to be in `locale`. */
export const englishLeftInMail = (text: string, locale: Locale): string[] =>
  [...catalogue('api', locale)]
    .filter(([source, translation]) => source.length > 12 && !/[{<]/.test(source) && translation !== source && text.includes(source))
    .map(([source]) => source);

/** Whether the page scrolls sideways, and the buttons and labels whose text is cut off. */
export async function overflowOn(page: Page): Promise<{ sideways: boolean; clipped: string[] }> {
  return page.evaluate(() => {
    const sideways = document.documentElement.scrollWidth > window.innerWidth + 1;
    const clipped: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('button, .button, a.button, [role="tab"], label, th, .badge, .role-badge')) {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden' || element.offsetParent === null) continue;
      if (element.closest('.visually-hidden, [aria-hidden="true"]')) continue;
      if (element.scrollWidth > element.clientWidth + 1 && style.overflowX !== 'visible') clipped.push(element.textContent?.trim() ?? '');
    }
    return { sideways, clipped };
  });
}
