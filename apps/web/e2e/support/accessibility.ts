/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';

/*
 * axe-core in every journey: each page a journey visits is audited once it
 * has settled after a navigation (single-page moves included), again right
 * before each screenshot, and once more when the context closes. Closing a
 * context that met any violation fails the journey with the list.
 */

interface AxeNode {
  readonly target: readonly unknown[];
  readonly failureSummary?: string;
}
interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly AxeNode[];
}
declare global {
  interface Window {
    axe?: { run: (context: Document, options: Record<string, unknown>) => Promise<{ violations: AxeViolation[] }> };
  }
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/** How long a page has to be still (no navigation) before it is audited. */
const SETTLE_MS = 400;

export interface Finding {
  readonly url: string;
  readonly rule: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: readonly string[];
}

const describe = (findings: readonly Finding[]): string =>
  findings.map((f) => `  ${f.rule} (${f.impact ?? 'n/a'}) on ${f.url}: ${f.help}\n    ${f.targets.slice(0, 5).join('\n    ')}`).join('\n');

const isGone = (error: unknown): boolean =>
  error instanceof Error &&
  /Target (page, context or browser )?(has been )?closed|Execution context was destroyed|navigation|frame was detached|Cannot find context/i.test(error.message);

/** The auditor of one browser context. */
class ContextAudit {
  private readonly findings = new Map<string, Finding>();
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Map<Page, NodeJS.Timeout>();
  /** The audit under way per page: axe runs one at a time in a document. */
  private readonly running = new Map<Page, Promise<void>>();
  /** Navigations per page (single-page moves included): a result from a page that moved on while axe ran is dropped. */
  private readonly navigations = new Map<Page, number>();

  watch(page: Page): void {
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      this.navigations.set(page, (this.navigations.get(page) ?? 0) + 1);
      clearTimeout(this.timers.get(page));
      this.timers.set(
        page,
        setTimeout(() => void this.audit(page), SETTLE_MS),
      );
    });
    page.on('close', () => clearTimeout(this.timers.get(page)));
  }

  /** Runs axe on the page as it is now; a page that navigates or closes meanwhile is simply skipped. */
  audit(page: Page): Promise<void> {
    if (page.isClosed()) return Promise.resolve();
    const previous = this.running.get(page) ?? Promise.resolve();
    const run = (async () => {
      await previous.catch(() => undefined);
      const navigation = this.navigations.get(page) ?? 0;
      try {
        // A page still loading (its route chunk, its data) is audited once it has drawn itself: the
        // shell's main landmark is there, nothing is busy, and it has its heading. A page that never
        // gets there is audited as it is after 15 s, so a missing landmark or heading is still found.
        await page
          .waitForFunction(() => document.querySelector('main h1') !== null && !document.querySelector('[aria-busy="true"], .state--loading'), null, { timeout: 15_000 })
          .catch(() => undefined);
        const url = new URL(page.url()).pathname + new URL(page.url()).search;
        // Evaluated through the DevTools protocol, not added as a <script>: the Content-Security-Policy allows no inline script.
        if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(AXE_SOURCE);
        const violations = await page.evaluate(async () => {
          const result = await window.axe!.run(document, { resultTypes: ['violations'] });
          return result.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            targets: v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`.trim()),
          }));
        });
        // The page moved on while it was awaited or audited (the journey went on): what axe saw may be half of
        // one page and half of another. The new page has its own audit, once it has settled.
        // (A same-document move may be reported after axe has run, so the address is compared as well.)
        const now = new URL(page.url());
        if ((this.navigations.get(page) ?? 0) !== navigation || now.pathname + now.search !== url) return;
        for (const v of violations) {
          const key = `${url}|${v.id}`;
          if (!this.findings.has(key)) this.findings.set(key, { url, rule: v.id, impact: v.impact, help: v.help, targets: v.targets });
        }
      } catch (error) {
        if (!isGone(error)) throw error;
      }
    })();
    this.running.set(page, run);
    this.pending.add(run);
    void run
      .finally(() => {
        this.pending.delete(run);
        if (this.running.get(page) === run) this.running.delete(page);
      })
      .catch(() => undefined);
    return run;
  }

  /** Audits every open page one last time and answers everything found in this context. */
  async settle(context: BrowserContext): Promise<Finding[]> {
    for (const timer of this.timers.values()) clearTimeout(timer);
    await Promise.allSettled([...this.pending]);
    await Promise.all(context.pages().map((page) => this.audit(page)));
    return [...this.findings.values()];
  }
}

const audits = new WeakMap<BrowserContext, ContextAudit>();

/** Audits every page of `context`; its close() fails when any page had a violation. */
export function auditAccessibility(context: BrowserContext): BrowserContext {
  const audit = new ContextAudit();
  audits.set(context, audit);
  context.on('page', (page) => audit.watch(page));
  const close = context.close.bind(context);
  context.close = async (options) => {
    const findings = await audit.settle(context);
    await close(options);
    if (findings.length > 0) throw new Error(`axe found ${findings.length} accessibility violation(s):\n${describe(findings)}`);
  };
  return context;
}

/** Audits `page` now (before a screenshot: the state the journey shows is the state that is checked). */
export async function auditPage(page: Page): Promise<void> {
  await audits.get(page.context())?.audit(page);
}
