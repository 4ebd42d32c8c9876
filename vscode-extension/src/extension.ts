// Entry point: the language client, `.mlir` detection, commands and the debugger.
import * as vscode from 'vscode';
import { LANGUAGE_ID, ServerManager } from './client';
import { registerCommands } from './commands';
import { registerDebugger } from './debug/register';
import { shouldClaim } from './mlirDetection';
import { mlirFilesMode } from './settings';

let server: ServerManager | undefined;
let started = false;

// The extension also activates for plain-text files (to find `.mlir` files
// holding StableHLO): the server starts with the first StableHLO document.
function startForStableHlo(document: vscode.TextDocument): void {
  if (started || document.languageId !== LANGUAGE_ID || server === undefined) return;
  started = true;
  void server.start();
}

function claimIfStableHlo(document: vscode.TextDocument): void {
  if (shouldClaim(document.fileName, document.languageId, document.getText(), mlirFilesMode())) {
    void vscode.languages.setTextDocumentLanguage(document, LANGUAGE_ID);
  }
}

export function activate(context: vscode.ExtensionContext): void {
  const output = vscode.window.createOutputChannel('StableHLO (shlo)');
  const status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 0);
  server = new ServerManager(context.extensionPath, output, status);
  started = false;
  context.subscriptions.push(output, status, server);
  registerCommands(context, server);
  registerDebugger(context);

  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument((document) => {
      claimIfStableHlo(document);
      startForStableHlo(document);
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (started && event.affectsConfiguration('shlo.path')) void server?.restart();
    }),
  );
  const manager = server;
  manager.showStatusFor(vscode.window.activeTextEditor?.document.languageId);
  context.subscriptions.push(
    vscode.window.onDidChangeActiveTextEditor((editor) => manager.showStatusFor(editor?.document.languageId)),
  );
  vscode.workspace.textDocuments.forEach((document) => {
    claimIfStableHlo(document);
    startForStableHlo(document);
  });
}

export async function deactivate(): Promise<void> {
  await server?.stop();
  server = undefined;
}
