// A loop as long as its argument says: a run to pause.
func.func @main(%limit: tensor<i64>) -> tensor<i64> {
  %init = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.while(%i = %init) : tensor<i64>
    cond {
      %c = stablehlo.compare LT, %i, %limit : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i64>
      %next = stablehlo.add %i, %one : tensor<i64>
      stablehlo.return %next : tensor<i64>
    }
  return %r : tensor<i64>
}
