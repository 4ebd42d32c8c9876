// package.json's contributions against the code and the files they name.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DEBUG_TYPE } from '../../src/debug/launchConfiguration';

const root = path.join(__dirname, '..', '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

describe('package.json', () => {
  it('names files that exist', () => {
    const language = manifest.contributes.languages[0];
    for (const file of [manifest.icon, language.configuration, manifest.contributes.grammars[0].path, 'LICENSE', 'README.md', 'CHANGELOG.md']) {
      assert.ok(fs.existsSync(path.join(root, file)), file);
    }
  });

  it('declares the stablehlo language without claiming .mlir', () => {
    const language = manifest.contributes.languages[0];
    assert.strictEqual(language.id, 'stablehlo');
    assert.deepStrictEqual(language.extensions, ['.stablehlo', '.stablehlo.mlir']);
    assert.ok(manifest.activationEvents.includes('onLanguage:plaintext'), 'activates on unclaimed .mlir files');
  });

  it('declares the shlo debugger with typed and documented launch attributes', () => {
    const [debuggerContribution] = manifest.contributes.debuggers;
    assert.strictEqual(debuggerContribution.type, DEBUG_TYPE);
    const properties = debuggerContribution.configurationAttributes.launch.properties;
    assert.deepStrictEqual(Object.keys(properties).sort(), ['args', 'chunk', 'cwd', 'elided', 'entry', 'inputs', 'program', 'shloPath', 'stopOnEntry', 'threads']);
    for (const [name, schema] of Object.entries<any>(properties)) {
      assert.ok(schema.type !== undefined && typeof schema.description === 'string' && schema.description.length > 10, name);
    }
    assert.deepStrictEqual(properties.args.items, { type: 'string' });
    for (const snippet of debuggerContribution.configurationSnippets) assert.strictEqual(snippet.body.type, DEBUG_TYPE);
  });

  it('has valid JSON in the language configuration and regular expressions that compile', () => {
    const configuration = JSON.parse(fs.readFileSync(path.join(root, 'language-configuration.json'), 'utf8'));
    assert.strictEqual(configuration.comments.lineComment, '//');
    const word = new RegExp(configuration.wordPattern, 'g');
    const words = '%0#1 = stablehlo.add %arg0, @main ^bb0 #loc1 !alias -1.5e3'.match(word);
    assert.deepStrictEqual(words, ['%0#1', 'stablehlo', 'add', '%arg0', '@main', '^bb0', '#loc1', '!alias', '-1.5e3']);
    new RegExp(configuration.indentationRules.increaseIndentPattern);
    assert.ok(new RegExp(configuration.indentationRules.decreaseIndentPattern).test('  }'));
  });
});
