/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, MOBILE, newContext, screenshot } from './support/browser';
import { apiCall, mailbox, registerVerified, type MailboxMessage, type NewUser } from './support/journey';
import { englishLeftInMail, englishLeftOn, overflowOn, tx } from './support/languages';

/*
 * The product in French and in German, as a visitor from there meets it: the
 * browser asks for the language, the visitor registers, receives the
 * verification mail in it, browses and applies. Every page on the way is
 * checked for English left behind (a catalogue's English text the language
 * translates differently), and in German, the longest of the five, every
 * public page and the main forms fit a 390 px phone: no sideways scroll and
 * no button or label whose text is cut off.
 */

jest.setTimeout(300_000);

let app: RunningApp;
let browser: Browser;
const isoDaysAhead = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const TITLE = 'Marseille to Bonifacio';
const skipper: NewUser = { first_name: 'Isabelle', last_name: 'Autissier', email: 'isabelle@languages-e2e.test', password: 'ecureuil-1991', user_type: 'skipper' };
let skipperToken = '';
let voyageId = '';

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  skipperToken = await registerVerified(app, skipper);
  const boat = await apiCall<{ id: string }>(app, skipperToken, 'POST', '/api/profile/boats', { name: 'Écureuil', boat_type: 'monohull', length_feet: 40, capacity: 6 }, 201);
  voyageId = (
    await apiCall<{ id: string }>(
      app,
      skipperToken,
      'POST',
      '/api/voyages/',
      {
        title: TITLE,
        description: 'Three days across to Corsica.',
        estimated_start_date: isoDaysAhead(25),
        estimated_end_date: isoDaysAhead(28),
        boat_id: boat.id,
        is_custom_voyage: true,
        requirements: { crew_needed: 3, min_experience: 'beginner', skills: [] },
        segments: [{ departure_custom_location: 'Marseille', arrival_custom_location: 'Bonifacio', distance_nm: 190 }],
      },
      201,
    )
  ).id;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A visitor whose browser asks for `locale` (Accept-Language and navigator.language), cookie banner answered. */
async function visitorIn(locale: 'fr-FR' | 'de-DE', viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, app.url, viewport, { locale });
  await context.addInitScript(() => {
    window.localStorage.setItem('crew.cookie_consent', JSON.stringify({ essential: true, analytics: false, marketing: false, timestamp: new Date().toISOString() }));
  });
  const origin = new URL(app.url).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  return { context, page: await context.newPage() };
}

