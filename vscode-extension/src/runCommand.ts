// `StableHLO: Run Function`: `shlo run FILE --entry NAME` in a terminal,
// from the server's code lens (arguments: the document's URI and the
// function's name) or from the command palette (the active file).

/** The arguments of the server's run/debug code lenses: `[uri, functionName]`. */
export interface FunctionTarget {
  /** File system path of the document. */
  file: string;
  /** The function's name without `@`; undefined runs shlo run's default. */
  entry?: string;
}

/** Reads a code lens's arguments; undefined when they are not `[string, string?]`. */
export function targetFromArguments(args: unknown[], toPath: (uri: string) => string): FunctionTarget | undefined {
  const [uri, name] = args;
  if (typeof uri !== 'string' || uri === '') return undefined;
  if (name !== undefined && typeof name !== 'string') return undefined;
  return { file: toPath(uri), entry: name === undefined || name === '' ? undefined : name.replace(/^@/, '') };
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
  return argv.map(shellQuote).join(' ');
}
