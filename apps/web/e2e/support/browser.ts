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

/** How Chromium reports a Content-Security-Policy violation in the console. */
const CSP_CONSOLE_MESSAGE = /Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate)/i;

/**
 * A browser context for a journey. It watches every page for Content-Security-
 * Policy violations (the `securitypolicyviolation` event and Chromium's console
 * report of them); closing the context fails the journey if any happened, so a
 * screen that needs an inline script or an origin the policy does not allow
 * cannot slip in. Every page it opens is also audited with axe: closing it
 * fails on any accessibility violation (support/accessibility), unless the
 * journey visits no page of the product (`accessibility: false`).
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = DESKTOP,
  { accessibility = true, locale = 'en-GB' }: { accessibility?: boolean; locale?: string } = {},
): Promise<BrowserContext> {
  const opened = await browser.newContext({ baseURL, viewport, locale });
  const context = accessibility ? auditAccessibility(opened) : opened;
  const violations: string[] = [];
  await context.exposeBinding('__reportCspViolation', ({ page }, report: string) => void violations.push(`${page.url()}: ${report}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(`${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (message.type() === 'error' && CSP_CONSOLE_MESSAGE.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
    });
  context.on('page', watch);
  const close = context.close.bind(context);
  context.close = async (options) => {
    // Both reports when both fail: the policy's first, then the accessibility audit's.
    const failure = await close(options).then(
      () => null,
      (error: unknown) => error,
    );
    if (violations.length > 0) {
      const also = failure instanceof Error ? `\n${failure.message}` : '';
      throw new Error(`Content-Security-Policy violations:\n  ${[...new Set(violations)].join('\n  ')}${also}`);
    }
    if (failure) throw failure;
  };
  return context;
}

/** Screenshots are CI artefacts under test-results/; what they show is audited with axe first. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await auditPage(page);
  const dir = path.join(RESULTS_DIR, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
