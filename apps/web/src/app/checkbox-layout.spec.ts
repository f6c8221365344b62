import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/*
 * Checkboxes sat above their labels: a checkbox inside a `.field` (a column)
 * took the column's layout. Every wrapper a form puts a checkbox in must have
 * a rule that lays the box beside its words. Styles are stubbed in component
 * tests, so this reads the shared stylesheet and the components themselves.
 */
const css = readFileSync(path.join(__dirname, 'app.css'), 'utf8');
const rule = (selector: string): string => {
  const found = new RegExp(`(^|[,}\\n])\\s*${selector.replace(/[.[\]'=-]/g, (c) => `\\${c}`)}\\s*[,{]`, 'm').exec(css);
  if (!found) return '';
  const open = css.indexOf('{', found.index + found[1]!.length);
  // One line per declaration or all on one: the rule's text with its white space collapsed.
  return css
    .slice(open + 1, css.indexOf('}', open))
    .replace(/\s+/g, ' ')
    .trim();
};

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx$/.test(name) && !/\.spec\.tsx$/.test(name) ? [full] : [];
  });

describe('checkbox layout', () => {
  it('puts the box and its label on one line in every wrapper', () => {
    expect(rule('.checkbox')).toMatch(/display: flex; flex-direction: row/);
    expect(rule('.field--inline')).toMatch(/display: flex; flex-direction: row/);
    expect(rule('.field--checkbox')).toMatch(/display: grid; grid-template-columns: auto minmax\(0, 1fr\)/);
    // The box keeps its own size and no text-field padding.
    expect(rule(".field input[type='checkbox']")).toMatch(/width: auto; margin: [^;]+; padding: 0/);
  });

  it('has a rule for every class the forms wrap a checkbox in', () => {
    const wrappers = new Set<string>();
    for (const file of sources(path.join(__dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/<(label|div)\s+(?:key=\{[^}]+\}\s+)?className="([^"]+)"[^>]*>\s*(?:\{[^}]*\}\s*)?<input[^>]*type="checkbox"/g)) {
        for (const name of match[2]!.split(/\s+/)) if (name === 'checkbox' || name.startsWith('field--')) wrappers.add(`.${name}`);
      }
    }
    expect(wrappers.size).toBeGreaterThan(0);
    for (const wrapper of wrappers) expect([wrapper, rule(wrapper)]).toEqual([wrapper, expect.stringMatching(/display: (flex; flex-direction: row|grid)/)]);
  });
});