/** The newest mail to `to`, waiting up to 15 s for one to arrive. */
async function newestMailTo(to: string, after = 0): Promise<MailboxMessage & { text: string }> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const mails = (await mailbox(app)).filter((mail) => mail.to === to) as (MailboxMessage & { text: string })[];
    if (mails.length > after) return mails[0] as MailboxMessage & { text: string };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail for ${to}`);
}

/** Registers through the form in the page's language and returns to the verified, signed-in dashboard. */
async function registerThroughForm(page: Page, locale: 'fr' | 'de', person: Omit<NewUser, 'user_type'>): Promise<void> {
  await page.goto(`/${locale}/register`);
  await page.getByRole('heading', { name: tx(locale, 'Create your account'), level: 1 }).waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe(locale);
  expect(await englishLeftOn(page, locale)).toEqual([]);
  await page.getByLabel(tx(locale, 'First name')).fill(person.first_name);
  await page.getByLabel(tx(locale, 'Last name')).fill(person.last_name);
  await page.getByLabel(tx(locale, 'Email')).fill(person.email);
  await page.getByLabel(tx(locale, 'Password'), { exact: true }).fill(person.password);
  await page.getByText(tx(locale, 'Crew Member')).first().click();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: tx(locale, 'Create Account') }).click();
  await page.waitForURL(`**/${locale}/email-verification-pending?**`);
  await page.getByRole('heading', { name: tx(locale, 'Check your email') }).waitFor();
  expect(await englishLeftOn(page, locale)).toEqual([]);

  // The verification mail is in the language the member registered in, subject included.
  const mail = await newestMailTo(person.email);
  expect(mail.subject).toMatch(tx(locale, 'Verify your email address'));
  expect(englishLeftInMail(`${mail.subject}\n${mail.text}`, locale)).toEqual([]);
  const link = new URL(mail.links.find((candidate) => candidate.includes('token=')) ?? '');
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('heading', { name: tx(locale, 'Email verified') }).waitFor();
  await page.waitForURL('**/dashboard', { timeout: 10_000 });
  expect(await englishLeftOn(page, locale)).toEqual([]);
}

/** Finds the voyage in the list, opens it and applies, all in the page's language. */
async function browseAndApply(page: Page, locale: 'fr' | 'de'): Promise<void> {
  await page.goto(`/${locale}/voyages?view=list`);
  await page.getByRole('link', { name: TITLE }).first().click();
  await page.waitForURL(`**/${locale}/voyages/${voyageId}`);
  await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
  expect(await englishLeftOn(page, locale)).toEqual([]);
  const area = page.getByRole('region', { name: tx(locale, 'Join this voyage') });
  await area.getByRole('button', { name: tx(locale, 'Apply to Join') }).click();
  const dialog = page.getByRole('dialog', { name: tx(locale, 'Apply to join {title}', { title: TITLE }) });
  expect(await englishLeftOn(page, locale)).toEqual([]);
  await dialog.getByLabel(tx(locale, 'Message to the skipper')).fill('Three seasons in the Mediterranean, happy on night watches.');
  await dialog.getByRole('button', { name: tx(locale, 'Submit Application') }).click();
  await dialog.waitFor({ state: 'detached' });
  await area.getByText(tx(locale, 'Application submitted successfully! The skipper will review your application.')).waitFor();
  expect(await englishLeftOn(page, locale)).toEqual([]);
}

describe('languages', () => {
  it('in French: registers, receives the verification mail in French, browses and applies with no English on the way', async () => {
    const { context, page } = await visitorIn('fr-FR');
    await page.goto('/fr');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await englishLeftOn(page, 'fr')).toEqual([]);
    await registerThroughForm(page, 'fr', { first_name: 'Florence', last_name: 'Arthaud', email: 'florence@languages-e2e.test', password: 'pierre-1er-1990' });
    const profile = await page.evaluate(async () => {
      const response = await fetch('/api/users/me', { headers: { authorization: `Bearer ${localStorage.getItem('crew.access_token') ?? ''}` } });
      return (await response.json()) as { locale?: string };
    });
    expect(profile.locale).toBe('fr');
    await browseAndApply(page, 'fr');
    await screenshot(page, 'languages-fr-applied');
    await context.close();
  });

  it('in German on a phone: registers, browses and applies, and every public page and main form fits 390 px with no English left', async () => {
    const { context, page } = await visitorIn('de-DE', MOBILE);
    const fits = async (where: string) => {
      expect({ where, english: await englishLeftOn(page, 'de') }).toEqual({ where, english: [] });
      expect({ where, ...(await overflowOn(page)) }).toEqual({ where, sideways: false, clipped: [] });
    };
    for (const path of [
      '/de',
      '/de/voyages?view=list',
      '/de/voyages',
      `/de/voyages/${voyageId}`,
      '/de/login',
      '/de/register',
      '/de/forgot-password',
      '/de/help',
      '/de/help/getting-started',
      '/de/help/safety',
      '/de/terms-of-service',
      '/de/privacy-policy',
    ]) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await fits(path);
    }
    await registerThroughForm(page, 'de', { first_name: 'Wilfried', last_name: 'Erdmann', email: 'wilfried@languages-e2e.test', password: 'kathena-1966' });
    await fits('/dashboard');
    for (const path of ['/de/profile', '/de/applications']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await fits(path);
    }
    await browseAndApply(page, 'de');
    await fits('voyage after applying');
    await screenshot(page, 'languages-de-phone-applied');
    await context.close();

    // The skipper's form to create a voyage, in German on the same phone.
    const skipperSide = await visitorIn('de-DE', MOBILE);
    await skipperSide.context.addInitScript((token) => window.localStorage.setItem('crew.access_token', token), skipperToken);
    await skipperSide.page.goto('/de/create-voyage');
    await skipperSide.page.locator('h1').first().waitFor();
    expect({ english: await englishLeftOn(skipperSide.page, 'de'), ...(await overflowOn(skipperSide.page)) }).toEqual({ english: [], sideways: false, clipped: [] });
    await skipperSide.context.close();
  });
});
