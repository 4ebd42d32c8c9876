// The "N uses" code lens: the server sends `[uri, Position, Location[]]` in
// LSP's JSON shapes; VS Code's `editor.action.showReferences` wants its own
// Uri, Position and Location objects. Kept apart from `vscode` so the
// reading can be tested on its own.

export interface LspPosition {
  line: number;
  character: number;
}

export interface LspLocation {
  uri: string;
  range: { start: LspPosition; end: LspPosition };
}

function isPosition(value: unknown): value is LspPosition {
  const p = value as LspPosition;
  return typeof value === 'object' && value !== null && Number.isInteger(p.line) && Number.isInteger(p.character);
}

function isLocation(value: unknown): value is LspLocation {
  const l = value as LspLocation;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof l.uri === 'string' &&
    typeof l.range === 'object' &&
    l.range !== null &&
    isPosition(l.range.start) &&
    isPosition(l.range.end)
  );
}

/** The lens's arguments, or undefined when they are not `[uri, Position, Location[]]`. */
export function referencesFromArguments(
  args: unknown[],
): { uri: string; position: LspPosition; locations: LspLocation[] } | undefined {
  const [uri, position, locations] = args;
  if (typeof uri !== 'string' || !isPosition(position) || !Array.isArray(locations) || !locations.every(isLocation)) {
    return undefined;
  }
  return { uri, position, locations };
}
