// The status-bar item's text for the server's state.

export type ServerState = 'starting' | 'running' | 'stopped' | 'crashed' | 'missing';

export interface StatusView {
  /** The item's text, with a codicon. */
  text: string;
  tooltip: string;
  /** A theme colour id for the background, for states that need attention. */
  background?: string;
}

/** What the status bar shows; `detail` is the binary's path or the error. */
export function statusView(state: ServerState, detail: string): StatusView {
  switch (state) {
    case 'starting':
      return { text: '$(sync~spin) shlo', tooltip: `Starting ${detail}` };
    case 'running':
      return { text: '$(check) shlo', tooltip: `shlo lsp is running (${detail}). Click for its output.` };
    case 'stopped':
      return { text: '$(circle-slash) shlo', tooltip: 'shlo lsp is stopped. Click for its output.' };
    case 'crashed':
      return {
        text: '$(error) shlo',
        tooltip: `shlo lsp stopped unexpectedly: ${detail}. Click for its output.`,
        background: 'statusBarItem.errorBackground',
      };
    case 'missing':
      return {
        text: '$(warning) shlo',
        tooltip: `${detail}. Set shlo.path or put shlo on the PATH.`,
        background: 'statusBarItem.warningBackground',
      };
  }
}
