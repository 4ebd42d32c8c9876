// Two `// -----` chunks, each with its own @main (tests/dap/dap.test.js).
func.func @main() -> tensor<i32> {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  return %0 : tensor<i32>
}
// -----
func.func @main() -> tensor<i32> {
  %0 = stablehlo.constant dense<2> : tensor<i32>
  %1 = stablehlo.add %0, %0 : tensor<i32>
  return %1 : tensor<i32>
}
