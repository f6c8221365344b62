/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, MOBILE, screenshot } from './support/browser';
import { apiCall, mailbox, registerVerified, visitor, waitForMail, type NewUser } from './support/journey';

/*
 * The applications journey: crew apply (a too-short message first), the
 * skipper reviews the applicant's profile and accepts one and rejects another,
 * a third withdraws, and cancelling the voyage mails everyone still applying.
 * The tests share one app and run in order: each builds on the one before.
 */

jest.setTimeout(120_000);

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const people = {
  skipper: { first_name: 'Robin', last_name: 'Knox', email: 'robin@apply-e2e.test', password: 'suhaili-1968', user_type: 'skipper' },
  anna: { first_name: 'Anna', last_name: 'Tunnicliffe', email: 'anna@apply-e2e.test', password: 'laser-radial-1', user_type: 'crew' },
  ben: { first_name: 'Ben', last_name: 'Ainslie', email: 'ben@apply-e2e.test', password: 'finn-class-1', user_type: 'crew' },
  cleo: { first_name: 'Cleo', last_name: 'Marsh', email: 'cleo@apply-e2e.test', password: 'dinghy-days-1', user_type: 'crew' },
} as const satisfies Record<string, NewUser>;
type Person = keyof typeof people;

const TITLE = 'Falmouth to the Scillies';
const MESSAGE = 'Five seasons of Solent racing, happy on night watches and in the galley.';
const tokens: Partial<Record<Person, string>> = {};
let voyageId = '';

