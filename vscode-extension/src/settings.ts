// The extension's settings (section `shlo`), read in one place.
import * as os from 'os';
import * as vscode from 'vscode';
import { FoundBinary, findBinary, isExecutableFile } from './binary';
import { MlirFilesMode } from './mlirDetection';

export const SECTION = 'shlo';

export function mlirFilesMode(): MlirFilesMode {
  return vscode.workspace.getConfiguration(SECTION).get<MlirFilesMode>('mlirFiles', 'auto');
}

export function formatEnabled(): boolean {
  return vscode.workspace.getConfiguration(SECTION).get<boolean>('format.enable', true);
}

/** What the server receives as `initializationOptions` and on configuration changes. */
export function serverSettings(): Record<string, unknown> {
  const configuration = vscode.workspace.getConfiguration(SECTION);
  return {
    lint: { rules: configuration.get<Record<string, string>>('lint.rules', {}) },
    format: { enable: configuration.get<boolean>('format.enable', true) },
  };
}

/**
 * Finds the binary from `override` (a launch configuration's `shloPath`), the
 * `shlo.path` setting, the PATH, then the bundle. Throws when a configured
 * path is not executable; undefined when nothing was found.
 */
export function locateShlo(extensionRoot: string, override?: string): FoundBinary | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  return findBinary({
    setting: override ?? vscode.workspace.getConfiguration(SECTION).get<string>('path', ''),
    pathVariable: process.env.PATH ?? '',
    extensionRoot,
    platform: process.platform,
    arch: process.arch,
    home: os.homedir(),
    workspaceFolder: folder,
    isExecutable: isExecutableFile,
  });
}
