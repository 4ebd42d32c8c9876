// The `shlo` binary the integration tests drive: $SHLO_BIN, or the build
// tree's (../build/bin/shlo). A missing binary fails the tests: they must
// not pass by checking nothing.
import * as fs from 'fs';
import * as path from 'path';
import { spawnSync } from 'child_process';

export function shloBinary(): string {
  const binary = process.env.SHLO_BIN ?? path.resolve(__dirname, '..', '..', '..', '..', 'build', 'bin', 'shlo');
  if (!fs.existsSync(binary)) throw new Error(`shlo not found at ${binary}: build it (ninja -C build shlo) or set SHLO_BIN`);
  return binary;
}

/**
 * True when `shlo --help` lists the subcommand (`shlo dap` lands with issue
 * 15). `shlo NAME --help` cannot tell: the top-level help exits 0 too.
 */
export function hasSubcommand(binary: string, name: string): boolean {
  const result = spawnSync(binary, ['--help'], { encoding: 'utf8', timeout: 10000 });
  const subcommands = result.stdout.split(/^Subcommands:$/m)[1] ?? '';
  return new RegExp(`^\\s+${name}\\s`, 'm').test(subcommands);
}
