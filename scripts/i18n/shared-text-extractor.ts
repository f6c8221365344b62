import type { ExtractorType } from '@lingui/conf';
import babelExtractor from '@lingui/cli/api/extractors/babel';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import path from 'node:path';
import ts from 'typescript';
import { formatEnglish } from '../../libs/rules/src/shared-texts';

const ROOT = path.resolve(__dirname, '../..');

/** Where the API's and the shared libraries' texts live: what the shared catalogue (libs/rules/locales) holds. */
export const SHARED_SOURCE_DIRS = ['libs/rules/src', 'libs/contracts/src', 'libs/domain/src', 'apps/api/src'] as const;

/** A source file whose texts go to the shared catalogue (not a spec, not test fixtures). */
export const isSharedSource = (file: string, root = ROOT): boolean => {
  const relative = path.relative(root, file).split(path.sep).join('/');
  return (
    SHARED_SOURCE_DIRS.some((dir) => relative.startsWith(`${dir}/`)) && /\.ts$/.test(relative) && !/\.(spec|d)\.ts$/.test(relative) && !relative.split('/').includes('testing')
  );
};

export interface SharedText {
  /** The English words (or the ICU template of a text with values): the catalogue's id. */
  readonly text: string;
  readonly file: string;
  readonly line: number;
}
export interface SharedTextProblem {
  readonly file: string;
  readonly line: number;
  readonly problem: string;
}
export interface SharedTextReport {
  readonly texts: readonly SharedText[];
  readonly problems: readonly SharedTextProblem[];
}

/**
 * Callees whose argument is a text a person reads, by name, with the
 * argument's index: a domain refusal, an application's or the HTTP layer's
 * error, a text with values (its template). Functions that pass one of their
 * own parameters on to such an argument (a helper `invalid(code, message)`,
 * a pipe keeping its message) are found from these, across files.
 */
const TEXT_ARGUMENT: Readonly<Record<string, number>> = { reject: 2, DomainError: 2, ApplicationError: 2, ApiError: 2, sharedText: 0, formatEnglish: 0 };
/** The functions that make a text from an ICU template and values (libs/rules/src/shared-texts.ts). */
const TEMPLATE_FUNCTIONS = new Set(['sharedText', 'formatEnglish']);

/** Values that are texts themselves, translated with their message (libs/rules/src/shared-texts.ts: TEXT_VALUES). */
const TEXT_VALUES = new Set(['label', 'subject', 'what', 'problem']);

/** Zod's checks that take a message; the listed ones take a value of their own first. */
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'gt',
  'gte',
  'lt',
  'lte',
  'positive',
  'negative',
  'nonnegative',
  'nonpositive',
  'multipleOf',
  'int',
  'regex',
  'email',
  'url',
  'uuid',
  'nonempty',
  'refine',
  'startsWith',
  'endsWith',
  'includes',
  'datetime',
  'date',
  'time',
]);
const ZOD_VALUE_FIRST = new Set(['startsWith', 'endsWith', 'includes']);

/** Constants of the shared rules and contracts that hold texts: VOYAGE_MESSAGES, APPLICATION_MESSAGE_TEXTS, TRUST_LEVEL_LABELS… */
const TEXT_CONSTANT = /(?:MESSAGES|TEXTS|LABELS)$/;
/** Properties whose value is a text: `{ code, message }`, `{ error, code }`, a zod param's `message`/`error`, a form's `maxMessage`. */
const MESSAGE_PROPERTY = /^(?:message|error|\w+Message)$/;

type Origin = ts.Node;

