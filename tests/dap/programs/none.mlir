// Nothing to run: no @main and no function without arguments.
func.func @f(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
