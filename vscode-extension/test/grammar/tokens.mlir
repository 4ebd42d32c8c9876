// SYNTAX TEST "source.stablehlo" "every token class of grammar/queries/highlights.scm"
// Written by scripts/gen-grammar-test.py (edit the spec there): each assertion marks the line above it.
// A comment.
// <------------- comment.line.double-slash.stablehlo
#loc1 = loc("model.py":3:5)
// <----- variable.other.constant.attribute-alias.stablehlo
//    ^ keyword.operator.stablehlo
//      ^^^ keyword.other.stablehlo
//         ^ punctuation.bracket.stablehlo
//          ^^^^^^^^^^ string.quoted.double.stablehlo
//                    ^ punctuation.separator.stablehlo
//                     ^ constant.numeric.integer.stablehlo
!alias = tensor<4x?xf32>
// <------ entity.name.type.stablehlo
//       ^^^^^^ support.type.builtin.stablehlo
//             ^ punctuation.bracket.angle.stablehlo
//              ^ constant.numeric.dimension.stablehlo
//               ^ keyword.other.dimension.stablehlo
//                ^ constant.numeric.dimension.dynamic.stablehlo
//                  ^^^ support.type.builtin.stablehlo
//                     ^ punctuation.bracket.angle.stablehlo
module @m attributes {mhlo.num_partitions = 1 : i32} {
// <------ support.function.operation.stablehlo
//     ^^ entity.name.function.stablehlo
//        ^^^^^^^^^^ keyword.other.stablehlo
//                    ^^^^^^^^^^^^^^^^^^^ variable.other.property.stablehlo
//                                          ^ constant.numeric.integer.stablehlo
//                                            ^ punctuation.separator.stablehlo
//                                              ^^^ support.type.builtin.stablehlo
//                   ^ punctuation.bracket.stablehlo
  func.func private @main(%arg0: tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, %t: !stablehlo.token) -> tensor<complex<f32>> {
//^^^^^^^^^ support.function.operation.stablehlo
//          ^^^^^^^ storage.modifier.visibility.stablehlo
//                  ^^^^^ entity.name.function.stablehlo
//                        ^^^^^ variable.other.value.stablehlo
//                                        ^^^^^^^^^^^^^^ support.type.builtin.stablehlo
//                                                       ^^ support.type.builtin.stablehlo
//                                                               ^^^ constant.numeric.float.stablehlo
//                                                                   ^^ constant.numeric.integer.stablehlo
//                                                                       ^ punctuation.separator.stablehlo
//                                                                             ^^^^^^^^^^^^^^^^ support.type.builtin.stablehlo
//                                                                                               ^^ keyword.operator.stablehlo
//                                                                                                         ^^^^^^^ support.type.builtin.stablehlo
//                                                                                                                 ^^^ support.type.builtin.stablehlo
    %0 = stablehlo.constant dense<[1.0e-3, 0x7FC00000]> : tensor<2xf32>
//  ^^ variable.other.value.stablehlo
//       ^^^^^^^^^^^^^^^^^^ support.function.operation.stablehlo
//                          ^^^^^ keyword.other.stablehlo
//                                ^ punctuation.bracket.stablehlo
//                                 ^^^^^^ constant.numeric.float.stablehlo
//                                         ^^^^^^^^^^ constant.numeric.hex.stablehlo
    %1:2 = "stablehlo.custom_call"(%0) {call_target_name = "foo", has_side_effect = true, backend_config = unit} : (tensor<2xf32>) -> (tensor<i1>, tensor<ui8>)
//  ^^ variable.other.value.stablehlo
//         ^ punctuation.definition.string.begin.stablehlo
//          ^^^^^^^^^^^^^^^^^^^^^ support.function.operation.stablehlo
//                                      ^^^^^^^^^^^^^^^^ variable.other.property.stablehlo
//                                                         ^^^^^ string.quoted.double.stablehlo
//                                                                                  ^^^^ constant.language.boolean.stablehlo
//                                                                                                         ^^^^ constant.language.unit.stablehlo
//                                                                                                                                            ^^ support.type.builtin.stablehlo
//                                                                                                                                                        ^^^ support.type.builtin.stablehlo
    %2 = stablehlo.compare GT, %0, %0, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
//                         ^^ constant.other.enum.stablehlo
//                                     ^^^^^ constant.other.enum.stablehlo
    %3 = stablehlo.compare %0, %0 {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
//                                 ^^^^^^^^^^^^^^^^^^^^ variable.other.property.stablehlo
//                                                        ^ punctuation.definition.attribute.stablehlo
//                                                         ^^^^^^^^^ entity.name.namespace.dialect.stablehlo
//                                                                                        ^^ constant.other.enum.stablehlo
    %4 = func.call @helper(%0) : (tensor<2xf32>) -> tensor<2xf32>
//       ^^^^^^^^^ support.function.operation.stablehlo
//                 ^^^^^^^ entity.name.function.stablehlo
    "stablehlo.return"(%4) : (tensor<2xf32>) -> ()
//   ^^^^^^^^^^^^^^^^ support.function.operation.stablehlo
^bb1(%a: tensor<f64>, %b: tensor<bf16>, %c: tensor<f8E4M3FN>, %d: tensor<index>):
// <---- entity.name.label.stablehlo
//              ^^^ support.type.builtin.stablehlo
//                               ^^^^ support.type.builtin.stablehlo
//                                                 ^^^^^^^^ support.type.builtin.stablehlo
//                                                                       ^^^^^ support.type.builtin.stablehlo
    stablehlo.return %a : tensor<f64>
//  ^^^^^^^^^^^^^^^^ support.function.operation.stablehlo
    %5 = stablehlo.while(%w = %0) : tensor<2xf32> cond { stablehlo.return %w : tensor<2xf32> } do { stablehlo.return %w : tensor<2xf32> }
//                                                ^^^^ keyword.other.stablehlo
//                                                                                             ^^ keyword.other.stablehlo
    return %4 : tensor<2xf32> loc(fused[callsite(#loc1 at #loc1)])
//  ^^^^^^ support.function.operation.stablehlo
//                                ^^^^^ keyword.other.stablehlo
//                                      ^^^^^^^^ keyword.other.stablehlo
//                                                     ^^ keyword.other.stablehlo
  }
}
// -----
// <-------- comment.line.double-slash.split-input.stablehlo
func.func @f() -> tensor<i32> { // not a split: a comment
//                              ^^^^^^^^^^^^^^^^^^^^^^^^^ comment.line.double-slash.stablehlo
