import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { auditAccessibility, auditPage } from './accessibility';

export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const RESULTS_DIR = path.resolve(__dirname, '../../../../test-results');

/** Debian's Chromium, headless, with nothing that phones home (the machine has no network). */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
  });

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

/** Every context a journey opens is audited with axe: closing it fails on any violation (support/accessibility). */
export const newContext = async (browser: Browser, baseURL: string, viewport: { width: number; height: number } = DESKTOP): Promise<BrowserContext> =>
  auditAccessibility(await browser.newContext({ baseURL, viewport, locale: 'en-GB' }));

/** Screenshots are CI artefacts under test-results/; what they show is audited with axe first. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await auditPage(page);
  const dir = path.join(RESULTS_DIR, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
