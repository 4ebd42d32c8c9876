// A stand-in for the `vscode` module (VS Code cannot be downloaded here): the
// parts of the API the extension calls, recording what it did so tests can
// assert on it. Anything else resolves to an inert placeholder (register.ts),
// enough for vscode-languageclient to load.
import * as path from 'path';

export interface Recorded {
  configuration: Map<string, unknown>;
  commands: Map<string, Function>;
  executed: { command: string; args: unknown[] }[];
  messages: { level: 'info' | 'warning' | 'error'; text: string; items: string[] }[];
  /** The button the fake user clicks on the next message (undefined: dismisses it). */
  messageChoice: string | undefined;
  debugProviders: Map<string, any>;
  debugFactories: Map<string, any>;
  languageChanges: { fileName: string; languageId: string }[];
  openListeners: Function[];
  configurationListeners: Function[];
  editorListeners: Function[];
  terminals: { name: string; sent: string[] }[];
  debugSessions: { folder: unknown; configuration: any }[];
  statusItems: any[];
  textDocuments: any[];
  activeTextEditor: any;
  workspaceFolders: any[] | undefined;
}

export const recorded: Recorded = {} as Recorded;

/** Clears what was recorded and the settings, between tests. */
export function reset(): void {
  Object.assign(recorded, {
    configuration: new Map(),
    commands: new Map(),
    executed: [],
    messages: [],
    messageChoice: undefined,
    debugProviders: new Map(),
    debugFactories: new Map(),
    languageChanges: [],
    openListeners: [],
    configurationListeners: [],
    editorListeners: [],
    terminals: [],
    debugSessions: [],
    statusItems: [],
    textDocuments: [],
    activeTextEditor: undefined,
    workspaceFolders: undefined,
  });
}
reset();

const disposable = { dispose(): void {} };

export class Disposable {
  constructor(private readonly callback: () => void = () => {}) {}
  dispose(): void {
    this.callback();
  }
  static from(...items: { dispose(): void }[]): Disposable {
    return new Disposable(() => items.forEach((item) => item.dispose()));
  }
}

export class ThemeColor {
  constructor(readonly id: string) {}
}

export class Uri {
  private constructor(
    readonly scheme: string,
    readonly fsPath: string,
  ) {}
  static file(fsPath: string): Uri {
    return new Uri('file', path.resolve(fsPath));
  }
  static parse(value: string): Uri {
    const match = /^([a-z]+):\/\/(.*)$/.exec(value);
    if (match === null) throw new Error(`not a URI: ${value}`);
    return new Uri(match[1], decodeURIComponent(match[2]));
  }
  toString(): string {
    return `${this.scheme}://${this.fsPath}`;
  }
}

export class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
}

export class Range {
  constructor(
    readonly start: Position,
    readonly end: Position,
  ) {}
}

export class Location {
  constructor(
    readonly uri: Uri,
    readonly range: Range,
  ) {}
}

export class DebugAdapterExecutable {
  constructor(
    readonly command: string,
    readonly args: string[] = [],
  ) {}
}

export class EventEmitter<T> {
  private listeners: ((value: T) => void)[] = [];
  event = (listener: (value: T) => void): typeof disposable => {
    this.listeners.push(listener);
    return disposable;
  };
  fire(value: T): void {
    this.listeners.forEach((listener) => listener(value));
  }
  dispose(): void {}
}

export enum StatusBarAlignment {
  Left = 1,
  Right = 2,
}

/** A fake document: what the extension reads of one. */
export function document(fileName: string, languageId: string, text: string): any {
  return { fileName, languageId, uri: Uri.file(fileName), getText: () => text };
}

function message(level: 'info' | 'warning' | 'error') {
  return (text: string, ...items: string[]): Promise<string | undefined> => {
    recorded.messages.push({ level, text, items });
    return Promise.resolve(items.includes(recorded.messageChoice ?? '') ? recorded.messageChoice : undefined);
  };
}

export const window = {
  get activeTextEditor(): any {
    return recorded.activeTextEditor;
  },
  createOutputChannel(name: string): any {
    const lines: string[] = [];
    const channel = {
      name,
      lines,
      shown: 0,
      appendLine: (line: string) => lines.push(line),
      append: (text: string) => lines.push(text),
      show: () => (channel.shown += 1),
      dispose() {},
    };
    return channel;
  },
  createStatusBarItem(): any {
    const item = {
      text: '',
      tooltip: '',
      command: undefined,
      backgroundColor: undefined,
      visible: false,
      show: () => (item.visible = true),
      hide: () => (item.visible = false),
      dispose() {},
    };
    recorded.statusItems.push(item);
    return item;
  },
  createTerminal(options: { name: string }): any {
    const terminal = { name: options.name, sent: [] as string[] };
    recorded.terminals.push(terminal);
    return { show() {}, sendText: (text: string) => terminal.sent.push(text), dispose() {} };
  },
  onDidChangeActiveTextEditor(listener: Function): typeof disposable {
    recorded.editorListeners.push(listener);
    return disposable;
  },
  showInformationMessage: message('info'),
  showWarningMessage: message('warning'),
  showErrorMessage: message('error'),
};

export const workspace = {
  get workspaceFolders(): any[] | undefined {
    return recorded.workspaceFolders;
  },
  get textDocuments(): any[] {
    return recorded.textDocuments;
  },
  getConfiguration(section: string): any {
    return {
      get<T>(key: string, fallback: T): T {
        const full = `${section}.${key}`;
        return recorded.configuration.has(full) ? (recorded.configuration.get(full) as T) : fallback;
      },
    };
  },
  getWorkspaceFolder(): undefined {
    return undefined;
  },
  onDidOpenTextDocument(listener: Function): typeof disposable {
    recorded.openListeners.push(listener);
    return disposable;
  },
  onDidChangeConfiguration(listener: Function): typeof disposable {
    recorded.configurationListeners.push(listener);
    return disposable;
  },
};

export const languages = {
  setTextDocumentLanguage(doc: any, languageId: string): Promise<any> {
    recorded.languageChanges.push({ fileName: doc.fileName, languageId });
    return Promise.resolve({ ...doc, languageId });
  },
};

export const commands = {
  registerCommand(id: string, callback: Function): typeof disposable {
    if (recorded.commands.has(id)) throw new Error(`command ${id} registered twice`);
    recorded.commands.set(id, callback);
    return disposable;
  },
  executeCommand(command: string, ...args: unknown[]): Promise<unknown> {
    const own = recorded.commands.get(command);
    if (own !== undefined) return Promise.resolve(own(...args));
    recorded.executed.push({ command, args });
    return Promise.resolve(undefined);
  },
};

export const debug = {
  registerDebugConfigurationProvider(type: string, provider: unknown): typeof disposable {
    recorded.debugProviders.set(type, provider);
    return disposable;
  },
  registerDebugAdapterDescriptorFactory(type: string, factory: unknown): typeof disposable {
    recorded.debugFactories.set(type, factory);
    return disposable;
  },
  startDebugging(folder: unknown, configuration: unknown): Promise<boolean> {
    recorded.debugSessions.push({ folder, configuration });
    return Promise.resolve(true);
  },
};
