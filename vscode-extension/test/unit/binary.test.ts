import * as assert from 'assert';
import * as path from 'path';
import { LookupEnvironment, binaryName, expandSettingPath, findBinary } from '../../src/binary';

function environment(executables: string[], overrides: Partial<LookupEnvironment> = {}): LookupEnvironment {
  const set = new Set(executables);
  return {
    setting: '',
    pathVariable: '/usr/local/bin:/opt/shlo/bin',
    extensionRoot: '/ext',
    platform: 'linux',
    arch: 'x64',
    home: '/home/u',
    isExecutable: (file) => set.has(file),
    ...overrides,
  };
}

describe('findBinary', () => {
  it('prefers the setting over the PATH and the bundle', () => {
    const found = findBinary(
      environment(['/custom/shlo', '/usr/local/bin/shlo', '/ext/bin/linux-x64/shlo'], { setting: '/custom/shlo' }),
    );
    assert.deepStrictEqual(found, { path: '/custom/shlo', source: 'setting' });
  });

  it('expands ~ and ${workspaceFolder} in the setting', () => {
    assert.strictEqual(expandSettingPath('~/bin/shlo', '/home/u'), '/home/u/bin/shlo');
    assert.strictEqual(expandSettingPath('${workspaceFolder}/build/bin/shlo', '/home/u', '/w'), '/w/build/bin/shlo');
    const found = findBinary(
      environment(['/w/build/bin/shlo'], { setting: '${workspaceFolder}/build/bin/shlo', workspaceFolder: '/w' }),
    );
    assert.strictEqual(found?.path, '/w/build/bin/shlo');
  });

  it('reports a setting that is not executable instead of falling back', () => {
    assert.throws(
      () => findBinary(environment(['/usr/local/bin/shlo'], { setting: '/typo/shlo' })),
      /shlo\.path is set to \/typo\/shlo/,
    );
  });

  it('takes the first PATH folder that has shlo', () => {
    const found = findBinary(environment(['/opt/shlo/bin/shlo', '/ext/bin/linux-x64/shlo']));
    assert.deepStrictEqual(found, { path: path.join('/opt/shlo/bin', 'shlo'), source: 'path' });
  });

  it('falls back to the binary bundled for this platform and architecture', () => {
    assert.deepStrictEqual(findBinary(environment(['/ext/bin/linux-x64/shlo'])), {
      path: '/ext/bin/linux-x64/shlo',
      source: 'bundled',
    });
    assert.strictEqual(findBinary(environment(['/ext/bin/linux-arm64/shlo'])), undefined);
  });

  it('skips empty PATH entries and uses shlo.exe on Windows', () => {
    assert.strictEqual(binaryName('win32'), 'shlo.exe');
    const calls: string[] = [];
    findBinary(environment([], { pathVariable: '::/a', isExecutable: (f) => (calls.push(f), false) }));
    assert.deepStrictEqual(calls, [path.join('/a', 'shlo'), '/ext/bin/linux-x64/shlo']);
  });
});
