// Where the `shlo` binary comes from: the user's setting, then the PATH, then
// the copy bundled in the .vsix (`bin/<platform>-<arch>/shlo`).
import * as fs from 'fs';
import * as path from 'path';

/** Where a binary was found, for the output channel and the status bar. */
export type BinarySource = 'setting' | 'path' | 'bundled';

export interface FoundBinary {
  /** Absolute path (or the setting's value as written, with `~` and `${workspaceFolder}` expanded). */
  path: string;
  source: BinarySource;
}

/** What the lookup reads from the world: injected so tests need no real files. */
export interface LookupEnvironment {
  /** `shlo.path` from the settings; empty when unset. */
  setting: string;
  /** The PATH variable (`:`-separated, or `;` on Windows). */
  pathVariable: string;
  /** The extension's install folder, which holds `bin/` when a binary is bundled. */
  extensionRoot: string;
  platform: NodeJS.Platform;
  arch: string;
  home: string;
  workspaceFolder?: string;
  isExecutable(file: string): boolean;
}

/** The file name of the binary on a platform (`shlo.exe` on Windows). */
export function binaryName(platform: NodeJS.Platform): string {
  return platform === 'win32' ? 'shlo.exe' : 'shlo';
}

/** Expands a leading `~` and `${workspaceFolder}` in a configured path. */
export function expandSettingPath(value: string, home: string, workspaceFolder?: string): string {
  let expanded = value.trim();
  if (expanded === '~' || expanded.startsWith('~/')) expanded = home + expanded.slice(1);
  if (workspaceFolder !== undefined) expanded = expanded.split('${workspaceFolder}').join(workspaceFolder);
  return expanded;
}

/**
 * Finds `shlo`. A set but unusable setting is an error (thrown, with the path)
 * rather than a silent fall-back, so a typo in the setting is seen.
 * Returns undefined when neither the PATH nor the bundle has it.
 */
export function findBinary(env: LookupEnvironment): FoundBinary | undefined {
  const name = binaryName(env.platform);
  if (env.setting.trim() !== '') {
    const configured = expandSettingPath(env.setting, env.home, env.workspaceFolder);
    if (!env.isExecutable(configured)) {
      throw new Error(`shlo.path is set to ${configured}, which is not an executable file`);
    }
    return { path: configured, source: 'setting' };
  }
  const separator = env.platform === 'win32' ? ';' : ':';
  for (const folder of env.pathVariable.split(separator)) {
    if (folder === '') continue;
    const candidate = path.join(folder, name);
    if (env.isExecutable(candidate)) return { path: candidate, source: 'path' };
  }
  const bundled = path.join(env.extensionRoot, 'bin', `${env.platform}-${env.arch}`, name);
  if (env.isExecutable(bundled)) return { path: bundled, source: 'bundled' };
  return undefined;
}

/** The real file system's answer to "is this an executable file?". */
export function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
