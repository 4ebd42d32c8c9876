// interpreter.print is an output event; the ops' loc() file locations (the
// Python lines an export points at) are shown in the stack.
func.func @main() -> tensor<2xi32> {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32> loc("model.py":12:5)
  interpreter.print %a : tensor<2xi32>
  %b = stablehlo.add %a, %a : tensor<2xi32> loc("model.py":13:7)
  return %b : tensor<2xi32>
}
