// A small MLP, as the README's captures show it (scripts/capture.mjs).
func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %h = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<8x4xf32>
  %relu = stablehlo.maximum %h, %zero : tensor<8x4xf32>
  %y = call @scale(%relu) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %d = stablehlo.dot %y, %w : (tensor<8x4xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}
func.func private @scale(%v: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %two = stablehlo.constant dense<2.0> : tensor<8x4xf32>
  %0 = stablehlo.multiply %v, %two : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
