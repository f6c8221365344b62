import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { atMost, figure, type BenchResult, type Figure } from './support';

interface PageBudget {
  readonly route: string;
  readonly kb: number;
  readonly chunks: number;
  /** With the page's map (loaded lazily once the page shows), null for pages without one. */
  readonly withMapKb: number | null;
  /** The map's Web Worker (the offline world), fetched with the map and run off the main thread. */
  readonly mapWorkerKb: number | null;
}
interface WebBudget {
  readonly budgetKb: number;
  readonly allJavaScriptKb: number;
  readonly pages: readonly PageBudget[];
}

/**
 * Gzipped JavaScript a first visit needs per public page (entry + route chunk
 * + their static imports), read from the web build's manifest by the same
 * script CI can run alone (scripts/web-budget.mjs).
 */
export const runWebBudgetBenchmark = async (_databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const script = pathToFileURL(path.resolve(__dirname, '../../scripts/web-budget.mjs')).href;
  const { measureWebBudget } = (await import(script)) as { measureWebBudget: () => WebBudget };
  const result = measureWebBudget();
  log(`all JavaScript chunks together: ${result.allJavaScriptKb} KB gzipped`);
  const figures: Record<string, Figure> = {};
  for (const page of result.pages) {
    figures[page.route] = figure(`JS to render ${page.route} (gzip)`, page.kb, 'KB', atMost(result.budgetKb));
    if (page.withMapKb !== null) figures[`${page.route} + map`] = figure(`JS of ${page.route} with its map loaded (gzip)`, page.withMapKb, 'KB');
    if (page.mapWorkerKb) figures[`${page.route} map worker`] = figure(`JS of ${page.route}'s map worker, off the main thread (gzip)`, page.mapWorkerKb, 'KB');
  }
  return { name: 'web', title: 'Critical JavaScript per public page', figures, details: { ...result } };
};
