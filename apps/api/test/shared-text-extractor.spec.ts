import type { ExtractedMessage } from '@lingui/conf';
import path from 'node:path';
import ts from 'typescript';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the extractor is a script of the repository (lingui.config.ts runs it), not a project to import from
import { analyzeSharedTexts, sharedTextExtractor, sharedTextReport } from '../../../scripts/i18n/shared-text-extractor';

/**
 * The shared catalogue's extractor (scripts/i18n/shared-text-extractor.ts)
 * finds the texts the API and the shared libraries give people without a
 * macro, by where they stand in the code (read with the TypeScript compiler):
 * refusals, errors, zod messages, text constants, and what a helper passes on.
 */

const ROOT = '/sample';

/** The shared texts of sample files laid out like the repository (paths under /sample). */
function analyze(files: Record<string, string>) {
  const sources = new Map(Object.entries(files).map(([name, text]) => [path.join(ROOT, name), text]));
  const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, strict: true, noResolve: true, types: [], noEmit: true };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) => {
    const text = sources.get(name);
    return text === undefined ? getSourceFile.call(host, name, language, ...rest) : ts.createSourceFile(name, text, language, true);
  };
  host.fileExists = (name) => sources.has(name) || fileExists.call(host, name);
  host.readFile = (name) => sources.get(name) ?? readFile.call(host, name);
  const report = analyzeSharedTexts(ts.createProgram([...sources.keys()], options, host), ROOT);
  const at = (text: { file: string; line: number }) => `${path.relative(ROOT, text.file)}:${text.line}`;
  return {
    texts: report.texts.map((text) => `${at(text)} ${text.text}`).sort(),
    problems: report.problems.map((problem) => `${at(problem)} ${problem.problem}`),
  };
}

const RESULT = `
export type Kind = 'validation' | 'conflict';
export const reject = (kind: Kind, code: string, message: string, values?: Record<string, string | number>): never => {
  throw new Error(code + kind + message + JSON.stringify(values));
};
export const sharedText = (template: string, values: Record<string, string | number>): string => template + JSON.stringify(values);
export const formatEnglish = (template: string, values: Record<string, string | number>): string => template + JSON.stringify(values);
`;

