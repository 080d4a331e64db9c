// Finds the words a webview page (src/pages) would show without putting them
// through `t()` (src/pages/l10n.ts), read from the pages' syntax trees:
// - what reaches the screen or a screen reader: `text`, `title`, `placeholder`,
//   `help`, `aria`, `label` and visible attributes (`aria-label`…) of the
//   pages' helpers, `textContent =`, `setAttribute('aria-label', …)`, and the
//   parameters of the pages' own functions named so (`button(icon, label)`):
//   any letter there that is not from `t()` (a constant or a local function
//   returning words is followed to its words);
// - anywhere else, a literal that reads as prose (letters and a space), but
//   for class names, console lines and the few non-words below;
// - a `t()` key that is not one literal (nothing to translate then) or that
//   words a plural as "(s)" (each form is its own key: "1 file", "{0} files").
import * as ts from 'typescript';

export interface Finding {
  readonly line: number;
  readonly text: string;
  readonly why: string;
}

/** Properties and attributes whose value is shown or read out. */
const VISIBLE = new Set(['text', 'title', 'placeholder', 'help', 'aria', 'label', 'textContent', 'innerText', 'ariaLabel',
  'aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'aria-placeholder', 'alt']);
/** Parameters of the pages' functions that are shown or read out. */
const VISIBLE_PARAMETERS = new Set([...VISIBLE, 'term', 'message']);
/** Literals with a space that are not words: CSS. */
const NON_WORDS = new Set(['16px codicon']);

/** Lengths alone (`400px 0px`, `-1em 50%`): CSS, not words. */
const LENGTHS = /^\s*(-?[\d.]+(px|em|rem|%|vh|vw)?\s*)+$/;
const LETTER = /\p{L}/u;
/** Two words: a selector (`:scope > .notice`) or a size (`200% 0px`) is not prose. */
const PROSE = /\p{L}{2,}\S*\s+\S*\p{L}/u;
/** A word next to a value joined into a template (`broadcast ${v}`), where an id has none (`doc-${i}-up`). */
const JOINED_WORD = /\p{L}{2,}\S*\s|\s\S*\p{L}{2,}/u;
/** Methods whose result is made of their receiver's text (`[a, b].join(' · ')`). */
const TEXT_METHODS = new Set(['join', 'trim', 'trimStart', 'trimEnd', 'replace', 'replaceAll', 'concat', 'slice', 'toUpperCase', 'toLowerCase', 'toString']);

const nameOf = (n: ts.Node | undefined): string | undefined =>
  n && (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isPrivateIdentifier(n) ? n.text : undefined);
const calleeName = (c: ts.CallExpression): string | undefined =>
  ts.isPropertyAccessExpression(c.expression) ? c.expression.name.text : nameOf(c.expression);
const isT = (n: ts.CallExpression): boolean => ts.isIdentifier(n.expression) && n.expression.text === 't';
const literalText = (n: ts.Node): string | undefined =>
  ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) ? n.text : undefined;

/** For each function of the pages, the indexes of its parameters that are shown: `button` → [1]. */
export function visibleParameters(sources: readonly ts.SourceFile[]): Map<string, number[]> {
  const found = new Map<string, number[]>();
  const note = (name: string | undefined, params: ts.NodeArray<ts.ParameterDeclaration>) => {
    const shown = params.flatMap((p, i) => (VISIBLE_PARAMETERS.has(nameOf(p.name) ?? '') ? [i] : []));
    if (name && shown.length) found.set(name, shown);
  };
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionDeclaration(n) || ts.isMethodSignature(n) || ts.isMethodDeclaration(n)) note(nameOf(n.name), n.parameters);
    else if (ts.isVariableDeclaration(n) && n.initializer && (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer))) note(nameOf(n.name), n.initializer.parameters);
    else if (ts.isPropertySignature(n) && n.type && ts.isFunctionTypeNode(n.type)) note(nameOf(n.name), n.type.parameters);
    ts.forEachChild(n, visit);
  };
  sources.forEach(visit);
  return found;
}

export const parsePage = (file: string, text: string): ts.SourceFile => ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);

