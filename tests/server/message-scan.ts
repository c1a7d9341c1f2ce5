import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Reads the server's source for the messages a person can be shown: what the error helpers,
 * HttpError, translateMessage and the socket's refuse are given, what a `message:` property or a
 * variable called `message` holds, and the message a zod check spells out (`.regex(…, 'must be …')`).
 * A value is followed through conditionals, `||`/`??`, constants (of this file, or exported by any),
 * constant maps and sentences joined from an array; a template literal becomes its shape with `{}` for each part it fills in, the
 * form the Arabic catalogue's `{placeholders}` are compared in.
 */

/** zod checks whose second argument, when a string, is the message of a failed check. */
const zodChecks = new Set(['regex', 'min', 'max', 'length', 'refine']);
/** The functions that take a message, and the position of its argument (the server's own wrappers are added by the scan). */
const baseMessageTakers = new Map([
  ...['badRequest', 'notFound', 'forbidden', 'conflict', 'unauthorized', 'tooMany', 'translateMessage'].map((name) => [name, 0] as const),
  ['refuse', 1] as const,
  // A check over several fields returns its sentence through problem(…) (server/lib/errors.ts).
  ['problem', 0] as const,
]);
/** Code whose `message` is not for the portal's users: the start-up configuration, mails, the database. */
const skipped = [/^server\/config\.ts$/, /^server\/db\//, /^server\/mail\//, /\.test\.ts$/, /^server\/i18n\//];

export const shapeOf = (text: string) => text.replace(/\{\w*\}/g, '{}');

function serverFiles(root: string, dir = 'server'): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return serverFiles(root, relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

export interface ScannedSource {
  /** Message shapes found in message positions, with one place each was found and the text with named placeholders. */
  messages: Map<string, { where: string; named: string }>;
  /** Every string and template shape anywhere in the server's code (to tell a stale catalogue entry). */
  allTexts: Set<string>;
}

export function scanServerMessages(root: string): ScannedSource {
  const files = serverFiles(root).map((file) => ({
    file,
    source: ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true),
  }));
  /** Constants by file and name, and the exported ones by name (what another file can import). */
  const constants = new Map<string, ts.Expression[]>();
  const allTexts = new Set<string>();
  const remember = (key: string, value: ts.Expression) => constants.set(key, [...(constants.get(key) ?? []), value]);
  for (const { file, source } of files) {
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        remember(`${file}#${node.name.text}`, node.initializer);
        const statement = node.parent.parent;
        if (ts.isVariableStatement(statement) && statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword))
          remember(`*#${node.name.text}`, node.initializer);
      }
      const text = literalShape(node);
      if (text) allTexts.add(text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  const messageTakers = wrappersOf(files, baseMessageTakers);
  const messages = new Map<string, { where: string; named: string }>();
  const collect = (expression: ts.Expression | undefined, where: string, seen = new Set<ts.Node>()) => {
    if (!expression || seen.has(expression)) return;
    seen.add(expression);
    const text = literalShape(expression);
    if (text !== undefined) {
      if (text.trim() && !messages.has(text)) messages.set(text, { where, named: namedShape(expression) });
      return;
    }
    if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression))
      return collect(expression.expression, where, seen);
    if (ts.isConditionalExpression(expression)) {
      collect(expression.whenTrue, where, seen);
      return collect(expression.whenFalse, where, seen);
    }
    if (ts.isBinaryExpression(expression) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(expression.operatorToken.kind)) {
      collect(expression.left, where, seen);
      return collect(expression.right, where, seen);
    }
    // Sentences put together: `['Profile updated.', ...notes].join(' ')`, `[…].filter(Boolean)`.
    if (ts.isArrayLiteralExpression(expression)) {
      for (const element of expression.elements) collect(ts.isSpreadElement(element) ? element.expression : element, where, seen);
      return;
    }
    if (
      ts.isCallExpression(expression) &&
      ts.isPropertyAccessExpression(expression.expression) &&
      ['join', 'filter'].includes(expression.expression.name.text)
    ) {
      return collect(expression.expression.expression, where, seen);
    }
    if (ts.isIdentifier(expression)) return valuesOf(expression, where).forEach((value) => collect(value, where, seen));
    // A constant map read by key (`changeMessages[action]`): every value it holds.
    if ((ts.isElementAccessExpression(expression) || ts.isPropertyAccessExpression(expression)) && ts.isIdentifier(expression.expression)) {
      for (const value of valuesOf(expression.expression, where)) {
        if (!ts.isObjectLiteralExpression(value)) continue;
        for (const property of value.properties) if (ts.isPropertyAssignment(property)) collect(property.initializer, where, seen);
      }
    }
  };
  const valuesOf = (name: ts.Identifier, where: string) => constants.get(`${where.split(':')[0]}#${name.text}`) ?? constants.get(`*#${name.text}`) ?? [];

  for (const { file, source } of files) {
    if (skipped.some((pattern) => pattern.test(file))) continue;
    const visit = (node: ts.Node) => {
      const where = `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const position = messagePosition(node, messageTakers);
      if (position) collect(position.args[position.index], where);
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        zodChecks.has(node.expression.name.text) &&
        node.arguments.length === 2
      ) {
        const text = node.arguments[1];
        if (text && literalShape(text) !== undefined) collect(text, where);
      }
      if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'message') collect(node.initializer, where);
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'message') collect(node.initializer, where);
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(node.left) && node.left.text === 'message')
        collect(node.right, where);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { messages, allTexts };
}

/** The position of the message among a call's arguments, when the call hands a person a message. */
function messagePosition(node: ts.Node, takers: ReadonlyMap<string, number>): { args: ts.NodeArray<ts.Expression>; index: number } | undefined {
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && takers.has(node.expression.text))
    return { args: node.arguments, index: takers.get(node.expression.text) ?? 0 };
  if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'HttpError' && node.arguments)
    return { args: node.arguments, index: 1 };
  return undefined;
}

/**
 * The message takers plus every function of the server that hands one of its parameters on as a
 * message (`cartChanged(message, total)` building an HttpError), and the wrappers of those, so a
 * refusal worded through a small helper is still found.
 */
function wrappersOf(files: { source: ts.SourceFile }[], base: ReadonlyMap<string, number>): Map<string, number> {
  const takers = new Map(base);
  const functions: { name: string; parameters: readonly ts.ParameterDeclaration[]; body: ts.Node }[] = [];
  for (const { source } of files) {
    const visit = (node: ts.Node) => {
      if (ts.isFunctionDeclaration(node) && node.name && node.body) functions.push({ name: node.name.text, parameters: node.parameters, body: node.body });
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
      ) {
        functions.push({ name: node.name.text, parameters: node.initializer.parameters, body: node.initializer.body });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  for (let grew = true; grew;) {
    grew = false;
    for (const { name, parameters, body } of functions) {
      if (takers.has(name)) continue;
      const index = parameters.findIndex((parameter) => ts.isIdentifier(parameter.name) && handsOn(body, parameter.name.text, takers));
      if (index >= 0) {
        takers.set(name, index);
        grew = true;
      }
    }
  }
  return takers;
}

/** Whether a function body passes the parameter called `name` as the message of a taker. */
function handsOn(body: ts.Node, name: string, takers: ReadonlyMap<string, number>): boolean {
  let found = false;
  const visit = (node: ts.Node) => {
    const position = messagePosition(node, takers);
    const argument = position?.args[position.index];
    if (argument && ts.isIdentifier(argument) && argument.text === name) found = true;
    if (!found) ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

/** The text of a string literal, or a template literal's shape with `{}` for each filled-in part. */
function literalShape(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('');
  return undefined;
}

/** A template literal with each filled-in part named after what fills it (`${user.name}` → `{name}`), for a new catalogue entry. */
function namedShape(node: ts.Node): string {
  if (!ts.isTemplateExpression(node)) return literalShape(node) ?? '';
  const used = new Map<string, number>();
  return (
    node.head.text +
    node.templateSpans
      .map((span) => {
        const base = /(\w+)\W*$/.exec(span.expression.getText())?.[1] ?? 'value';
        const count = (used.get(base) ?? 0) + 1;
        used.set(base, count);
        return `{${count === 1 ? base : `${base}${count}`}}${span.literal.text}`;
      })
      .join('')
  );
}
