// A probe (an output event as it passes) and a check that fails: 2 + 2 is
// not 5. The `check` filter stops at the check; the `error` filter does not.
func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %p = interpreter.probe %a, probe_id = "after_a" : tensor<2xi32>
  %b = stablehlo.add %p, %p : tensor<2xi32>
  check.expect_eq_const %b, dense<[2, 5]> : tensor<2xi32>
  func.return
}
