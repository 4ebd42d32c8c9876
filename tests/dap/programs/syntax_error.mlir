func.func @main() -> tensor<f32> {
  %x = stablehlo.constant dense<1.0> : tensor<f32>
  %y = stablehlo.add %x, : tensor<f32>
  return %y : tensor<f32>
}
