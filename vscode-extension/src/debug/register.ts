// The `shlo` debug type: `shlo dap` over stdio, with the launch configuration
// completed and checked before the session starts.
import * as vscode from 'vscode';
import { locateShlo } from '../settings';
import { DEBUG_TYPE, defaultConfiguration, resolveLaunchConfiguration } from './launchConfiguration';

function activeStableHloFile(): string | undefined {
  const document = vscode.window.activeTextEditor?.document;
  if (document === undefined || document.uri.scheme !== 'file') return undefined;
  return document.languageId === 'stablehlo' || document.fileName.endsWith('.mlir') ? document.fileName : undefined;
}

class ConfigurationProvider implements vscode.DebugConfigurationProvider {
  provideDebugConfigurations(): vscode.DebugConfiguration[] {
    return [defaultConfiguration('${file}')];
  }

  resolveDebugConfiguration(
    _folder: vscode.WorkspaceFolder | undefined,
    configuration: vscode.DebugConfiguration,
  ): vscode.DebugConfiguration | undefined {
    const result = resolveLaunchConfiguration(configuration, activeStableHloFile());
    if ('error' in result) {
      void vscode.window.showErrorMessage(result.error);
      return undefined;
    }
    return result.configuration;
  }
}

class AdapterFactory implements vscode.DebugAdapterDescriptorFactory {
  constructor(private readonly extensionRoot: string) {}

  createDebugAdapterDescriptor(session: vscode.DebugSession): vscode.DebugAdapterDescriptor {
    const override = session.configuration.shloPath as string | undefined;
    const found = locateShlo(this.extensionRoot, override);
    if (found === undefined) throw new Error('shlo was not found: set shlo.path, or put shlo on the PATH.');
    return new vscode.DebugAdapterExecutable(found.path, ['dap']);
  }
}

export function registerDebugger(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.debug.registerDebugConfigurationProvider(DEBUG_TYPE, new ConfigurationProvider()),
    vscode.debug.registerDebugAdapterDescriptorFactory(DEBUG_TYPE, new AdapterFactory(context.extensionPath)),
  );
}
