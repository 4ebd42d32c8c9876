// The commands of the command palette and of the server's code lenses.
import * as vscode from 'vscode';
import { ServerManager } from './client';
import { DEBUG_TYPE } from './debug/launchConfiguration';
import { showDataflowGraph } from './graph/panel';
import { typeFromHover } from './hoverType';
import { FunctionTarget, runCommandLine, targetFromArguments } from './runCommand';
import { locateShlo } from './settings';
import { referencesFromArguments } from './showReferences';

function target(args: unknown[]): FunctionTarget | undefined {
  const fromLens = targetFromArguments(args, (uri) => vscode.Uri.parse(uri).fsPath);
  if (fromLens !== undefined) return fromLens;
  const document = vscode.window.activeTextEditor?.document;
  return document === undefined ? undefined : { file: document.fileName };
}

function runFunction(extensionRoot: string, args: unknown[]): void {
  const what = target(args);
  const binary = locateShlo(extensionRoot);
  if (what === undefined || binary === undefined) {
    void vscode.window.showErrorMessage(what === undefined ? 'No StableHLO file to run.' : 'shlo was not found.');
    return;
  }
  const chunk = what.chunk === undefined ? '' : ` (chunk ${what.chunk})`;
  const terminal = vscode.window.createTerminal({ name: `shlo run ${what.entry ?? ''}${chunk}`.trim() });
  terminal.show();
  terminal.sendText(runCommandLine(binary.path, what));
}

async function debugFunction(args: unknown[]): Promise<void> {
  const what = target(args);
  if (what === undefined) return;
  const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(what.file));
  await vscode.debug.startDebugging(folder, {
    type: DEBUG_TYPE,
    request: 'launch',
    name: `Debug ${what.entry ?? what.file}${what.chunk === undefined ? '' : ` (chunk ${what.chunk})`}`,
    program: what.file,
    ...(what.entry === undefined ? {} : { entry: what.entry }),
    ...(what.chunk === undefined ? {} : { chunk: what.chunk }),
    stopOnEntry: true,
  });
}

/** The "N uses" lens: VS Code's references peek at the function's name. */
async function showReferences(args: unknown[]): Promise<void> {
  const references = referencesFromArguments(args);
  if (references === undefined) return;
  const position = (p: { line: number; character: number }) => new vscode.Position(p.line, p.character);
  await vscode.commands.executeCommand(
    'editor.action.showReferences',
    vscode.Uri.parse(references.uri),
    position(references.position),
    references.locations.map(
      (l) => new vscode.Location(vscode.Uri.parse(l.uri), new vscode.Range(position(l.range.start), position(l.range.end))),
    ),
  );
}

async function showType(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined) return;
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
    'vscode.executeHoverProvider',
    editor.document.uri,
    editor.selection.active,
  );
  const text = (hovers ?? [])
    .flatMap((hover) => hover.contents)
    .map((content) => (typeof content === 'string' ? content : content.value))
    .join('\n');
  const type = typeFromHover(text);
  void vscode.window.showInformationMessage(type ?? 'No value with a type under the cursor.');
}

export function registerCommands(context: vscode.ExtensionContext, server: ServerManager): void {
  const root = context.extensionPath;
  context.subscriptions.push(
    vscode.commands.registerCommand('shlo.restartServer', () => server.restart()),
    vscode.commands.registerCommand('shlo.showOutput', () => server.output.show(true)),
    vscode.commands.registerCommand('shlo.format', () => vscode.commands.executeCommand('editor.action.formatDocument')),
    vscode.commands.registerCommand('shlo.lintFix', () =>
      vscode.commands.executeCommand('editor.action.sourceAction', { kind: 'source.fixAll', apply: 'first' }),
    ),
    vscode.commands.registerCommand('shlo.runFunction', (...args: unknown[]) => runFunction(root, args)),
    vscode.commands.registerCommand('shlo.debugFunction', (...args: unknown[]) => debugFunction(args)),
    vscode.commands.registerCommand('shlo.showType', () => showType()),
    vscode.commands.registerCommand('shlo.showReferences', (...args: unknown[]) => showReferences(args)),
    vscode.commands.registerCommand('shlo.showDataflowGraph', () => showDataflowGraph(server)),
  );
}
