/**
 * @testing-library/react with the app's i18n around every render: jest maps
 * the package here (jest.config.js), so a component using Lingui's Trans or
 * useLingui renders in a test as in the app, in English.
 */
import { I18nProvider } from '@lingui/react';
import * as library from '@testing-library/react/pure';
import type { ReactNode } from 'react';
import { i18n } from '../i18n/i18n';

const Wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;

export * from '@testing-library/react/pure';

export const render: typeof library.render = ((ui: Parameters<typeof library.render>[0], options?: Parameters<typeof library.render>[1]) => {
  const Outer = options?.wrapper;
  const wrapper = Outer
    ? ({ children }: { children: ReactNode }) => (
        <Wrapper>
          <Outer>{children}</Outer>
        </Wrapper>
      )
    : Wrapper;
  return library.render(ui, { ...options, wrapper });
}) as typeof library.render;

export const renderHook: typeof library.renderHook = ((callback: Parameters<typeof library.renderHook>[0], options?: Parameters<typeof library.renderHook>[1]) => {
  const Outer = options?.wrapper;
  const wrapper = Outer
    ? ({ children }: { children: ReactNode }) => (
        <Wrapper>
          <Outer>{children}</Outer>
        </Wrapper>
      )
    : Wrapper;
  return library.renderHook(callback, { ...options, wrapper });
}) as typeof library.renderHook;
