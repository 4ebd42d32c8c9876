// An infinity appears at %q (1/0) and becomes a NaN at %d (inf - inf): the
// `infinity` filter stops at %q, the `nan` filter at %d.
func.func @main() -> tensor<2xf32> {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[0.0, 4.0]> : tensor<2xf32>
  %q = stablehlo.divide %a, %b : tensor<2xf32>
  %d = stablehlo.subtract %q, %q : tensor<2xf32>
  return %d : tensor<2xf32>
}
