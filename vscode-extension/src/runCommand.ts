// `StableHLO: Run Function`: `shlo run FILE --entry NAME [--chunk N]` in a
// terminal, from the server's code lens (arguments: the document's URI, the
// function's name and, on a `// -----` chunk's lens, the chunk's number) or
// from the command palette (the active file).

/** The arguments of the server's run/debug code lenses: `[uri, functionName, chunk?]`. */
export interface FunctionTarget {
  /** File system path of the document. */
  file: string;
  /** The function's name without `@`; undefined runs shlo run's default. */
  entry?: string;
  /** The `// -----` chunk to run alone (1 = the first), as `shlo run --chunk`. */
  chunk?: number;
}

/** Reads a code lens's arguments; undefined when they are not `[string, string?, number?]`. */
export function targetFromArguments(args: unknown[], toPath: (uri: string) => string): FunctionTarget | undefined {
  const [uri, name, chunk] = args;
  if (typeof uri !== 'string' || uri === '') return undefined;
  if (name !== undefined && typeof name !== 'string') return undefined;
  if (chunk !== undefined && !(Number.isInteger(chunk) && (chunk as number) >= 1)) return undefined;
  const target: FunctionTarget = { file: toPath(uri), entry: name === undefined || name === '' ? undefined : name.replace(/^@/, '') };
  if (chunk !== undefined) target.chunk = chunk as number;
  return target;
}

/** Quotes an argument for a POSIX shell (single quotes). */
export function shellQuote(argument: string): string {
  if (/^[\w@%+=:,./-]+$/.test(argument)) return argument;
  return `'${argument.replace(/'/g, `'\\''`)}'`;
}

/** The command line the terminal runs. */
export function runCommandLine(binary: string, target: FunctionTarget): string {
  const argv = [binary, 'run', target.file];
  if (target.entry !== undefined) argv.push('--entry', target.entry);
  if (target.chunk !== undefined) argv.push('--chunk', String(target.chunk));
  return argv.map(shellQuote).join(' ');
}
