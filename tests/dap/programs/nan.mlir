// A NaN appears at %q (0/0) and spreads: the `nan` filter stops at %q only.
func.func @main() -> tensor<3xf32> {
  %a = stablehlo.constant dense<[1.0, 0.0, 2.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<[1.0, 0.0, 4.0]> : tensor<3xf32>
  %p = stablehlo.add %a, %b : tensor<3xf32>
  %q = stablehlo.divide %a, %b : tensor<3xf32>
  %r = stablehlo.add %q, %p : tensor<3xf32>
  %s = stablehlo.multiply %r, %r : tensor<3xf32>
  return %s : tensor<3xf32>
}
