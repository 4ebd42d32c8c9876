// The real `shlo lsp`, driven through vscode-jsonrpc and the LSP protocol
// definitions that vscode-languageclient (the extension's client) is built on.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import {
  CodeActionRequest,
  DocumentFormattingRequest,
  HoverRequest,
  InitializeRequest,
  InitializeResult,
  InitializedNotification,
  MarkupContent,
  ProtocolConnection,
  PublishDiagnosticsNotification,
  PublishDiagnosticsParams,
  SemanticTokensRequest,
  ShutdownRequest,
  ExitNotification,
  DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification,
  DiagnosticSeverity,
  TextEdit,
} from 'vscode-languageserver-protocol/node';
import { typeFromHover } from '../../src/hoverType';
import { LspServer, pollFor, startLspServer, stopLspServer } from './lspServer';

// An undefined value (%y, line 4) and a deprecated op (line 5).
const source = [
  'func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {',
  '  %0 = stablehlo.abs %x : tensor<4xf32>',
  '  %1 = stablehlo.add %0, %y : tensor<4xf32>',
  '  %2 = stablehlo.dot %1, %1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>',
  '  return %0 : tensor<4xf32>',
  '}',
  '',
].join('\n');

describe('shlo lsp through the client libraries', function () {
  this.timeout(20000);
  let server: LspServer;
  let connection: ProtocolConnection;
  let initialized: InitializeResult;
  let uri: string;
  let work: string;
  const diagnostics: PublishDiagnosticsParams[] = [];

  function nextDiagnostics(predicate: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams> {
    return pollFor(
      () => diagnostics.find(predicate),
      () => `no matching diagnostics: ${JSON.stringify(diagnostics)}`,
    );
  }

  before(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'shlo-lsp-'));
    const file = path.join(work, 'model.mlir');
    fs.writeFileSync(file, source);
    uri = pathToFileURL(file).toString();
    server = startLspServer((c) => c.onNotification(PublishDiagnosticsNotification.type, (params) => diagnostics.push(params)));
    connection = server.connection;
    initialized = await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: pathToFileURL(work).toString(),
      workspaceFolders: [{ uri: pathToFileURL(work).toString(), name: 'work' }],
      capabilities: {
        textDocument: {
          hover: { contentFormat: ['markdown', 'plaintext'] },
          publishDiagnostics: { relatedInformation: true, tagSupport: { valueSet: [1, 2] } },
          semanticTokens: {
            requests: { full: { delta: true }, range: true },
            tokenTypes: [],
            tokenModifiers: [],
            formats: ['relative'],
          },
        },
      },
    });
    await connection.sendNotification(InitializedNotification.type, {});
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'stablehlo', version: 1, text: source },
    });
  });

  after(async () => {
    await stopLspServer(server);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('introduces itself and offers what the extension relies on', () => {
    assert.strictEqual(initialized.serverInfo?.name, 'shlo');
    const capabilities = initialized.capabilities;
    assert.ok(capabilities.hoverProvider, 'hover');
    assert.ok(capabilities.definitionProvider, 'definition');
    assert.ok(capabilities.semanticTokensProvider, 'semantic tokens');
  });

  it('publishes the undefined value as an error with a code, and the deprecated op', async () => {
    const published = await nextDiagnostics((p) => p.uri === uri && p.diagnostics.length > 0);
    const undefinedValue = published.diagnostics.find((d) => d.message.includes('%y'));
    assert.ok(undefinedValue, JSON.stringify(published.diagnostics));
    assert.strictEqual(undefinedValue.severity, DiagnosticSeverity.Error);
    assert.deepStrictEqual(undefinedValue.range.start, { line: 2, character: 25 });
    assert.ok(typeof undefinedValue.code === 'string' && undefinedValue.code !== '');
    const deprecated = published.diagnostics.find((d) => d.range.start.line === 3 && /deprecated/.test(d.message));
    assert.ok(deprecated, JSON.stringify(published.diagnostics));
    assert.strictEqual(deprecated.severity, DiagnosticSeverity.Warning);
  });

  it('hovers with the type, which Show Type reads', async () => {
    const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 2, character: 21 } });
    assert.ok(hover !== null);
    const text = (hover.contents as MarkupContent).value;
    assert.strictEqual(typeFromHover(text), '%0 : tensor<4xf32>', text);
  });

  it('sends semantic tokens in the legend the editor maps to theme colours', async () => {
    const legend = initialized.capabilities.semanticTokensProvider!.legend;
    const tokens = await connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } });
    assert.ok(tokens !== null && tokens.data.length > 0 && tokens.data.length % 5 === 0);
    // Decode the first line's tokens: `func.func` then `@main`.
    const firstLine: string[] = [];
    let line = 0;
    let column = 0;
    for (let i = 0; i < tokens.data.length; i += 5) {
      const [deltaLine, deltaStart, length, type] = tokens.data.slice(i, i + 4);
      line += deltaLine;
      column = deltaLine === 0 ? column + deltaStart : deltaStart;
      if (line === 0) firstLine.push(`${source.split('\n')[0].slice(column, column + length)}:${legend.tokenTypes[type]}`);
    }
    assert.ok(firstLine.includes('@main:function'), firstLine.join(' '));
    assert.ok(firstLine.includes('%x:parameter') || firstLine.includes('%x:variable'), firstLine.join(' '));
  });

  it('clears the error after an edit', async () => {
    diagnostics.length = 0;
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 2, character: 25 }, end: { line: 2, character: 27 } }, text: '%x' }],
    });
    const published = await nextDiagnostics((p) => p.uri === uri);
    assert.ok(!published.diagnostics.some((d) => d.severity === DiagnosticSeverity.Error), JSON.stringify(published));
  });

  it('formats the document', async () => {
    assert.ok(initialized.capabilities.documentFormattingProvider, 'formatting');
    const edits: TextEdit[] | null = await connection.sendRequest(DocumentFormattingRequest.type, {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    });
    // The text is formatted already: no edits (minimal edits, never a
    // whole-document replacement).
    assert.deepStrictEqual(edits, []);
  });

  it('offers code actions on the deprecated op', async () => {
    assert.ok(initialized.capabilities.codeActionProvider, 'code actions');
    const published = diagnostics.find((p) => p.uri === uri)!;
    const actions = await connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: { start: { line: 3, character: 0 }, end: { line: 3, character: 80 } },
      context: { diagnostics: published.diagnostics.filter((d) => d.range.start.line === 3) },
    });
    assert.ok(Array.isArray(actions) && actions.length > 0, JSON.stringify(actions));
    const fix = actions.find((a) => 'title' in a && a.title === 'Replace with `stablehlo.dot_general`');
    assert.ok(fix && 'kind' in fix && fix.kind === 'quickfix' && fix.isPreferred, JSON.stringify(actions));
    const generic = actions.find((a) => 'title' in a && a.title.includes('to generic form'));
    assert.ok(generic && 'kind' in generic && generic.kind === 'refactor.rewrite', JSON.stringify(actions));
  });

  it('ends cleanly on shutdown and exit', async () => {
    await connection.sendRequest(ShutdownRequest.type);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    await connection.sendNotification(ExitNotification.type);
    assert.strictEqual(await exited, 0);
  });
});
