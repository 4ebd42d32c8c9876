// The debugger tests' program: a call, a while loop and a vector.
func.func @main() -> (tensor<i64>, tensor<4xf32>) {
  %init = stablehlo.constant dense<0> : tensor<i64>
  %v = stablehlo.constant dense<[1.0, -2.5, 3.0, 4.0]> : tensor<4xf32>
  %w = func.call @scale(%v) : (tensor<4xf32>) -> tensor<4xf32>
  %r:2 = stablehlo.while(%i = %init, %s = %init) : tensor<i64>, tensor<i64>
    cond {
      %limit = stablehlo.constant dense<4> : tensor<i64>
      %c = stablehlo.compare LT, %i, %limit : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i64>
      %sq = stablehlo.multiply %i, %i : tensor<i64>
      %next = stablehlo.add %i, %one : tensor<i64>
      %s2 = stablehlo.add %s, %sq : tensor<i64>
      stablehlo.return %next, %s2 : tensor<i64>, tensor<i64>
    }
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %t = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  return %r#1, %w : tensor<i64>, tensor<4xf32>
}

func.func @scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  %two = stablehlo.constant dense<2.0> : tensor<4xf32>
  %y = stablehlo.multiply %x, %two : tensor<4xf32>
  return %y : tensor<4xf32>
}
