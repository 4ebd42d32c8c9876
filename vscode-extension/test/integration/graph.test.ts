// `shlo/dataflowGraph` from the real `shlo lsp`, sent as the Show Dataflow
// Graph command sends it, and laid out by the view's layout.
import * as assert from 'assert';
import {
  DidOpenTextDocumentNotification,
  InitializeRequest,
  InitializeResult,
  InitializedNotification,
  ProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import { layoutGraph } from '../../src/graph/layout';
import { DATAFLOW_GRAPH_METHOD, DataflowGraph, offersDataflowGraph } from '../../src/graph/protocol';
import { LspServer, startLspServer, stopLspServer } from './lspServer';

const source = [
  'func.func @main(%a: tensor<3xi32>) -> tensor<3xi32> {',
  '  %0 = stablehlo.negate %a : tensor<3xi32>',
  '  %1 = stablehlo.add %0, %a : tensor<3xi32>',
  '  return %1 : tensor<3xi32>',
  '}',
  '',
].join('\n');
const uri = 'file:///tmp/shlo-graph-integration.mlir';

describe('the dataflow graph from shlo lsp', function () {
  this.timeout(20000);
  let server: LspServer;
  let connection: ProtocolConnection;
  let initialized: InitializeResult;

  before(async () => {
    server = startLspServer();
    connection = server.connection;
    initialized = await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {} });
    await connection.sendNotification(InitializedNotification.type, {});
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'stablehlo', version: 1, text: source },
    });
  });

  after(async () => {
    await stopLspServer(server);
  });

  it('is offered, so the command shows', () => {
    assert.ok(offersDataflowGraph(initialized.capabilities), JSON.stringify(initialized.capabilities.experimental));
  });

  it('answers the request for the cursor position with the nodes and edges', async () => {
    const graph = await connection.sendRequest<DataflowGraph>(DATAFLOW_GRAPH_METHOD, {
      textDocument: { uri },
      position: { line: 2, character: 4 },
    });
    assert.strictEqual(graph.function, 'main');
    assert.strictEqual(graph.truncated, false);
    assert.deepStrictEqual(
      graph.nodes.map((n) => [n.id, n.label, n.type, n.range.start.line]),
      [
        ['arg0', '%a', 'tensor<3xi32>', 0],
        ['op0', 'stablehlo.negate', 'tensor<3xi32>', 1],
        ['op1', 'stablehlo.add', 'tensor<3xi32>', 2],
        ['op2', 'func.return', '', 3],
      ],
    );
    assert.deepStrictEqual(graph.edges, [
      { from: 'arg0', to: 'op0', operandIndex: 0 },
      { from: 'op0', to: 'op1', operandIndex: 0 },
      { from: 'arg0', to: 'op1', operandIndex: 1 },
      { from: 'op1', to: 'op2', operandIndex: 0 },
    ]);
    assert.deepStrictEqual(layoutGraph(graph).nodes.map((n) => n.layer), [0, 1, 2, 3]);
  });

  it('rejects an unknown function with the error the command shows', async () => {
    await assert.rejects(
      connection.sendRequest(DATAFLOW_GRAPH_METHOD, { textDocument: { uri }, function: 'nowhere' }),
      (error: Error & { code?: number }) => error.code === -32602 && /@nowhere/.test(error.message),
    );
  });
});
