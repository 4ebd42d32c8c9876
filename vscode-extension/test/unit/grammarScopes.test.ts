// The TextMate grammar follows the tree-sitter grammar's highlights: every
// capture of grammar/queries/highlights.scm has a scope (highlight-scopes.json)
// that the TextMate grammar produces and its test file asserts.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

const root = path.join(__dirname, '..', '..', '..');
const read = (file: string): string => fs.readFileSync(path.join(root, file), 'utf8');
const mapping: Record<string, string> = JSON.parse(read('syntaxes/highlight-scopes.json')).captures;

function grammarScopes(node: any, into: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => grammarScopes(item, into));
  else if (node !== null && typeof node === 'object') {
    if (typeof node.name === 'string') into.add(node.name);
    Object.values(node).forEach((value) => grammarScopes(value, into));
  }
  return into;
}

describe('TextMate grammar and highlights.scm', () => {
  const captures = new Set([...read('../grammar/queries/highlights.scm').matchAll(/@([\w.]+)/g)].map((m) => m[1]));
  const scopes = grammarScopes(JSON.parse(read('syntaxes/stablehlo.tmLanguage.json')), new Set());
  const asserted = read('test/grammar/tokens.mlir');

  it('reads the captures of highlights.scm', () => {
    assert.ok(captures.size >= 15, [...captures].join(' '));
  });

  it('maps every capture to a scope', () => {
    const unmapped = [...captures].filter((capture) => !(capture in mapping));
    assert.deepStrictEqual(unmapped, []);
  });

  it('produces every mapped scope', () => {
    const missing = Object.values(mapping).filter((scope) => ![...scopes].some((s) => s === scope || s.startsWith(scope + '.')));
    assert.deepStrictEqual(missing, []);
  });

  it('asserts every mapped scope in test/grammar/tokens.mlir', () => {
    const untested = Object.values(mapping).filter((scope) => !asserted.includes(' ' + scope));
    assert.deepStrictEqual(untested, []);
  });
});
