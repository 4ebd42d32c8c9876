// Highlight tests: a `^` names the capture of the column above it; `<-`
// names the capture of the comment's own first column on the line above.
func.func public @main(%arg0: tensor<2x3xf32>) -> tensor<3xf32> {
// <- function.builtin
//        ^ keyword.modifier
//               ^ function
//                     ^ variable
//                            ^ type.builtin
//                                   ^ number
//                                       ^ type.builtin
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
//^ variable
//     ^ function.builtin
//                         ^ variable
//                                ^ property
//                                        ^ number
//                                                                  ^ operator
  %1 = stablehlo.compare GT, %0, %0, FLOAT : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xi1>
//                       ^ constant
//                                   ^ constant
//                                                                                            ^ type.builtin
  %2 = "stablehlo.abs"(%0) {attr = "x", n = 1 : i64} : (tensor<3x2xf32>) -> tensor<3x2xf32>
//     ^ function.builtin
//                          ^ property
//                                 ^ string
//                                          ^ number
//                                              ^ type.builtin
  %3 = stablehlo.constant dense<0.0> : tensor<f32> loc(#loc1)
//                        ^ keyword
//                              ^ number
//                                                 ^ keyword
//                                                     ^ attribute
  %4 = stablehlo.dot_general %3, %3, contracting_dims = [0] x [0] : (tensor<f32>, tensor<f32>) -> tensor<f32>
//                                   ^ property
//                                                          ^ keyword
  return %4 : tensor<f32>
//^ function.builtin
//       ^ variable
}
