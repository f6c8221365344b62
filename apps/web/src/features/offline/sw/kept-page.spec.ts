import { describe, expect, it } from '@jest/globals';
import { withoutCarriedAnswer } from './kept-page';

// keptCopy (the Response around it) is exercised in a real browser: e2e/offline.e2e.spec.ts.

const PAGE = [
  '<!doctype html><html lang="fr"><head>',
  '    <script type="application/json" id="messages-fr">{"a":"b"}</script>',
  '    <script type="application/json" id="early-answer" data-url="/api/voyages/v1" data-read-at="1764300000000">{"skipper":{"name":"Tracy E."},"notes":"\\u003c/script>"}</script>',
  '    <script async fetchpriority="high" src="/voyage-prefetch.js"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

describe('a page the service worker keeps', () => {
  it('loses the voyage answer it carried, and nothing else', () => {
    const kept = withoutCarriedAnswer(PAGE);
    expect(kept).not.toContain('early-answer');
    expect(kept).not.toContain('Tracy');
    expect(kept).toBe(PAGE.replace(/\n[^\n]*early-answer[^\n]*/, ''));
  });

  it('loses the block whatever the order of its attributes', () => {
    expect(withoutCarriedAnswer('<head><script id="early-answer" type="application/json">{"a":1}</script></head>')).toBe('<head></head>');
  });

  it('keeps a page without a block as it is', () => {
    const plain = PAGE.replace(/\n[^\n]*early-answer[^\n]*/, '');
    expect(withoutCarriedAnswer(plain)).toBe(plain);
  });
});