/** Reads every shared text of a program; texts are reported where their words are written. */
export function analyzeSharedTexts(program: ts.Program, root = ROOT): SharedTextReport {
  const shared = (file: string): boolean => isSharedSource(file, root);
  const checker = program.getTypeChecker();
  const files = program.getSourceFiles().filter((file) => shared(file.fileName));
  const found = new Map<string, SharedText>();
  const problems = new Map<string, SharedTextProblem>();
  /** Parameters that carry a text, per function, found while reading (a fixpoint: read again until none is new). */
  const textParameters = new Map<ts.Node, Set<number>>();
  let learned = false;

  const lineOf = (node: ts.Node): { file: string; line: number } => {
    const source = node.getSourceFile();
    return { file: source.fileName, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 };
  };
  const problem = (node: ts.Node, message: string): void => {
    const at = lineOf(node);
    problems.set(`${at.file}:${at.line}:${message}`, { ...at, problem: message });
  };
  const report = (text: string, origin: Origin, template: boolean): void => {
    if (!shared(origin.getSourceFile().fileName)) return;
    const at = lineOf(origin);
    if (text.trim() === '') return;
    let parts: ReturnType<typeof compileMessage>;
    try {
      parts = compileMessage(text);
      // The English words are made by the shared rules' own formatter (it knows the arguments these texts use).
      formatEnglish(text);
    } catch (error) {
      return problem(origin, `"${text}" is not a valid ICU message (${(error as Error).message})`);
    }
    const hasArguments = typeof parts !== 'string' && parts.some((part) => typeof part !== 'string');
    if (hasArguments && !template) return problem(origin, `"${text}" has braces but is given no values: write it with sharedText(template, values), or pass its values`);
    found.set(`${at.file}:${at.line}:${text}`, { text, ...at });
  };

  const learn = (parameter: ts.ParameterDeclaration): void => {
    const owner = parameter.parent;
    const index = owner.parameters.indexOf(parameter);
    const known = textParameters.get(owner) ?? new Set<number>();
    if (!known.has(index)) {
      known.add(index);
      textParameters.set(owner, known);
      learned = true;
      if (parameter.initializer) read(parameter.initializer);
    }
  };

  const declarationOf = (node: ts.Node): ts.Declaration | undefined => {
    let symbol = ts.isShorthandPropertyAssignment(node.parent)
      ? checker.getShorthandAssignmentValueSymbol(node.parent)
      : checker.getSymbolAtLocation(ts.isPropertyAccessExpression(node) ? node.name : node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  };

  const literalOf = (type: ts.Type): string | undefined => {
    if (type.isStringLiteral()) return type.value;
    if (type.isNumberLiteral()) return String(type.value);
    return undefined;
  };

  /** A template literal whose parts are all constants (a limit stated elsewhere), as its words. */
  const constantTemplate = (node: ts.TemplateExpression): string | undefined => {
    let text = node.head.text;
    for (const span of node.templateSpans) {
      const expression = span.expression;
      let value = literalOf(checker.getTypeAtLocation(expression));
      if (
        value === undefined &&
        ts.isCallExpression(expression) &&
        ts.isPropertyAccessExpression(expression.expression) &&
        expression.expression.name.text === 'toLocaleString' &&
        expression.arguments.length === 1 &&
        ts.isStringLiteral(expression.arguments[0]!)
      ) {
        const receiver = checker.getTypeAtLocation(expression.expression.expression);
        if (receiver.isNumberLiteral()) value = receiver.value.toLocaleString(expression.arguments[0].text);
      }
      if (value === undefined) return undefined;
      text += value + span.literal.text;
    }
    return text;
  };

  /**
   * The values of a text with values: those named as texts (TEXT_VALUES: a
   * field's name, an action) are read as texts too, and when one is a
   * parameter of its function, what its callers pass for it.
   */
  const readValues = (node: ts.Expression | undefined): void => {
    if (!node || !ts.isObjectLiteralExpression(node)) return;
    for (const property of node.properties) {
      if (!property.name || !ts.isIdentifier(property.name) || !TEXT_VALUES.has(property.name.text)) continue;
      const value = ts.isShorthandPropertyAssignment(property) ? property.name : ts.isPropertyAssignment(property) ? property.initializer : undefined;
      if (value) read(value);
    }
  };

  /** A template as written: a string literal, or the literal a constant holds (`PHONE_VERIFICATION_SMS`). */
  const writtenTemplate = (node: ts.Expression): ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | undefined => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node;
    if (!ts.isIdentifier(node) && !ts.isPropertyAccessExpression(node)) return undefined;
    const declaration = declarationOf(node);
    let value = declaration && (ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration)) ? declaration.initializer : undefined;
    while (value && (ts.isAsExpression(value) || ts.isParenthesizedExpression(value))) value = value.expression;
    return value && (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) ? value : undefined;
  };

  /** Every text an expression can be, reported where written; a text made at run time is a problem. */
  const read = (node: ts.Expression, seen: Set<ts.Node> = new Set(), withValues = false): void => {
    if (seen.has(node)) return;
    seen.add(node);
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node) || ts.isTypeAssertionExpression(node)) {
      return read(node.expression, seen, withValues);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return report(node.text, node, withValues);
    if (ts.isConditionalExpression(node)) {
      read(node.whenTrue, seen, withValues);
      return read(node.whenFalse, seen, withValues);
    }
    if (ts.isBinaryExpression(node) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)) {
      read(node.left, seen, withValues);
      return read(node.right, seen, withValues);
    }
    if (ts.isTemplateExpression(node)) {
      const constant = constantTemplate(node);
      if (constant !== undefined) return report(constant, node, withValues);
      return problem(node, `a text made at run time (${node.getText().slice(0, 80)}): write it as a template with values (sharedText, or values of reject/ApplicationError)`);
    }
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return readReturns(node, seen);
    if (ts.isCallExpression(node)) {
      const callee = calleeName(node);
      if (callee !== undefined && TEMPLATE_FUNCTIONS.has(callee)) {
        const template = node.arguments[0] && writtenTemplate(node.arguments[0]);
        if (template) report(template.text, template, true);
        else if (node.arguments[0]) problem(node, `${callee} needs its template written out (a string literal, or a constant holding one)`);
        return readValues(node.arguments[1]);
      }
      const declaration = checker.getResolvedSignature(node)?.declaration;
      if (declaration && !ts.isJSDocSignature(declaration) && shared(declaration.getSourceFile().fileName) && 'body' in declaration && declaration.body) {
        return readReturns(declaration as ts.SignatureDeclaration & { body: ts.Node }, seen);
      }
      return;
    }
    if (ts.isElementAccessExpression(node)) {
      // labels[key]: every text of the object it reads.
      const target = declarationOf(node.expression);
      let object = target && ts.isVariableDeclaration(target) ? target.initializer : undefined;
      // `{ … } as const`, `{ … } satisfies …`: the object itself.
      while (object && (ts.isAsExpression(object) || ts.isSatisfiesExpression(object) || ts.isParenthesizedExpression(object))) object = object.expression;
      if (object && ts.isObjectLiteralExpression(object) && shared(object.getSourceFile().fileName)) {
        for (const property of object.properties) if (ts.isPropertyAssignment(property)) read(property.initializer, seen, withValues);
        return;
      }
    }
    if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      const declaration = ts.isElementAccessExpression(node) ? undefined : declarationOf(node);
      if (declaration && ts.isParameter(declaration)) {
        if (checker.getTypeAtLocation(declaration).flags & ts.TypeFlags.String) learn(declaration);
        return;
      }
      if (declaration && shared(declaration.getSourceFile().fileName)) {
        const initializer =
          ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration) || ts.isPropertyDeclaration(declaration)
            ? declaration.initializer
            : ts.isShorthandPropertyAssignment(declaration)
              ? declaration.name
              : undefined;
        if (initializer && initializer !== node) return read(initializer, seen, withValues);
      }
      const type = checker.getTypeAtLocation(node);
      const literals = type.isUnion() ? type.types.map(literalOf) : [literalOf(type)];
      if (literals.every((literal) => literal !== undefined)) for (const literal of literals) report(literal!, node, withValues);
    }
  };

  const readReturns = (fn: ts.SignatureDeclaration & { body?: ts.Node }, seen: Set<ts.Node>): void => {
    const body = fn.body;
    if (!body) return;
    if (!ts.isBlock(body)) return read(body as ts.Expression, seen);
    const visit = (node: ts.Node): void => {
      if (ts.isReturnStatement(node) && node.expression) read(node.expression, seen);
      else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
    };
    ts.forEachChild(body, visit);
  };

  const calleeName = (node: ts.CallExpression | ts.NewExpression): string | undefined => {
    const callee = node.expression;
    if (ts.isIdentifier(callee)) return callee.text;
    if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
    return undefined;
  };

  /** A texts constant's words: every string (or text-making function) in it, nested objects and lists included. */
  const readConstant = (node: ts.Expression): void => {
    if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)) return readConstant(node.expression);
    if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) if (ts.isPropertyAssignment(property)) readConstant(property.initializer);
      return;
    }
    if (ts.isArrayLiteralExpression(node)) return node.elements.forEach((element) => readConstant(element));
    if (checker.getTypeAtLocation(node).flags & (ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike)) return;
    read(node);
  };

  const isTextLike = (node: ts.Expression): boolean => {
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return true;
    const type = checker.getTypeAtLocation(node);
    if (type.flags & ts.TypeFlags.Any && ts.isElementAccessExpression(node)) {
      // texts[key] with a key of a type not known here: the object's values.
      const values = checker.getTypeAtLocation(node.expression).getProperties();
      return values.length > 0 && values.every((value) => checker.getTypeOfSymbolAtLocation(value, node).flags & ts.TypeFlags.StringLike);
    }
    const parts = type.isUnion() ? type.types : [type];
    return parts.every((part) => part.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.Undefined | ts.TypeFlags.Null));
  };

  /**
   * An object the API answers with: returned by its function (a controller's
   * method, a command's or query's handler), or a property of such an object
   * (`{ response: { message }, written }`).
   */
  const isAnswer = (node: ts.Expression): boolean => {
    let at: ts.Node = node;
    while (ts.isParenthesizedExpression(at.parent) || ts.isAsExpression(at.parent) || ts.isSatisfiesExpression(at.parent) || ts.isAwaitExpression(at.parent)) at = at.parent;
    const parent = at.parent;
    if (ts.isReturnStatement(parent)) return true;
    if (ts.isArrowFunction(parent) && parent.body === at) return true;
    return ts.isPropertyAssignment(parent) && parent.initializer === at && ts.isObjectLiteralExpression(parent.parent) && isAnswer(parent.parent);
  };

  const visitFile = (file: ts.SourceFile): void => {
    const relative = path.relative(root, file.fileName).split(path.sep).join('/');
    const inApi = relative.startsWith('apps/api/src/');
    const inContracts = relative.startsWith('libs/contracts/');
    const inConstantsLibrary = inContracts || relative.startsWith('libs/rules/');
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const args = node.arguments ?? ts.factory.createNodeArray<ts.Expression>();
        const name = calleeName(node);
        const seeded = name !== undefined ? TEXT_ARGUMENT[name] : undefined;
        if (seeded !== undefined && args[seeded]) {
          read(args[seeded]!, new Set(), args.length > seeded + 1);
          if (name === 'reject' || name === 'DomainError') readValues(args[3]);
          if (name === 'ApplicationError') {
            const options = args[3];
            if (options && ts.isObjectLiteralExpression(options)) {
              const values = options.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'values');
              if (values && ts.isPropertyAssignment(values)) readValues(values.initializer);
            }
          }
        }
        const declaration = checker.getResolvedSignature(node)?.declaration;
        const learnedIndexes = declaration ? textParameters.get(declaration) : undefined;
        for (const index of learnedIndexes ?? []) {
          if (!args[index]) continue;
          read(args[index]!, new Set(), args.length > index + 1);
          readValues(args[index + 1]);
        }
        if (inContracts && ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ZOD_CHECKS.has(node.expression.name.text)) {
          args.forEach((arg, index) => {
            if (index === 0 && ZOD_VALUE_FIRST.has(name ?? '')) return;
            if (!ts.isObjectLiteralExpression(arg) && !ts.isFunctionLike(arg) && isTextLike(arg)) read(arg);
          });
        }
      }
      if (ts.isObjectLiteralExpression(node)) {
        const names = new Set(node.properties.map((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : '')));
        const isErrorShape = names.has('code') || names.has('path');
        for (const property of node.properties) {
          if (!(ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) || !property.name || !ts.isIdentifier(property.name)) continue;
          const key = property.name.text;
          const value = ts.isPropertyAssignment(property) ? property.initializer : property.name;
          // An answer's `message` (`{ message: 'Template saved', template }`): the API says it in the request's language.
          const isAnswerMessage = inApi && key === 'message' && isAnswer(node);
          const isMessage = isErrorShape ? key === 'message' || key === 'error' : isAnswerMessage || (inContracts && MESSAGE_PROPERTY.test(key));
          if (isMessage && isTextLike(value)) read(value);
        }
      }
      if (inConstantsLibrary && ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && TEXT_CONSTANT.test(node.name.text)) {
        readConstant(node.initializer);
      }
      if (inConstantsLibrary && ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && ['messages', 'label'].includes(node.name.text)) {
        readConstant(node.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  };

  for (let pass = 0; pass < 10; pass += 1) {
    learned = false;
    files.forEach(visitFile);
    if (!learned) break;
  }
  return { texts: [...found.values()], problems: [...problems.values()] };
}

