// chlo.scan whose body yields a value that is never defined: the result
// inference read the yielded operand's type through a null value
// (check_fuzzer, seed 1, session 7).
func.func @scan_yields_undefined() {
  %input = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %init = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = chlo.scan(%input) inits(%init) dimension=0 {
  ^bb0(%scan_arg0: tensor<i32>, %scan_arg1: tensor<i32>):
    %1 = stablehlo.add %scan_arg0, %scan_arg1 : tensor<i32>
    stablehlo.return %missing, %1 : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  func.return
}
