// `npm run package`: the production bundle, then the .vsix with @vscode/vsce,
// offline (no dependencies: the bundle holds them). With SHLO_BUNDLE=PATH
// the binary at PATH and its kernel library (libshlo-kernels.so beside it)
// go into bin/<platform>-<arch>/ and the .vsix is made
// for that platform (vsce --target), which the extension falls back to when
// neither shlo.path nor the PATH has shlo.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist', 'shlo-stablehlo.vsix');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(process.execPath, [path.join(root, 'scripts', 'bundle.mjs'), '--production']);

const binFolder = path.join(root, 'bin');
fs.rmSync(binFolder, { recursive: true, force: true });
// The README's pictures are files of the package (images/*.svg), linked
// relatively: with no repository to rewrite the links to, vsce leaves them
// as they are (its rule against SVGs applies to Marketplace links).
const vsceArgs = ['package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', out];
const bundled = process.env.SHLO_BUNDLE;
if (bundled) {
  const target = `${process.platform}-${process.arch}`;
  const name = process.platform === 'win32' ? 'shlo.exe' : 'shlo';
  fs.mkdirSync(path.join(binFolder, target), { recursive: true });
  fs.copyFileSync(bundled, path.join(binFolder, target, name));
  fs.chmodSync(path.join(binFolder, target, name), 0o755);
  // shlo loads its kernel library (oneDNN, Highway) from beside itself on
  // the first kernel call (interpreter/kernels/KernelModule.h).
  const kernels = path.join(path.dirname(bundled), 'libshlo-kernels.so');
  if (!fs.existsSync(kernels)) {
    console.error(`package: ${kernels} is missing (built with shlo)`);
    process.exit(1);
  }
  fs.copyFileSync(kernels, path.join(binFolder, target, 'libshlo-kernels.so'));
  vsceArgs.push('--target', target);
  console.log(`package: bundling ${bundled} as bin/${target}/${name}`);
}
try {
  run(path.join(root, 'node_modules', '.bin', 'vsce'), vsceArgs);
} finally {
  fs.rmSync(binFolder, { recursive: true, force: true });
}
