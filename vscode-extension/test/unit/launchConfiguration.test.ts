import * as assert from 'assert';
import { DEBUG_TYPE, resolveLaunchConfiguration } from '../../src/debug/launchConfiguration';

function resolved(input: Record<string, unknown>, active?: string): Record<string, unknown> {
  const result = resolveLaunchConfiguration(input, active);
  if ('error' in result) assert.fail(result.error);
  return result.configuration;
}

function error(input: Record<string, unknown>, active?: string): string {
  const result = resolveLaunchConfiguration(input, active);
  assert.ok('error' in result, `expected an error for ${JSON.stringify(input)}`);
  return result.error;
}

describe('resolveLaunchConfiguration', () => {
  it('debugs the active file when there is no launch.json', () => {
    assert.deepStrictEqual(resolved({}, '/w/m.mlir'), {
      type: DEBUG_TYPE,
      request: 'launch',
      name: 'Debug StableHLO file',
      program: '/w/m.mlir',
      stopOnEntry: true,
    });
    assert.match(error({}), /Open a StableHLO file/);
  });

  it('keeps every attribute and strips @ from the entry', () => {
    const input = {
      type: 'stablehlo',
      request: 'launch',
      name: 'n',
      program: '/w/m.mlir',
      entry: '@main',
      chunk: 2,
      args: ['dense<1.0> : tensor<f32>'],
      inputs: ['/w/x.npy', '%y=/w/y.npz'],
      elided: 'random:7',
      threads: 2,
      cwd: '/w',
      stopOnEntry: false,
      shloPath: '/b/shlo',
    };
    assert.deepStrictEqual(resolved(input), { ...input, entry: 'main' });
  });

  it('fills a missing program from the active file', () => {
    assert.strictEqual(resolved({ type: 'stablehlo', request: 'launch', name: 'n' }, '/w/a.mlir').program, '/w/a.mlir');
    assert.match(error({ type: 'stablehlo', request: 'launch', name: 'n' }), /no "program"/);
  });

  it('accepts inputs as argument name -> path', () => {
    const inputs = { x: '/w/x.npy', y: '/w/y.npy' };
    assert.deepStrictEqual(resolved({ type: 'stablehlo', name: 'n', program: 'p', inputs }).inputs, inputs);
  });

  it('rejects attributes of the wrong type before shlo dap sees them', () => {
    const base = { type: 'stablehlo', request: 'launch', name: 'n', program: '/w/m.mlir' };
    assert.match(error({ ...base, args: 'dense<1.0>' }), /"args" must be an array of strings/);
    assert.match(error({ ...base, args: [1] }), /"args"/);
    assert.match(error({ ...base, inputs: [3] }), /"inputs"/);
    assert.match(error({ ...base, stopOnEntry: 'yes' }), /"stopOnEntry"/);
    assert.match(error({ ...base, elided: 'ones' }), /"elided"/);
    assert.match(error({ ...base, threads: 0 }), /"threads"/);
    assert.match(error({ ...base, threads: 1.5 }), /"threads"/);
    assert.match(error({ ...base, cwd: 1 }), /"cwd"/);
    assert.match(error({ ...base, entry: 3 }), /"entry"/);
    assert.match(error({ ...base, chunk: 0 }), /"chunk"/);
    assert.match(error({ ...base, chunk: '1' }), /"chunk"/);
    assert.match(error({ ...base, program: 7 }), /"program"/);
    assert.match(error({ ...base, shloPath: false }), /"shloPath"/);
    assert.match(error({ ...base, request: 'attach' }), /only launches/);
  });
});
