// `.mlir` files are shared with other MLIR dialects and with the MLIR
// extension (vscode-mlir), which owns the `mlir` language id. We never claim
// `.mlir` in package.json; instead an opened `.mlir` file is switched to
// `stablehlo` when its text is StableHLO and nobody else claimed it (or the
// user asked us to always take such files).

/** `shlo.mlirFiles`: when a `.mlir` document becomes a StableHLO document. */
export type MlirFilesMode = 'auto' | 'always' | 'never';

/** Language ids that mean "no extension claimed this file". */
const UNCLAIMED = new Set(['plaintext']);

/** How much of a document is read to decide: ops appear in the first lines. */
export const DETECTION_PREFIX = 64 * 1024;

// A StableHLO (or CHLO) op, pretty or generic, or a StableHLO type/attribute.
const STABLEHLO_MARKER = /(?:^|[\s"=(])(?:stablehlo|chlo)\.[a-z_]+|!stablehlo\.token|#stablehlo</m;

/** True when the text (its first DETECTION_PREFIX characters) holds StableHLO. */
export function looksLikeStableHlo(text: string): boolean {
  return STABLEHLO_MARKER.test(text.slice(0, DETECTION_PREFIX));
}

/** True for the file names the language contributes itself, or `.mlir`. */
export function isMlirPath(fileName: string): boolean {
  return /\.mlir$/i.test(fileName) && !/\.stablehlo\.mlir$/i.test(fileName);
}

/**
 * Whether an opened document should be switched to `stablehlo`.
 * `languageId` is what VS Code gave it: `plaintext` when no extension knows
 * `.mlir`, `mlir` when the MLIR extension does.
 */
export function shouldClaim(fileName: string, languageId: string, text: string, mode: MlirFilesMode): boolean {
  if (mode === 'never' || languageId === 'stablehlo' || !isMlirPath(fileName)) return false;
  if (mode === 'auto' && !UNCLAIMED.has(languageId)) return false;
  return looksLikeStableHlo(text);
}
