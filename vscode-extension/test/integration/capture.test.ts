// scripts/capture.mjs, the README's pictures: run against the real `shlo lsp`,
// its SVGs must show what the server answered (highlighting from semantic
// tokens, an inlay hint, a diagnostic's squiggle and entry, the hover).
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { shloBinary } from './shloBinary';

const root = path.join(__dirname, '..', '..', '..');

describe('the README captures (scripts/capture.mjs)', function () {
  let scratch: string;
  let editor: string;
  let hover: string;

  before(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'shlo-capture-'));
    const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'capture.mjs'), '--shlo', shloBinary(), '--out', scratch], {
      encoding: 'utf8',
      timeout: 20000,
    });
    assert.strictEqual(result.status, 0, result.stderr);
    assert.deepStrictEqual(result.stdout.trim().split('\n'), [path.join(scratch, 'editor.svg'), path.join(scratch, 'hover.svg')]);
    editor = fs.readFileSync(path.join(scratch, 'editor.svg'), 'utf8');
    hover = fs.readFileSync(path.join(scratch, 'hover.svg'), 'utf8');
  });

  after(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('colours the text by the server\'s semantic tokens', () => {
    // Op names (functions, default library), types, a parameter in italics.
    assert.match(editor, /<text [^>]*fill="#DCDCAA"[^>]*>stablehlo\.dot_general<\/text>/);
    assert.match(editor, /<text [^>]*fill="#4EC9B0"[^>]*>tensor<\/text>/);
    assert.match(editor, /<text [^>]*fill="#9CDCFE" font-style="italic"[^>]*>%x<\/text>/);
  });

  it('draws the inlay hints, the code lenses, the squiggles and the Problems list', () => {
    assert.match(editor, /fill="#2F2F2F"/, 'an inlay hint');
    assert.match(editor, /<path d="M[^"]+" fill="none" stroke="#(F14C4C|CCA700)"/, 'a squiggle');
    assert.match(editor, />PROBLEMS</);
    assert.match(editor, />Run \| Debug \| 0 uses</, 'the code lenses of @main');
    assert.match(editor, /stablehlo\.dot/);
  });

  it('shows the hover of a value with its type', () => {
    assert.match(hover, /%relu/);
    assert.match(hover, /tensor&lt;8x4xf32&gt;/);
  });

  it('matches the committed pictures in structure', () => {
    for (const name of ['editor.svg', 'hover.svg']) {
      const committed = fs.readFileSync(path.join(root, 'images', name), 'utf8');
      assert.match(committed, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/, name);
    }
  });
});
