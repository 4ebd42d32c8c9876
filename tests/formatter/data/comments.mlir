// RUN: shlo fmt %s
// A comment before the module.

module @m {
  // Before the first function.
  func.func @main(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {  // after the brace
    // Before an op.
    %sum = "stablehlo.add"(%x, %y) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>   // trailing, with "quotes" // twice


    // After two blank lines (kept as one).
    %c = stablehlo.constant dense<1.0> : tensor<f32>
    %r = stablehlo.reduce(%sum init: %c) across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
     reducer(%a: tensor<f32>, %b: tensor<f32>) {
      // Inside a region.
      %m = stablehlo.maximum %a, %b : tensor<f32> // trailing in a region
      stablehlo.return %m : tensor<f32>
      // Before a closing brace.
    }
    %out = stablehlo.broadcast_in_dim %r, dims = [] : (tensor<f32>) -> tensor<2xf32>
    return %out : tensor<2xf32>
    // At the end of the function.
  }
}
// After the module.

// -----

// A second chunk.
func.func @other() -> tensor<i32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  return %zero : tensor<i32>
}
