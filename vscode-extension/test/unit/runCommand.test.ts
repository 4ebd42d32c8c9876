import * as assert from 'assert';
import { typeFromHover } from '../../src/hoverType';
import { runCommandLine, shellQuote, targetFromArguments } from '../../src/runCommand';

const toPath = (uri: string): string => uri.replace(/^file:\/\//, '');

describe('run function', () => {
  it('reads the code lens arguments [uri, name]', () => {
    assert.deepStrictEqual(targetFromArguments(['file:///w/m.mlir', '@main'], toPath), { file: '/w/m.mlir', entry: 'main' });
    assert.deepStrictEqual(targetFromArguments(['file:///w/m.mlir'], toPath), { file: '/w/m.mlir', entry: undefined });
    assert.strictEqual(targetFromArguments([], toPath), undefined);
    assert.strictEqual(targetFromArguments(['file:///w/m.mlir', 3], toPath), undefined);
  });

  it('reads a chunk lens\'s third argument, the chunk number', () => {
    assert.deepStrictEqual(targetFromArguments(['file:///w/m.mlir', 'main', 3], toPath), { file: '/w/m.mlir', entry: 'main', chunk: 3 });
    assert.strictEqual(targetFromArguments(['file:///w/m.mlir', 'main', 0], toPath), undefined);
    assert.strictEqual(targetFromArguments(['file:///w/m.mlir', 'main', '2'], toPath), undefined);
    assert.strictEqual(
      runCommandLine('/b/shlo', { file: '/w/m.mlir', entry: 'main', chunk: 3 }),
      '/b/shlo run /w/m.mlir --entry main --chunk 3',
    );
  });

  it('builds a shell-safe shlo run command line', () => {
    assert.strictEqual(runCommandLine('/b/shlo', { file: '/w/m.mlir', entry: 'main' }), '/b/shlo run /w/m.mlir --entry main');
    assert.strictEqual(runCommandLine('/b/shlo', { file: "/w/it's here.mlir" }), `/b/shlo run '/w/it'\\''s here.mlir'`);
    assert.strictEqual(shellQuote('$(rm -rf x)'), `'$(rm -rf x)'`);
  });
});

describe('typeFromHover', () => {
  it('takes the value and type line of a hover', () => {
    const hover = '```mlir\n%0 : tensor<4xf32>\n```\nresult #0 of `stablehlo.abs`\n\n2 uses';
    assert.strictEqual(typeFromHover(hover), '%0 : tensor<4xf32>');
    assert.strictEqual(typeFromHover('`%arg0 : tensor<2xi32>` (argument #0)'), '%arg0 : tensor<2xi32> (argument #0)');
    assert.strictEqual(typeFromHover('**stablehlo.add**: elementwise addition'), undefined);
  });
});
