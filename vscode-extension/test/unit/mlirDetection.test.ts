import * as assert from 'assert';
import { DETECTION_PREFIX, isMlirPath, looksLikeStableHlo, shouldClaim } from '../../src/mlirDetection';

const stablehlo = 'func.func @main(%x: tensor<f32>) -> tensor<f32> {\n  %0 = stablehlo.abs %x : tensor<f32>\n  return %0 : tensor<f32>\n}\n';
const generic = '%0 = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n';
const linalg = 'func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = linalg.abs ins(%a : tensor<4xf32>)\n}\n';

describe('StableHLO detection in .mlir files', () => {
  it('recognises pretty and generic StableHLO, CHLO and StableHLO attributes', () => {
    assert.ok(looksLikeStableHlo(stablehlo));
    assert.ok(looksLikeStableHlo(generic));
    assert.ok(looksLikeStableHlo('%0 = chlo.erf %x : tensor<f32> -> tensor<f32>'));
    assert.ok(looksLikeStableHlo('func.func @f(%t: !stablehlo.token)'));
  });

  it('leaves other dialects and mentions in identifiers alone', () => {
    assert.ok(!looksLikeStableHlo(linalg));
    assert.ok(!looksLikeStableHlo('%my_stablehlo.x = arith.addf %a, %b : f32'));
  });

  it('reads only the first DETECTION_PREFIX characters', () => {
    assert.ok(!looksLikeStableHlo(' '.repeat(DETECTION_PREFIX) + stablehlo));
  });

  it('considers .mlir files only (the language owns .stablehlo and .stablehlo.mlir)', () => {
    assert.ok(isMlirPath('/w/model.mlir'));
    assert.ok(!isMlirPath('/w/model.stablehlo.mlir'));
    assert.ok(!isMlirPath('/w/model.stablehlo'));
  });

  it('claims unclaimed StableHLO files in auto mode, never files of the MLIR extension', () => {
    assert.ok(shouldClaim('/w/m.mlir', 'plaintext', stablehlo, 'auto'));
    assert.ok(!shouldClaim('/w/m.mlir', 'mlir', stablehlo, 'auto'));
    assert.ok(!shouldClaim('/w/m.mlir', 'plaintext', linalg, 'auto'));
  });

  it('claims MLIR-extension files in always mode, and nothing in never mode', () => {
    assert.ok(shouldClaim('/w/m.mlir', 'mlir', stablehlo, 'always'));
    assert.ok(!shouldClaim('/w/m.mlir', 'mlir', linalg, 'always'));
    assert.ok(!shouldClaim('/w/m.mlir', 'plaintext', stablehlo, 'never'));
    assert.ok(!shouldClaim('/w/m.mlir', 'stablehlo', stablehlo, 'always'));
  });
});
