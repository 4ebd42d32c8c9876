// Starts `shlo lsp` through vscode-languageclient, keeps the status bar in
// step with it, and restarts it after a crash (CrashPolicy).
import * as vscode from 'vscode';
import {
  CloseAction,
  CloseHandlerResult,
  ErrorAction,
  ErrorHandler,
  ErrorHandlerResult,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
  TransportKind,
} from 'vscode-languageclient/node';
import { CrashPolicy } from './crashPolicy';
import { updateGraphContext } from './graph/panel';
import { ServerState, statusView } from './serverState';
import { formatEnabled, locateShlo, serverSettings } from './settings';

export const LANGUAGE_ID = 'stablehlo';
const SHOW_OUTPUT = 'Show Output';

export class ServerManager implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private readonly crashes = new CrashPolicy();
  private stopping = false;
  private binaryPath = '';

  constructor(
    private readonly extensionRoot: string,
    readonly output: vscode.OutputChannel,
    private readonly status: vscode.StatusBarItem,
  ) {
    status.command = 'shlo.showOutput';
  }

  /** The item shows while a StableHLO editor is active (the extension also runs for plain text). */
  showStatusFor(languageId: string | undefined): void {
    if (languageId === LANGUAGE_ID) this.status.show();
    else this.status.hide();
  }

  get languageClient(): LanguageClient | undefined {
    return this.client;
  }

  /** Starts the server unless it runs; a missing binary is reported, not thrown. */
  async start(): Promise<void> {
    if (this.client !== undefined) return;
    let found;
    try {
      found = locateShlo(this.extensionRoot);
    } catch (error) {
      this.show('missing', (error as Error).message);
      void vscode.window.showErrorMessage((error as Error).message);
      return;
    }
    if (found === undefined) {
      this.show('missing', 'shlo was not found');
      this.output.appendLine('shlo was not found: set shlo.path, or put shlo on the PATH.');
      return;
    }
    this.binaryPath = found.path;
    this.output.appendLine(`Using ${found.path} (from the ${found.source}).`);
    const serverOptions: ServerOptions = {
      command: found.path,
      args: ['lsp'],
      transport: TransportKind.stdio,
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [{ language: LANGUAGE_ID }],
      outputChannel: this.output,
      initializationOptions: serverSettings(),
      synchronize: { configurationSection: 'shlo' },
      errorHandler: this.errorHandler(),
      middleware: {
        provideDocumentFormattingEdits: (document, options, token, next) =>
          formatEnabled() ? next(document, options, token) : [],
      },
    };
    this.client = new LanguageClient('shlo', 'StableHLO (shlo lsp)', serverOptions, clientOptions);
    this.client.onDidChangeState((event) => {
      if (event.newState === State.Starting) this.show('starting', found.path);
      else if (event.newState === State.Running) this.show('running', found.path);
      else if (!this.stopping) this.show('crashed', 'the process exited');
      else this.show('stopped', '');
    });
    this.show('starting', found.path);
    this.stopping = false;
    try {
      await this.client.start();
      updateGraphContext(this.client?.initializeResult?.capabilities);
    } catch (error) {
      this.show('crashed', String(error));
      this.output.appendLine(`shlo lsp did not start: ${String(error)}`);
    }
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client === undefined) return;
    this.stopping = true;
    updateGraphContext(undefined);
    try {
      if (client.isRunning()) await client.stop();
    } catch (error) {
      this.output.appendLine(`Stopping shlo lsp: ${String(error)}`);
    }
    this.show('stopped', '');
  }

  /** The user's restart: forgets earlier crashes. */
  async restart(): Promise<void> {
    this.crashes.reset();
    await this.stop();
    await this.start();
  }

  dispose(): void {
    void this.stop();
  }

  private show(state: ServerState, detail: string): void {
    const view = statusView(state, detail || this.binaryPath);
    this.status.text = view.text;
    this.status.tooltip = view.tooltip;
    this.status.backgroundColor = view.background ? new vscode.ThemeColor(view.background) : undefined;
  }

  private errorHandler(): ErrorHandler {
    return {
      error: (): ErrorHandlerResult => ({ action: ErrorAction.Continue }),
      closed: (): CloseHandlerResult => {
        const decision = this.crashes.onCrash(Date.now());
        this.output.appendLine(decision.message);
        this.show('crashed', decision.restart ? 'restarting' : 'not restarted');
        void vscode.window.showErrorMessage(decision.message, SHOW_OUTPUT).then((choice) => {
          if (choice === SHOW_OUTPUT) this.output.show(true);
        });
        return { action: decision.restart ? CloseAction.Restart : CloseAction.DoNotRestart, handled: true };
      },
    };
  }
}
