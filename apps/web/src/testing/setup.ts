import '@testing-library/jest-dom/jest-globals';
import { afterEach } from '@jest/globals';
import { cleanup } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

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

// jsdom lacks these; react-router and Radix need them, as every browser has them.
Object.assign(globalThis, { TextEncoder, TextDecoder });
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