const token = (person: Person): string => {
  const value = tokens[person];
  if (!value) throw new Error(`${person} is not signed up`);
  return value;
};
const isoDaysAhead = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('applications', () => {
  beforeAll(async () => {
    for (const person of Object.keys(people) as Person[]) tokens[person] = await registerVerified(app, people[person]);
    await apiCall(
      app,
      token('anna'),
      'PUT',
      '/api/profile/update-experience',
      {
        years_sailing: 7,
        sailing_areas: ['Channel/North Sea'],
        experience_types: ['racing'],
        certifications: ['RYA Yachtmaster Coastal'],
        informal_description: 'Dinghy racer turned offshore crew.',
      },
      200,
    );
    const boat = await apiCall<{ id: string }>(app, token('skipper'), 'POST', '/api/profile/boats', { name: 'Suhaili', boat_type: 'monohull', length_feet: 32, capacity: 4 }, 201);
    const voyage = await apiCall<{ id: string }>(
      app,
      token('skipper'),
      'POST',
      '/api/voyages/',
      {
        title: TITLE,
        description: 'Two days out to the islands and back.',
        estimated_start_date: isoDaysAhead(20),
        estimated_end_date: isoDaysAhead(23),
        boat_id: boat.id,
        is_custom_voyage: true,
        requirements: { crew_needed: 2, min_experience: 'beginner', skills: [] },
        segments: [{ departure_custom_location: 'Falmouth', arrival_custom_location: 'St Mary’s', distance_nm: 60 }],
      },
      201,
    );
    voyageId = voyage.id;
  }, 90_000);

  it('lets a crew member apply from the voyage page, after a message that is too short', async () => {
    const { context, page } = await visitor(browser, app, token('anna'));
    await page.goto(`/voyages/${voyageId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    const area = page.getByRole('region', { name: 'Join this voyage' });
    await area.getByRole('button', { name: 'Apply to Join' }).click();
    const dialog = page.getByRole('dialog', { name: `Apply to join ${TITLE}` });
    await dialog.getByLabel('Message to the skipper').fill('Hi there');
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await dialog.getByText('Please provide a message of at least 10 characters to the skipper.').waitFor();
    await dialog.getByLabel('Message to the skipper').fill(MESSAGE);
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await dialog.waitFor({ state: 'detached' });
    await area.getByText('Application submitted successfully! The skipper will review your application.').waitFor();
    await area.getByText('Applied - Pending Review').waitFor();
    await page.reload();
    await page.getByRole('region', { name: 'Join this voyage' }).getByText('Applied - Pending Review').waitFor();
    await screenshot(page, 'voyage-applied-desktop');
    await context.close();

    const mail = await waitForMail(app, people.skipper.email, new RegExp(`^New application for ${TITLE}$`));
    expect(mail.links.some((link) => link.endsWith(`/voyages/${voyageId}/applications`))).toBe(true);
  });

  it("shows the skipper the applicant's profile and lets them accept one applicant and reject another", async () => {
    await apiCall(app, token('ben'), 'POST', '/api/applications/', { voyage_id: voyageId, message: 'Olympic sailor looking for a relaxed trip.' }, 201);
    const { context, page } = await visitor(browser, app, token('skipper'));
    await page.goto('/dashboard');
    const mine = page.getByRole('region', { name: 'My Voyages' });
    await mine.getByRole('link', { name: `Applications (2) for ${TITLE}` }).click();
    await page.waitForURL(`**/voyages/${voyageId}/applications`);

    const anna = page.getByRole('article', { name: 'Anna Tunnicliffe' });
    await anna.getByText(MESSAGE).waitFor();
    await anna.getByText('RYA Yachtmaster Coastal').waitFor();
    await anna.getByText('Dinghy racer turned offshore crew.').waitFor();
    await screenshot(page, 'voyage-applications-desktop');
    await anna.getByRole('button', { name: 'Accept' }).click();
    const accept = page.getByRole('alertdialog', { name: 'Accept Anna?' });
    await accept.getByRole('button', { name: 'Accept' }).click();
    await accept.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Application accepted successfully!' }).waitFor();
    expect(await anna.getByRole('button', { name: 'Accept' }).count()).toBe(0);

    const ben = page.getByRole('article', { name: 'Ben Ainslie' });
    await ben.getByRole('button', { name: 'Reject' }).click();
    const reject = page.getByRole('alertdialog', { name: 'Reject Ben?' });
    await reject.getByRole('button', { name: 'Reject' }).click();
    await reject.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Application rejected.' }).waitFor();
    await context.close();
  });

  it('shows the accepted crew member their place, on the voyage and in My Applications', async () => {
    const { context, page } = await visitor(browser, app, token('anna'));
    await page.goto(`/voyages/${voyageId}`);
    await page.getByRole('region', { name: 'Join this voyage' }).getByText('Application Accepted ✓').waitFor();
    await page.goto('/applications');
    await page.getByRole('heading', { name: 'My Applications', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Accepted (1)' }).click();
    await page.getByRole('article', { name: TITLE }).waitFor();
    await screenshot(page, 'my-applications-desktop');
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'My Applications' }).getByRole('link', { name: 'View All' }).waitFor();
    await screenshot(page, 'dashboard-crew-desktop');
    await context.close();
    await waitForMail(app, people.anna.email, new RegExp(`^You're on the crew: ${TITLE}$`));
  });

  it('tells the rejected applicant they were not selected, with a way to other voyages', async () => {
    const { context, page } = await visitor(browser, app, token('ben'), MOBILE);
    await page.goto(`/voyages/${voyageId}`);
    const area = page.getByRole('region', { name: 'Join this voyage' });
    await area.getByText('Not Selected This Time').waitFor();
    await area.getByRole('link', { name: 'Browse other voyages' }).waitFor();
    expect(await area.getByRole('button', { name: /Apply/ }).count()).toBe(0);
    await screenshot(page, 'voyage-not-selected-mobile');
    await page.goto('/applications');
    const card = page.getByRole('article', { name: TITLE });
    await card.waitFor();
    expect(await card.getByRole('link', { name: TITLE }).count()).toBe(0);
    await screenshot(page, 'my-applications-mobile');
    await context.close();
  });

  it('lets a crew member withdraw after confirming, then apply again', async () => {
    await apiCall(app, token('cleo'), 'POST', '/api/applications/', { voyage_id: voyageId, message: 'Weekend sailor, keen to learn navigation.' }, 201);
    const { context, page } = await visitor(browser, app, token('cleo'));
    await page.goto('/applications');
    const card = page.getByRole('article', { name: TITLE });
    await card.getByRole('button', { name: 'Withdraw' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to withdraw your application for the voyage?').waitFor();
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText('Application withdrawn successfully.').waitFor();
    await page.getByRole('button', { name: 'Withdrawn (1)' }).waitFor();

    await page.goto(`/voyages/${voyageId}`);
    const area = page.getByRole('region', { name: 'Join this voyage' });
    await area.getByText('Application Withdrawn').waitFor();
    await area.getByRole('button', { name: 'Apply Again' }).click();
    const dialog = page.getByRole('dialog', { name: `Apply to join ${TITLE}` });
    await dialog.getByLabel('Message to the skipper').fill('Changed my plans back: still keen to come along.');
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await area.getByText('Applied - Pending Review').waitFor();
    await context.close();
  });

  it('mails every applicant still on the voyage when the skipper cancels it', async () => {
    const { context, page } = await visitor(browser, app, token('skipper'));
    await page.goto(`/voyages/${voyageId}`);
    await page.getByRole('region', { name: 'Manage your voyage' }).getByRole('button', { name: 'Cancel Voyage' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this voyage?' });
    await dialog.getByRole('button', { name: 'Cancel Voyage' }).click();
    await page.getByText('The voyage has been cancelled. 2 crew members were notified.').waitFor();
    await context.close();

    await waitForMail(app, people.anna.email, new RegExp(`^Voyage cancelled: ${TITLE}$`));
    await waitForMail(app, people.cleo.email, new RegExp(`^Voyage cancelled: ${TITLE}$`));
    const cancelled = (await mailbox(app)).filter((m) => m.subject === `Voyage cancelled: ${TITLE}`).map((m) => m.to);
    expect(cancelled.sort()).toEqual([people.anna.email, people.cleo.email].sort());
  });
});
