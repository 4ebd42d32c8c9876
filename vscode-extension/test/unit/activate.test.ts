// The extension's glue, run against the `vscode` stub: what activation
// registers, how it reacts to documents, and what its commands and debug
// hooks hand to VS Code.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from '../stub/vscode';
import { activate, deactivate } from '../../src/extension';
import { ServerManager } from '../../src/client';

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
const context = (): any => ({ extensionPath: '/nonexistent-extension', subscriptions: [] as unknown[] });
const stablehlo = 'func.func @main() -> tensor<f32> {\n  %0 = stablehlo.constant dense<1.0> : tensor<f32>\n  return %0 : tensor<f32>\n}\n';

describe('activation (vscode stub)', () => {
  let scratch: string;
  let fakeShlo: string;

  beforeEach(() => {
    vscode.reset();
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'shlo-ext-'));
    fakeShlo = path.join(scratch, 'shlo');
    fs.writeFileSync(fakeShlo, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    // No real server in these tests: a configured path that does not exist
    // keeps activation from starting one (and is reported).
    vscode.recorded.configuration.set('shlo.path', path.join(scratch, 'missing-shlo'));
  });

  afterEach(async () => {
    await deactivate();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('registers every command package.json contributes, and no other', () => {
    activate(context());
    const contributed = (manifest.contributes.commands as { command: string }[]).map((c) => c.command).sort();
    assert.deepStrictEqual([...vscode.recorded.commands.keys()].sort(), contributed);
  });

  it('shows the status item only while a StableHLO editor is active', () => {
    activate(context());
    const [item] = vscode.recorded.statusItems;
    assert.strictEqual(item.visible, false);
    vscode.recorded.editorListeners.forEach((listener) => listener({ document: vscode.document('/w/m.stablehlo', 'stablehlo', '') }));
    assert.strictEqual(item.visible, true);
    vscode.recorded.editorListeners.forEach((listener) => listener({ document: vscode.document('/w/a.txt', 'plaintext', '') }));
    assert.strictEqual(item.visible, false);
  });

  it('starts no server before a StableHLO document is open', async () => {
    activate(context());
    vscode.recorded.openListeners.forEach((listener) => listener(vscode.document('/w/notes.txt', 'plaintext', 'hello')));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepStrictEqual(vscode.recorded.messages, []);
  });

  it('reports a configured binary that is missing when a StableHLO document opens, without throwing', async () => {
    activate(context());
    vscode.recorded.openListeners.forEach((listener) => listener(vscode.document('/w/m.stablehlo', 'stablehlo', stablehlo)));
    await new Promise((resolve) => setImmediate(resolve));
    const error = vscode.recorded.messages.find((m) => m.level === 'error');
    assert.ok(error !== undefined && /shlo\.path is set to .*missing-shlo/.test(error.text), JSON.stringify(vscode.recorded.messages));
  });

  it('switches open and opened .mlir files holding StableHLO to the stablehlo language', () => {
    vscode.recorded.textDocuments.push(vscode.document('/w/open.mlir', 'plaintext', stablehlo));
    activate(context());
    vscode.recorded.openListeners.forEach((listener) => {
      listener(vscode.document('/w/later.mlir', 'plaintext', stablehlo));
      listener(vscode.document('/w/other.mlir', 'plaintext', 'func.func @f() { linalg.yield }'));
      listener(vscode.document('/w/theirs.mlir', 'mlir', stablehlo));
    });
    assert.deepStrictEqual(vscode.recorded.languageChanges, [
      { fileName: '/w/open.mlir', languageId: 'stablehlo' },
      { fileName: '/w/later.mlir', languageId: 'stablehlo' },
    ]);
  });

  it('honours shlo.mlirFiles = always for files the MLIR extension owns', () => {
    vscode.recorded.configuration.set('shlo.mlirFiles', 'always');
    activate(context());
    vscode.recorded.openListeners.forEach((listener) => listener(vscode.document('/w/theirs.mlir', 'mlir', stablehlo)));
    assert.deepStrictEqual(vscode.recorded.languageChanges, [{ fileName: '/w/theirs.mlir', languageId: 'stablehlo' }]);
  });

  it('runs `shlo dap` from shloPath, or from the setting', () => {
    activate(context());
    const factory = vscode.recorded.debugFactories.get(manifest.contributes.debuggers[0].type);
    assert.ok(factory, 'a descriptor factory for the contributed debug type');
    const fromLaunch = factory.createDebugAdapterDescriptor({ configuration: { shloPath: fakeShlo } });
    assert.deepStrictEqual([fromLaunch.command, fromLaunch.args], [fakeShlo, ['dap']]);
    vscode.recorded.configuration.set('shlo.path', fakeShlo);
    const fromSetting = factory.createDebugAdapterDescriptor({ configuration: {} });
    assert.deepStrictEqual([fromSetting.command, fromSetting.args], [fakeShlo, ['dap']]);
  });

  it('completes launch configurations from the active editor and refuses bad ones', () => {
    activate(context());
    const provider = vscode.recorded.debugProviders.get('stablehlo');
    vscode.recorded.activeTextEditor = { document: vscode.document('/w/m.mlir', 'stablehlo', stablehlo) };
    assert.strictEqual(provider.resolveDebugConfiguration(undefined, {}).program, '/w/m.mlir');
    assert.strictEqual(provider.resolveDebugConfiguration(undefined, { type: 'stablehlo', name: 'n', args: 'x' }), undefined);
    assert.ok(vscode.recorded.messages.some((m) => m.level === 'error' && /"args"/.test(m.text)));
    assert.deepStrictEqual(provider.provideDebugConfigurations(), manifest.contributes.debuggers[0].initialConfigurations);
  });

  it('runs and debugs a function from the code lens arguments', async () => {
    activate(context());
    // Set after activation, so no language client starts against the fake.
    vscode.recorded.configuration.set('shlo.path', fakeShlo);
    await vscode.commands.executeCommand('shlo.runFunction', 'file:///w/m.mlir', 'main');
    assert.deepStrictEqual(vscode.recorded.terminals.map((t) => t.sent), [[`${fakeShlo} run /w/m.mlir --entry main`]]);
    await vscode.commands.executeCommand('shlo.debugFunction', 'file:///w/m.mlir', '@f');
    assert.deepStrictEqual(vscode.recorded.debugSessions[0].configuration, {
      type: 'stablehlo',
      request: 'launch',
      name: 'Debug f',
      program: '/w/m.mlir',
      entry: 'f',
      stopOnEntry: true,
    });
  });

  it('runs and debugs one `// -----` chunk from a chunk lens', async () => {
    activate(context());
    vscode.recorded.configuration.set('shlo.path', fakeShlo);
    await vscode.commands.executeCommand('shlo.runFunction', 'file:///w/m.mlir', 'main', 2);
    assert.deepStrictEqual(vscode.recorded.terminals.map((t) => [t.name, t.sent]), [
      ['shlo run main (chunk 2)', [`${fakeShlo} run /w/m.mlir --entry main --chunk 2`]],
    ]);
    await vscode.commands.executeCommand('shlo.debugFunction', 'file:///w/m.mlir', 'main', 2);
    assert.deepStrictEqual(vscode.recorded.debugSessions[0].configuration, {
      type: 'stablehlo',
      request: 'launch',
      name: 'Debug main (chunk 2)',
      program: '/w/m.mlir',
      entry: 'main',
      chunk: 2,
      stopOnEntry: true,
    });
  });

  it('shows the uses of the "N uses" lens with VS Code\'s references peek', async () => {
    activate(context());
    const location = { uri: 'file:///w/m.mlir', range: { start: { line: 2, character: 12 }, end: { line: 2, character: 14 } } };
    await vscode.commands.executeCommand('shlo.showReferences', 'file:///w/m.mlir', { line: 6, character: 18 }, [location]);
    assert.strictEqual(vscode.recorded.executed.length, 1);
    const [{ command, args }] = vscode.recorded.executed;
    assert.strictEqual(command, 'editor.action.showReferences');
    const [uri, position, locations] = args as [vscode.Uri, vscode.Position, vscode.Location[]];
    assert.strictEqual(uri.fsPath, '/w/m.mlir');
    assert.deepStrictEqual([position.line, position.character], [6, 18]);
    assert.strictEqual(locations.length, 1);
    assert.ok(locations[0] instanceof vscode.Location);
    assert.deepStrictEqual(
      [locations[0].uri.fsPath, locations[0].range.start.line, locations[0].range.start.character, locations[0].range.end.character],
      ['/w/m.mlir', 2, 12, 14],
    );
    // Malformed arguments: nothing happens.
    await vscode.commands.executeCommand('shlo.showReferences', 'file:///w/m.mlir', { line: 'x' }, []);
    assert.strictEqual(vscode.recorded.executed.length, 1);
  });

  it('formats and applies fixes through VS Code\'s own commands', async () => {
    activate(context());
    await vscode.commands.executeCommand('shlo.format');
    await vscode.commands.executeCommand('shlo.lintFix');
    assert.deepStrictEqual(
      vscode.recorded.executed.map((e) => e.command),
      ['editor.action.formatDocument', 'editor.action.sourceAction'],
    );
  });

  it('shows a missing server in the status bar', async () => {
    vscode.recorded.configuration.set('shlo.path', '');
    const status = vscode.window.createStatusBarItem();
    const manager = new ServerManager('/nonexistent-extension', vscode.window.createOutputChannel('t'), status);
    const savedPath = process.env.PATH;
    process.env.PATH = scratch + '/nowhere';
    try {
      await manager.start();
    } finally {
      process.env.PATH = savedPath;
    }
    assert.match(status.text, /warning/);
    assert.strictEqual(status.backgroundColor.id, 'statusBarItem.warningBackground');
  });

  it('restarts a crashed server with a message linking to the output, then gives up', async () => {
    const status = vscode.window.createStatusBarItem();
    const output = vscode.window.createOutputChannel('t');
    const manager = new ServerManager('/nonexistent-extension', output, status);
    const handler = (manager as any).errorHandler();
    vscode.recorded.messageChoice = 'Show Output';
    const actions = [];
    for (let i = 0; i < 5; i++) actions.push(await handler.closed());
    // CloseAction.Restart is 2, DoNotRestart 1 (vscode-languageclient).
    assert.deepStrictEqual(actions.map((a: any) => a.action), [2, 2, 2, 2, 1]);
    assert.ok(actions.every((a: any) => a.handled === true), 'our message replaces the client\'s');
    const errors = vscode.recorded.messages.filter((m) => m.level === 'error').map((m) => m.text);
    assert.strictEqual(errors.length, 5);
    assert.match(errors[4], /not restarted/);
    assert.ok(vscode.recorded.messages.every((m) => m.items.includes('Show Output')));
    await new Promise((resolve) => setImmediate(resolve));
    assert.strictEqual(output.shown, 5, 'clicking the link shows the output channel');
    assert.strictEqual(status.backgroundColor.id, 'statusBarItem.errorBackground');
    assert.ok(output.lines.some((line: string) => /restarting/.test(line)));
  });
});
