// The packaged .vsix (npm run package), unpacked as VS Code installs it:
// `extension/` becomes ~/.vscode/extensions/<publisher>.<name>-<version>/.
// The manifest inside must contribute the language, grammar and debugger,
// the files it names must be there, and the bundled client must load and
// activate from there (against the vscode stub).
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as yauzl from 'yauzl';
import { findBinary, isExecutableFile } from '../../src/binary';
import * as vscode from '../stub/vscode';

const root = path.join(__dirname, '..', '..', '..');
const vsixPath = process.env.SHLO_VSIX ?? path.join(root, 'dist', 'shlo-stablehlo.vsix');

interface Entry {
  name: string;
  mode: number;
  data: Buffer;
}

function readZip(file: string): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Entry>();
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            // Unix permissions are the high 16 bits of the external attributes.
            entries.set(entry.fileName, { name: entry.fileName, mode: (entry.externalFileAttributes >>> 16) & 0o777, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('the packaged .vsix', () => {
  let entries: Map<string, Entry>;
  let manifest: any;
  let installed: string;
  let scratch: string;

  before(async () => {
    assert.ok(fs.existsSync(vsixPath), `${vsixPath} is missing: run npm run package first`);
    entries = await readZip(vsixPath);
    manifest = JSON.parse(entries.get('extension/package.json')!.data.toString('utf8'));
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'shlo-vsix-'));
    installed = path.join(scratch, 'extensions', `${manifest.publisher}.${manifest.name}-${manifest.version}`);
    for (const entry of entries.values()) {
      if (!entry.name.startsWith('extension/')) continue;
      const target = path.join(installed, entry.name.slice('extension/'.length));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, entry.data, { mode: entry.mode || 0o644 });
    }
  });

  after(() => {
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('has the VSIX manifest naming the extension and its package.json', () => {
    const xml = entries.get('extension.vsixmanifest')!.data.toString('utf8');
    assert.match(xml, new RegExp(`<Identity [^>]*Id="${manifest.name}"[^>]*Version="${manifest.version}"[^>]*Publisher="${manifest.publisher}"`));
    assert.match(xml, /Type="Microsoft\.VisualStudio\.Code\.Manifest" Path="extension\/package\.json"/);
    assert.ok(entries.has('[Content_Types].xml'));
  });

  it('contributes the language, the grammar and the debugger', () => {
    const { languages, grammars, debuggers, breakpoints } = manifest.contributes;
    assert.strictEqual(languages[0].id, 'stablehlo');
    assert.deepStrictEqual([grammars[0].language, grammars[0].scopeName], ['stablehlo', 'source.stablehlo']);
    assert.strictEqual(debuggers[0].type, 'stablehlo');
    assert.ok(breakpoints.some((b: { language: string }) => b.language === 'stablehlo'));
  });

  it('holds every file its manifest names, and no sources or node_modules', () => {
    const named = [manifest.main, manifest.icon, manifest.contributes.languages[0].configuration, manifest.contributes.grammars[0].path];
    for (const file of named) assert.ok(fs.existsSync(path.join(installed, file)), file);
    const names = [...entries.keys()];
    assert.ok(names.includes('extension/readme.md') || names.includes('extension/README.md'), names.join(' '));
    assert.ok(names.some((n) => /^extension\/changelog\.md$/i.test(n)));
    assert.ok(names.some((n) => /^extension\/license(\.txt)?$/i.test(n)));
    assert.deepStrictEqual(names.filter((n) => /node_modules|\/src\/|\/test\/|\.ts$|\.map$/.test(n)), []);
    JSON.parse(fs.readFileSync(path.join(installed, manifest.contributes.grammars[0].path), 'utf8'));
  });

  it('holds the pictures its README shows', () => {
    const readmeName = fs.readdirSync(installed).find((n) => /^readme\.md$/i.test(n))!;
    const readme = fs.readFileSync(path.join(installed, readmeName), 'utf8');
    const pictures = [...readme.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]);
    assert.deepStrictEqual(pictures, ['images/editor.svg', 'images/hover.svg']);
    for (const picture of pictures) {
      const svg = fs.readFileSync(path.join(installed, picture), 'utf8');
      assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/, picture);
    }
  });

  it('loads the bundled client from the installed folder and activates', async () => {
    vscode.reset();
    vscode.recorded.configuration.set('shlo.path', path.join(scratch, 'no-such-shlo'));
    // The bundle needs nothing but `vscode` (the stub): no node_modules are installed.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loads the installed bundle as VS Code does
    const extension = require(path.join(installed, manifest.main));
    const context = { extensionPath: installed, subscriptions: [] as unknown[] };
    extension.activate(context);
    vscode.recorded.openListeners.forEach((listener) => listener(vscode.document('/w/m.stablehlo', 'stablehlo', '')));
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(vscode.recorded.messages.some((m) => /shlo\.path is set to/.test(m.text)), 'the bundle looked for the server');
    assert.ok(vscode.recorded.commands.has('shlo.restartServer'));
    assert.ok(vscode.recorded.debugFactories.has('stablehlo'));
    await extension.deactivate();
  });

  it('runs the bundled shlo when the .vsix carries one', function () {
    const bundled = [...entries.keys()].filter((n) => n.startsWith('extension/bin/'));
    if (bundled.length === 0) this.skip();
    const found = findBinary({
      setting: '',
      pathVariable: '',
      extensionRoot: installed,
      platform: process.platform,
      arch: process.arch,
      home: os.homedir(),
      isExecutable: isExecutableFile,
    });
    assert.strictEqual(found?.source, 'bundled', JSON.stringify(bundled));
    const version = spawnSync(found.path, ['--version'], { encoding: 'utf8' });
    assert.strictEqual(version.status, 0, version.stderr);
    // The kernel library came along: `shlo run` would not fall back to the reference loops.
    assert.match(version.stdout, /kernels: oneDNN /, version.stdout);
  });
});
