// The launch configuration of the `shlo` debug type: what package.json
// declares (types, docs) is checked here too, because launch.json is edited
// by hand and a wrong type would otherwise reach `shlo dap` as a protocol error.

export const DEBUG_TYPE = 'stablehlo';

/** The launch arguments `shlo dap` reads (issue 15), as the user writes them. */
export interface ShloLaunchConfiguration {
  type: string;
  request: string;
  name: string;
  /** The `.mlir` file to run. */
  program?: string;
  /** The function to run (without `@`); `shlo run`'s default when absent. */
  entry?: string;
  /** Run only this `// -----` chunk (1 = the first), as `shlo run --chunk`. */
  chunk?: number;
  /** Argument literals, as `shlo run --args` takes them. */
  args?: string[];
  /** `.npy`/`.npz` files with the arguments: paths or `NAME=path` (a list), or argument name -> path. */
  inputs?: string[] | Record<string, string>;
  /** `zeros` or `random:SEED`: how elided constants and missing arguments are filled. */
  elided?: string;
  /** Kernel worker threads, 1-256. */
  threads?: number;
  /** The folder relative paths are resolved against. */
  cwd?: string;
  /** Stop before the first op. */
  stopOnEntry?: boolean;
  /** The `shlo` binary for this session; the `shlo.path` setting otherwise. */
  shloPath?: string;
  [key: string]: unknown;
}

export type ResolveResult = { configuration: ShloLaunchConfiguration } | { error: string };

/** The configuration F5 uses when there is no launch.json. */
export function defaultConfiguration(program: string): ShloLaunchConfiguration {
  return { type: DEBUG_TYPE, request: 'launch', name: 'Debug StableHLO file', program, stopOnEntry: true };
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === 'string')
  );
}

/**
 * Completes and checks a launch configuration before the session starts.
 * An empty configuration (F5 without launch.json) debugs `activeFile`; a
 * missing `program` defaults to it too. Returns the error to show instead
 * when an attribute has the wrong type or there is nothing to debug.
 */
export function resolveLaunchConfiguration(
  input: Partial<ShloLaunchConfiguration>,
  activeFile: string | undefined,
): ResolveResult {
  if (!input.type && !input.request && !input.name) {
    if (activeFile === undefined) return { error: 'Open a StableHLO file to debug, or add a launch configuration.' };
    return { configuration: defaultConfiguration(activeFile) };
  }
  const configuration = { ...input, type: DEBUG_TYPE, request: input.request ?? 'launch' } as ShloLaunchConfiguration;
  if (configuration.request !== 'launch') return { error: `The shlo debugger only launches (request "${configuration.request}")` };
  if (configuration.program === undefined || configuration.program === '') {
    if (activeFile === undefined) return { error: 'The launch configuration has no "program" and no file is open.' };
    configuration.program = activeFile;
  }
  if (typeof configuration.program !== 'string') return { error: '"program" must be a path (a string)' };
  if (configuration.entry !== undefined) {
    if (typeof configuration.entry !== 'string') return { error: '"entry" must be a function name (a string)' };
    configuration.entry = configuration.entry.replace(/^@/, '');
  }
  if (configuration.chunk !== undefined && !(Number.isInteger(configuration.chunk) && configuration.chunk >= 1)) {
    return { error: '"chunk" must be a positive integer (1 = the first `// -----` chunk)' };
  }
  if (configuration.args !== undefined && !isStringArray(configuration.args)) {
    return { error: '"args" must be an array of strings (literals as for shlo run --args)' };
  }
  if (configuration.inputs !== undefined && !isStringArray(configuration.inputs) && !isStringRecord(configuration.inputs)) {
    return { error: '"inputs" must be an array of .npy/.npz paths (or NAME=path), or an object name -> path' };
  }
  if (configuration.elided !== undefined && !(typeof configuration.elided === 'string' && /^(zeros|random:\d+)$/.test(configuration.elided))) {
    return { error: '"elided" must be "zeros" or "random:SEED"' };
  }
  if (
    configuration.threads !== undefined &&
    !(Number.isInteger(configuration.threads) && configuration.threads >= 1 && configuration.threads <= 256)
  ) {
    return { error: '"threads" must be an integer from 1 to 256' };
  }
  if (configuration.cwd !== undefined && typeof configuration.cwd !== 'string') return { error: '"cwd" must be a path (a string)' };
  if (configuration.stopOnEntry !== undefined && typeof configuration.stopOnEntry !== 'boolean') {
    return { error: '"stopOnEntry" must be true or false' };
  }
  if (configuration.shloPath !== undefined && typeof configuration.shloPath !== 'string') {
    return { error: '"shloPath" must be a path (a string)' };
  }
  return { configuration };
}
