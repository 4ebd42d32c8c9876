// Show Dataflow Graph: asks the server for the graph of the function around
// the cursor and shows it in a webview; a click on a node reveals its text.
import { randomBytes } from 'crypto';
import * as vscode from 'vscode';
import type { ServerManager } from '../client';
import { graphHtml } from './html';
import { layoutGraph } from './layout';
import { DATAFLOW_GRAPH_METHOD, DataflowGraph, LspRange, offersDataflowGraph } from './protocol';

/** The context key package.json's `when` clauses read. */
export const DATAFLOW_GRAPH_CONTEXT = 'shlo.dataflowGraphAvailable';

/** Sets the context key from the running server's capabilities. */
export function updateGraphContext(capabilities: unknown): void {
  void vscode.commands.executeCommand('setContext', DATAFLOW_GRAPH_CONTEXT, offersDataflowGraph(capabilities));
}

function toRange(range: LspRange): vscode.Range {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}

export async function showDataflowGraph(server: ServerManager): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const client = server.languageClient;
  if (editor === undefined || client === undefined || !offersDataflowGraph(client.initializeResult?.capabilities)) {
    void vscode.window.showErrorMessage('The dataflow graph needs a StableHLO editor and a running shlo server that offers it.');
    return;
  }
  const document = editor.document;
  let graph: DataflowGraph;
  try {
    graph = await client.sendRequest<DataflowGraph>(DATAFLOW_GRAPH_METHOD, {
      textDocument: { uri: document.uri.toString() },
      position: { line: editor.selection.active.line, character: editor.selection.active.character },
    });
  } catch (error) {
    void vscode.window.showErrorMessage(`No dataflow graph: ${(error as Error).message}`);
    return;
  }
  const panel = vscode.window.createWebviewPanel(
    'shlo.dataflowGraph',
    `Dataflow: @${graph.function}`,
    vscode.ViewColumn.Beside,
    { enableScripts: true, localResourceRoots: [] },
  );
  const nonce = randomBytes(16).toString('base64');
  panel.webview.html = graphHtml(graph, layoutGraph(graph), nonce, panel.webview.cspSource);
  const ranges = new Map(graph.nodes.map((node) => [node.id, node.range]));
  panel.webview.onDidReceiveMessage(async (message: { command?: unknown; id?: unknown }) => {
    if (message.command !== 'reveal' || typeof message.id !== 'string') return;
    const range = ranges.get(message.id);
    if (range === undefined) return;
    const target = await vscode.window.showTextDocument(document, { viewColumn: editor.viewColumn, preserveFocus: false });
    target.selection = new vscode.Selection(toRange(range).start, toRange(range).start);
    target.revealRange(toRange(range), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  });
}