describe('the shared-text extractor', () => {
  it('reads refusals, texts with values, zod messages, text constants and error bodies where they are written', () => {
    const { texts, problems } = analyze({
      'libs/domain/src/result.ts': RESULT,
      'libs/rules/src/limits.ts': [
        "import { sharedText } from '../../domain/src/result';",
        'export const MAX_LEGS = 30;',
        'export const SAMPLE_MESSAGES = {',
        "  plain: 'Title is required',",
        "  withValues: sharedText('At most {max} legs', { max: MAX_LEGS }),",
        "  wait: (seconds: number) => sharedText('Please wait {seconds, plural, one {# second} other {# seconds}}', { seconds }),",
        '} as const;',
        "export const NOT_A_TEXT = { code: 'X' };",
      ].join('\n'),
      'libs/domain/src/voyage.ts': [
        "import { reject } from './result';",
        "import { SAMPLE_MESSAGES } from '../../rules/src/limits';",
        'const LIMIT = 2000;',
        "const invalid = (code: string, message: string): never => reject('validation', code, message);",
        'function checkText(value: string, label: string): void {',
        "  if (!value) reject('validation', 'TEXT_REQUIRED', '{label} is required', { label });",
        '}',
        'export function decide(legs: number[], port: string): void {',
        "  if (legs.length > 1) reject('conflict', 'LEG_FULL', 'Leg {legs} has no berth left', { legs: legs.join(', ') });",
        "  if (!port) invalid('PORT_REQUIRED', 'Departure port is required');",
        "  invalid('TITLE_REQUIRED', SAMPLE_MESSAGES.plain);",
        "  reject('validation', 'TOO_LONG', `The reason can be at most ${LIMIT} characters`);",
        "  checkText(port, 'A port name');",
        "  reject('validation', 'MADE', `Port ${port} is not known`);",
        '}',
      ].join('\n'),
      'libs/contracts/src/schemas.ts': [
        'declare const z: any;',
        "export const boat = z.object({ name: z.string().min(1, 'Boat name is required').max(80, { message: 'Boat name is too long' }) });",
        "export const tag = z.string().startsWith('#', 'A tag starts with #');",
        "export const kind = z.enum(['a', 'b'], { error: 'Choose a or b' });",
        "export const described = z.string().describe('Documentation, not a message');",
      ].join('\n'),
      'apps/api/src/errors.ts': [
        'export class ApplicationError extends Error {',
        '  constructor(readonly kind: string, readonly code: string, message: string, readonly options: { values?: Record<string, number> } = {}) {',
        '    super(message);',
        '  }',
        '}',
        'export class LinkPipe {',
        '  constructor(private readonly code: string, private readonly message: string) {}',
        '  refuse(): never {',
        "    throw new ApplicationError('validation', this.code, this.message);",
        '  }',
        '}',
        "export const pipe = new LinkPipe('INVALID_LINK', 'Invalid unsubscribe link');",
        "export const busy = (seconds: number) => new ApplicationError('rate_limited', 'RATE_LIMITED', 'Please wait {seconds} s', { values: { seconds } });",
        "export const body = { error: 'Something went wrong on our side', code: 'INTERNAL_ERROR' };",
        "export const log = { level: 'error', message: 'not for people' };",
      ].join('\n'),
      'libs/domain/src/voyage.spec.ts': "import { reject } from './result';\nreject('validation', 'SPEC', 'Only in a spec');",
    });
    expect(texts).toEqual([
      'apps/api/src/errors.ts:12 Invalid unsubscribe link',
      'apps/api/src/errors.ts:13 Please wait {seconds} s',
      'apps/api/src/errors.ts:14 Something went wrong on our side',
      'libs/contracts/src/schemas.ts:2 Boat name is required',
      'libs/contracts/src/schemas.ts:2 Boat name is too long',
      'libs/contracts/src/schemas.ts:3 A tag starts with #',
      'libs/contracts/src/schemas.ts:4 Choose a or b',
      'libs/domain/src/voyage.ts:10 Departure port is required',
      'libs/domain/src/voyage.ts:12 The reason can be at most 2000 characters',
      'libs/domain/src/voyage.ts:13 A port name',
      'libs/domain/src/voyage.ts:6 {label} is required',
      'libs/domain/src/voyage.ts:9 Leg {legs} has no berth left',
      'libs/rules/src/limits.ts:4 Title is required',
      'libs/rules/src/limits.ts:5 At most {max} legs',
      'libs/rules/src/limits.ts:6 Please wait {seconds, plural, one {# second} other {# seconds}}',
    ]);
    expect(problems).toEqual([
      'libs/domain/src/voyage.ts:14 a text made at run time (`Port ${port} is not known`): write it as a template with values (sharedText, or values of reject/ApplicationError)',
    ]);
  });

  it('reads the messages the API answers with (a returned object’s `message`), and a template a constant holds', () => {
    const { texts, problems } = analyze({
      'libs/domain/src/result.ts': RESULT,
      'libs/rules/src/sms.ts': [
        "import { formatEnglish } from '../../domain/src/result';",
        "export const SMS = 'Your code is {code}';",
        'export const SMS_MESSAGES = { sms: (code: string) => formatEnglish(SMS, { code }) } as const;',
      ].join('\n'),
      'apps/api/src/answers.ts': [
        "import { sharedText } from '../../libs/domain/src/result';",
        "const SAID = { departed: 'Departure recorded.', arrived: 'Arrival recorded.' } as const;",
        'declare const record: (entry: object) => void;',
        'export class Controller {',
        "  save() { return { message: 'Template saved', template: {} }; }",
        "  hide() { return { response: { message: 'Review hidden.', review_id: 'x' }, written: true }; }",
        '  check(kind: any) { return { message: SAID[kind] }; }',
        "  sent(email: string) { return { message: sharedText('Test sent to {email}', { email }) }; }",
        "  suspend() { return this.answer('Account suspended'); }",
        '  private answer(message: string) { return { message, user: null }; }',
        '  made(name: string) { return { message: `Rebuild of ${name} started` }; }',
        "  logged(name: string) { record({ level: 'error', message: `failed ${name}` }); return { message: { id: name } }; }",
        '}',
      ].join('\n'),
    });
    expect(texts).toEqual([
      'apps/api/src/answers.ts:2 Arrival recorded.',
      'apps/api/src/answers.ts:2 Departure recorded.',
      'apps/api/src/answers.ts:5 Template saved',
      'apps/api/src/answers.ts:6 Review hidden.',
      'apps/api/src/answers.ts:8 Test sent to {email}',
      'apps/api/src/answers.ts:9 Account suspended',
      'libs/rules/src/sms.ts:2 Your code is {code}',
    ]);
    expect(problems).toEqual([
      'apps/api/src/answers.ts:11 a text made at run time (`Rebuild of ${name} started`): write it as a template with values (sharedText, or values of reject/ApplicationError)',
    ]);
  });

  it('refuses braces in a text given no values, and a template that is not ICU', () => {
    const { problems } = analyze({
      'libs/domain/src/result.ts': RESULT,
      'libs/domain/src/odd.ts': [
        "import { reject } from './result';",
        "reject('validation', 'BRACES', 'Use {{name}} in the template');",
        "reject('validation', 'OPEN', 'Leg {legs has no berth left', { legs: 1 });",
      ].join('\n'),
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^libs\/domain\/src\/odd\.ts:2 "Use \{\{name\}\} in the template" /);
    expect(problems[1]).toMatch(/^libs\/domain\/src\/odd\.ts:3 "Leg \{legs has no berth left" is not a valid ICU message/);
  });

  it('gives Lingui the texts of a file of the repository, by their English words, with their origin; the tree has none made at run time', async () => {
    const previous = process.env['I18N_AREA'];
    process.env['I18N_AREA'] = 'shared';
    const file = path.resolve(__dirname, '../../../libs/rules/src/review-messages.ts');
    const found: ExtractedMessage[] = [];
    try {
      await sharedTextExtractor.extract(file, '', (message) => void found.push(message), undefined);
    } finally {
      if (previous === undefined) delete process.env['I18N_AREA'];
      else process.env['I18N_AREA'] = previous;
    }
    expect(found.map(({ id, message, origin }) => ({ id, message, origin: [path.basename(origin?.[0] ?? ''), origin?.[1]] }))).toEqual([
      { id: 'Choose a rating from {min} to {max} stars', message: 'Choose a rating from {min} to {max} stars', origin: ['review-messages.ts', 6] },
      { id: 'Please write at least {min, number} characters', message: 'Please write at least {min, number} characters', origin: ['review-messages.ts', 7] },
      { id: 'Please keep your review under {max, number} characters', message: 'Please keep your review under {max, number} characters', origin: ['review-messages.ts', 8] },
    ]);
    expect(sharedTextReport().problems).toEqual([]);
  }, 120_000);
});
