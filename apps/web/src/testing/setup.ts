import '@testing-library/jest-dom/jest-globals';
import { afterEach } from '@jest/globals';
import { cleanup, configure } from '@testing-library/react';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { TextDecoder, TextEncoder } from 'node:util';
import { i18n } from '../i18n/i18n';

// The first screen of a file loads the contracts' schemas on demand (src/lib/contracts-loader.ts), which takes about a
// second when compiled for the test and longer on a busy machine: findBy* and waitFor wait up to 5 s instead of 1 s.
configure({ asyncUtilTimeout: 5_000 });

// Components render in English from the messages in their source, as the specification words them.
i18n.setMessagesCompiler(compileMessage);
i18n.loadAndActivate({ locale: 'en', messages: {} });

/** Radix measures some primitives (Switch, Slider); jsdom has no layout to observe. */
class NoopResizeObserver {
  observe(): void {
    // nothing to measure in jsdom
  }
  unobserve(): void {
    // nothing observed
  }
  disconnect(): void {
    // nothing observed
  }
}

/** A data router builds a Request per navigation; jsdom has none. Routes in tests load no data: url, method and signal are all it reads. */
class NavigationRequest {
  readonly method: string;
  readonly signal: AbortSignal | undefined;
  constructor(
    readonly url: string,
    init: { method?: string; signal?: AbortSignal } = {},
  ) {
    this.method = init.method ?? 'GET';
    this.signal = init.signal;
  }
}

// jsdom lacks these; react-router and Radix need them, as every browser has them.
Object.assign(globalThis, { TextEncoder, TextDecoder });
globalThis.Request ??= NavigationRequest as unknown as typeof Request;
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom does not lay pages out, so it cannot scroll: the app's scroll restoration (lib/scroll-restoration.ts) scrolls nothing here.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
