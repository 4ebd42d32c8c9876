// Two processes of interpreter.run_parallel: each is a thread of the debugger.
func.func @worker(%x: tensor<i64>) -> tensor<i64> {
  %y = stablehlo.add %x, %x : tensor<i64>
  return %y : tensor<i64>
}

func.func @main() -> (tensor<i64>, tensor<i64>) {
  %a = stablehlo.constant dense<1> : tensor<i64>
  %b = stablehlo.constant dense<20> : tensor<i64>
  %r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@worker], [@worker]]} : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
  return %r#0, %r#1 : tensor<i64>, tensor<i64>
}
