/**
 * @testing-library/react with the app's i18n around every render: jest maps
 * the package here (jest.config.js), so a component using Lingui's Trans or
 * useLingui renders in a test as in the app, in English.
 */
import { I18nProvider } from '@lingui/react';
import * as library from '@testing-library/react/pure';
import type { JSXElementConstructor, ReactNode } from 'react';
import { i18n } from '../i18n/i18n';

export * from '@testing-library/react/pure';

type Wrapper = JSXElementConstructor<{ children: ReactNode }>;

/** The app's i18n provider around the test's own wrapper, if it has one. */
const withI18n = (Outer: Wrapper | undefined): Wrapper =>
  function I18nWrapper({ children }: { children: ReactNode }) {
    return <I18nProvider i18n={i18n}>{Outer ? <Outer>{children}</Outer> : children}</I18nProvider>;
  };

export const render: typeof library.render = ((ui: Parameters<typeof library.render>[0], options?: Parameters<typeof library.render>[1]) =>
  library.render(ui, { ...options, wrapper: withI18n(options?.wrapper) })) as typeof library.render;

export const renderHook: typeof library.renderHook = ((callback: Parameters<typeof library.renderHook>[0], options?: Parameters<typeof library.renderHook>[1]) =>
  library.renderHook(callback, { ...options, wrapper: withI18n(options?.wrapper) })) as typeof library.renderHook;
