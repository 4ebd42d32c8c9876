// A negative integer wider than 64 bits in an i32 literal: the checker took it
// for -0 and the interpreter cast a huge float to an integer (UBSan).
func.func @main() -> tensor<2xi32> {
  %0 = stablehlo.constant dense<[1, -92233720368547758082]> : tensor<2xi32>
  func.return %0 : tensor<2xi32>
}