/** The program the shared texts are read from: the API and the libraries, their imports of each other resolved, packages left out. */
export function sharedTextProgram(root = ROOT, host?: ts.CompilerHost): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('tsconfig.json cannot be read');
  const files = config.fileNames.filter((file) => isSharedSource(file, root));
  return ts.createProgram(files, { ...config.options, noResolve: true, types: [], noEmit: true }, host);
}

let treeReport: SharedTextReport | null = null;
/** The shared texts of the tree, and the texts it makes at run time (which cannot be translated), read once per process. */
export function sharedTextReport(): SharedTextReport {
  treeReport ??= analyzeSharedTexts(sharedTextProgram());
  return treeReport;
}

let byFile: Map<string, SharedText[]> | null = null;
/** The shared texts of the tree, by file; its problems are told once. */
function sharedTextsByFile(): Map<string, SharedText[]> {
  if (byFile) return byFile;
  const { texts, problems } = sharedTextReport();
  for (const { file, line, problem } of problems) console.warn(`${path.relative(ROOT, file)}:${line}: ${problem}`);
  byFile = new Map();
  for (const text of texts) {
    const key = path.resolve(text.file);
    byFile.set(key, [...(byFile.get(key) ?? []), text]);
  }
  for (const texts of byFile.values()) texts.sort((a, b) => a.line - b.line || a.text.localeCompare(b.text));
  return byFile;
}

/**
 * Lingui's own extractor (macros: Trans, t, msg, plural) for every source file,
 * and, for the shared catalogue (I18N_AREA=shared), the texts the API and the
 * shared libraries give people without a macro: refusals, errors and
 * validation messages, by their English words (a text with values by its ICU
 * template). The API's macros (mail) belong to its own catalogue (I18N_AREA=api).
 */
export const sharedTextExtractor: ExtractorType = {
  match: (filename) => babelExtractor.match(filename),
  async extract(filename, code, onMessageExtracted, ctx) {
    const area = process.env['I18N_AREA'];
    const shared = isSharedSource(filename);
    if (/\bimport\b[^;]*['"]@lingui\//.test(code) && !(shared && area === 'shared')) await babelExtractor.extract(filename, code, onMessageExtracted, ctx);
    if (!shared || (area !== undefined && area !== 'shared')) return;
    for (const { text, line } of sharedTextsByFile().get(path.resolve(filename)) ?? []) onMessageExtracted({ id: text, message: text, origin: [filename, line] });
  },
};