/** The untranslated words of one page; `shown`: from `visibleParameters` over every page. */
export function untranslatedWords(source: ts.SourceFile, shown: ReadonlyMap<string, number[]>): Finding[] {
  const findings = new Map<number, Finding>();
  const report = (n: ts.Node, why: string) => {
    const start = n.getStart(source);
    if (!findings.has(start)) findings.set(start, { line: source.getLineAndCharacterOfPosition(start).line + 1, text: n.getText(source), why });
  };
  // Declarations of the page by name: constants and functions are followed to their words.
  const declared = new Map<string, ts.Node>();
  const collect = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) declared.set(n.name.text, n.initializer);
    else if (ts.isFunctionDeclaration(n) && n.name) declared.set(n.name.text, n);
    ts.forEachChild(n, collect);
  };
  collect(source);

  /** Reports every word `e` can show that does not come from `t()`. */
  const shownValue = (e: ts.Node | undefined, seen = new Set<ts.Node>()): void => {
    if (!e || seen.has(e)) return;
    seen.add(e);
    const again = (x: ts.Node | undefined) => shownValue(x, seen);
    const text = literalText(e);
    if (text !== undefined) {
      if (LETTER.test(text)) report(e, 'shown without t()');
    } else if (ts.isTemplateExpression(e)) {
      if ([e.head, ...e.templateSpans.map((s) => s.literal)].some((p) => LETTER.test(p.text))) report(e, 'words joined to values: t() with {0}');
      e.templateSpans.forEach((s) => again(s.expression));
    } else if (ts.isBinaryExpression(e)) {
      const k = e.operatorToken.kind;
      if (k === ts.SyntaxKind.PlusToken && [e.left, e.right].some((x) => LETTER.test(literalText(x) ?? ''))) report(e, 'words joined to values: t() with {0}');
      if (k === ts.SyntaxKind.PlusToken || k === ts.SyntaxKind.BarBarToken || k === ts.SyntaxKind.QuestionQuestionToken || k === ts.SyntaxKind.AmpersandAmpersandToken) {
        again(e.left);
        again(e.right);
      }
    } else if (ts.isConditionalExpression(e)) {
      again(e.whenTrue);
      again(e.whenFalse);
    } else if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e) || ts.isSpreadElement(e)) {
      again(e.expression);
    } else if (ts.isIdentifier(e)) {
      again(declared.get(e.text));
    } else if (ts.isArrayLiteralExpression(e)) {
      e.elements.forEach(again);
    } else if (ts.isObjectLiteralExpression(e)) {
      e.properties.forEach((p) => ts.isPropertyAssignment(p) && again(p.initializer));
    } else if (ts.isElementAccessExpression(e)) {
      again(e.expression);
    } else if (ts.isArrowFunction(e) || ts.isFunctionExpression(e) || ts.isFunctionDeclaration(e)) {
      // A function's words are what it returns (followed when it is called, or handed over as the text).
      if (e.body && !ts.isBlock(e.body)) again(e.body);
      else if (e.body) returns(e.body).forEach(again);
    } else if (ts.isCallExpression(e) && !isT(e)) {
      // A function of the page: what it returns; a method of text: its receiver; any other function (`bidiVisible(x)`): its arguments.
      if (ts.isPropertyAccessExpression(e.expression)) {
        if (TEXT_METHODS.has(e.expression.name.text)) again(e.expression.expression);
      } else if (ts.isIdentifier(e.expression) && declared.has(e.expression.text)) again(e.expression);
      else e.arguments.forEach((a) => !ts.isArrowFunction(a) && !ts.isFunctionExpression(a) && again(a));
    }
  };

  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n) || ts.isTypeNode(n)) return;
    if (ts.isCallExpression(n) && isT(n)) {
      const key = n.arguments[0];
      const text = key && literalText(key);
      if (text === undefined) report(n, 'the key of t() must be one literal');
      else if (/\(s\)/.test(text)) report(n, 'a plural worded "(s)": one key per form');
      n.arguments.slice(1).forEach(visit);
      return;
    }
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && nameOf(n.expression.expression) === 'console') return;
    if (ts.isPropertyAssignment(n) && nameOf(n.name) === 'className') return;
    if (ts.isPropertyAssignment(n) && VISIBLE.has(nameOf(n.name) ?? '')) shownValue(n.initializer);
    if (ts.isShorthandPropertyAssignment(n) && VISIBLE.has(n.name.text)) shownValue(n.name);
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(n.left) && VISIBLE.has(n.left.name.text)) shownValue(n.right);
    if (ts.isCallExpression(n)) {
      const name = calleeName(n);
      if (name === 'setAttribute' && VISIBLE.has(literalText(n.arguments[0]) ?? '')) shownValue(n.arguments[1]);
      for (const i of shown.get(name ?? '') ?? []) shownValue(n.arguments[i]);
    }
    const text = literalText(n);
    if (text !== undefined && PROSE.test(text) && !NON_WORDS.has(text) && !LENGTHS.test(text)) report(n, 'words without t()');
    if (ts.isTemplateExpression(n) && [n.head, ...n.templateSpans.map((s) => s.literal)].some((p) => JOINED_WORD.test(p.text))) report(n, 'words joined to values: t() with {0}');
    ts.forEachChild(n, visit);
  };
  visit(source);
  return [...findings.values()].sort((a, b) => a.line - b.line);
}

/** The expressions a function body returns (not those of functions inside it). */
function returns(body: ts.Block): ts.Expression[] {
  const out: ts.Expression[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isReturnStatement(n) && n.expression) out.push(n.expression);
    else if (!ts.isFunctionLike(n)) ts.forEachChild(n, visit);
  };
  ts.forEachChild(body, visit);
  return out;
}
