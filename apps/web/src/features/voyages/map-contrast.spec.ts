import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * "Loading map…" sits on the map's sea-blue placeholder: its text must keep
 * WCAG AA contrast (4.5:1). Styles are stubbed in component tests, so this
 * reads the colours from the stylesheets themselves.
 */
const appCss = readFileSync(path.join(__dirname, '../../app/app.css'), 'utf8');
const voyagesCss = readFileSync(path.join(__dirname, 'voyages.css'), 'utf8');

const variable = (name: string): string => new RegExp(`${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(appCss)![1]!;
const declaration = (css: string, selector: string, property: string): string => {
  const start = css.indexOf(`${selector} {`);
  expect(start).toBeGreaterThanOrEqual(0);
  const body = css.slice(start, css.indexOf('}', start));
  const value = new RegExp(`(?:^|[;{\\s])${property}:\\s*([^;]+)`).exec(body)![1]!.trim();
  const named = /^var\((--[a-z-]+)\)$/.exec(value);
  return named ? variable(named[1]!) : value;
};

const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

describe('the map placeholder', () => {
  it('shows "Loading map…" with at least 4.5:1 contrast on its sea-blue background', () => {
    const background = declaration(voyagesCss, '.route-map', 'background');
    const text = declaration(voyagesCss, '.route-map--loading .state', 'color');
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });
});
