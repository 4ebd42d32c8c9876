// A runtime error: the shape operand of dynamic_reshape (an argument) asks
// for a different number of elements than %x has: known only at run time.
func.func @main(%n: tensor<1xi64>) -> tensor<?xf32> {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %y = stablehlo.add %x, %x : tensor<3xf32>
  %t = stablehlo.dynamic_reshape %y, %n : (tensor<3xf32>, tensor<1xi64>) -> tensor<?xf32>
  return %t : tensor<?xf32>
}
