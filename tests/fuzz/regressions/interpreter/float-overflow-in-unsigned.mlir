// A float literal past f64's range in a ui64 literal: once cast to an
// integer without a range check (UBSan).
func.func @main() -> tensor<3xui64> {
  %0 = stablehlo.constant dense<[0, 922337203681.0e30954775807, 18446744073709551615]> : tensor<3xui64>
  func.return %0 : tensor<3xui64>
}
