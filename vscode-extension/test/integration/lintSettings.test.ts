// `shlo.lint.rules` as the extension sends it (settings.ts serverSettings,
// from the stubbed configuration) to the real `shlo lsp`: in
// initializationOptions, then in workspace/didChangeConfiguration as
// VS Code's `synchronize.configurationSection` sends it (the whole section).
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import {
  DidChangeConfigurationNotification,
  DidOpenTextDocumentNotification,
  InitializeRequest,
  InitializedNotification,
  ProtocolConnection,
  PublishDiagnosticsNotification,
  PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { serverSettings } from '../../src/settings';
import { recorded, reset } from '../stub/vscode';
import { LspServer, pollFor, startLspServer, stopLspServer } from './lspServer';

// An unused result (SHLO101) and a deprecated op (SHLO001).
const source = [
  'func.func @main(%x: tensor<4xf32>) -> tensor<f32> {',
  '  %0 = stablehlo.abs %x : tensor<4xf32>',
  '  %1 = stablehlo.dot %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>',
  '  return %1 : tensor<f32>',
  '}',
  '',
].join('\n');

describe('shlo.lint.rules reaches the server', function () {
  this.timeout(20000);
  let server: LspServer;
  let connection: ProtocolConnection;
  let work: string;
  let uri: string;
  const published: PublishDiagnosticsParams[] = [];

  function codes(p: PublishDiagnosticsParams): string[] {
    return p.diagnostics.map((d) => String(d.code)).sort();
  }

  function nextPublication(after: number): Promise<PublishDiagnosticsParams> {
    return pollFor(
      () => (published.length > after ? published[after] : undefined),
      () => `no publication: ${JSON.stringify(published)}`,
    );
  }

  before(async () => {
    reset();
    recorded.configuration.set('shlo.lint.rules', { SHLO001: 'off', 'unused-result': 'error' });
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'shlo-lint-settings-'));
    const file = path.join(work, 'model.mlir');
    fs.writeFileSync(file, source);
    uri = pathToFileURL(file).toString();
    server = startLspServer((c) => c.onNotification(PublishDiagnosticsNotification.type, (params) => published.push(params)));
    connection = server.connection;
    await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
      initializationOptions: serverSettings(),
    });
    await connection.sendNotification(InitializedNotification.type, {});
  });

  after(async () => {
    await stopLspServer(server);
    fs.rmSync(work, { recursive: true, force: true });
    reset();
  });

  it('applies the settings sent at initialize', async () => {
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'stablehlo', version: 1, text: source },
    });
    const first = await nextPublication(0);
    assert.deepStrictEqual(codes(first), ['SHLO101'], JSON.stringify(first));
    assert.strictEqual(first.diagnostics[0].severity, 1);
  });

  it('publishes again when the settings change', async () => {
    recorded.configuration.set('shlo.lint.rules', {});
    await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { shlo: serverSettings() } });
    const second = await nextPublication(1);
    assert.deepStrictEqual(codes(second), ['SHLO001', 'SHLO101'], JSON.stringify(second));
    assert.ok(second.diagnostics.every((d) => d.severity === 2), JSON.stringify(second));
  });
});
