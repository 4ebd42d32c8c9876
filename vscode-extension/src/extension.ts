// Entry point: the language client, `.mlir` detection, commands and the debugger.
import * as vscode from 'vscode';
import { LANGUAGE_ID, ServerManager } from './client';
import { registerCommands } from './commands';
import { registerDebugger } from './debug/register';
import { shouldClaim } from './mlirDetection';
import { mlirFilesMode } from './settings';

let server: ServerManager | undefined;

function claimIfStableHlo(document: vscode.TextDocument): void {
  if (shouldClaim(document.fileName, document.languageId, document.getText(), mlirFilesMode())) {
    void vscode.languages.setTextDocumentLanguage(document, LANGUAGE_ID);
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('StableHLO (shlo)');
  const status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 0);
  server = new ServerManager(context.extensionPath, output, status);
  context.subscriptions.push(output, status, server);
  registerCommands(context, server);
  registerDebugger(context);

  vscode.workspace.textDocuments.forEach(claimIfStableHlo);
  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument(claimIfStableHlo),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('shlo.path')) void server?.restart();
    }),
  );
  await server.start();
}

export async function deactivate(): Promise<void> {
  await server?.stop();
}
