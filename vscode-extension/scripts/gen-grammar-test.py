# Writes test/grammar/tokens.mlir, the TextMate grammar's test (vscode-tmgrammar-test):
# each source line with the scopes its parts must have. Columns are computed
# here so the carets stay right when a line changes.
import os
S='.stablehlo'
spec = [
("// A comment.", [("// A comment.",0,"comment.line.double-slash")]),
('#loc1 = loc("model.py":3:5)', [("#loc1",0,"variable.other.constant.attribute-alias"),("=",0,"keyword.operator"),("loc",1,"keyword.other"),("(",0,"punctuation.bracket"),('"model.py"',0,"string.quoted.double"),(":",0,"punctuation.separator"),("3",0,"constant.numeric.integer")]),
("!alias = tensor<4x?xf32>", [("!alias",0,"entity.name.type"),("tensor",0,"support.type.builtin"),("<",0,"punctuation.bracket.angle"),("4",0,"constant.numeric.dimension"),("x",0,"keyword.other.dimension"),("?",0,"constant.numeric.dimension.dynamic"),("f32",0,"support.type.builtin"),(">",0,"punctuation.bracket.angle")]),
("module @m attributes {mhlo.num_partitions = 1 : i32} {", [("module",0,"support.function.operation"),("@m",0,"entity.name.function"),("attributes",0,"keyword.other"),("mhlo.num_partitions",0,"variable.other.property"),("1",0,"constant.numeric.integer"),(":",0,"punctuation.separator"),("i32",0,"support.type.builtin"),("{",0,"punctuation.bracket")]),
("  func.func private @main(%arg0: tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, %t: !stablehlo.token) -> tensor<complex<f32>> {",
 [("func.func",0,"support.function.operation"),("private",0,"storage.modifier.visibility"),("@main",0,"entity.name.function"),("%arg0",0,"variable.other.value"),("!quant.uniform",0,"support.type.builtin"),("i8",0,"support.type.builtin"),("0.5",0,"constant.numeric.float"),("-3",0,"constant.numeric.integer"),(",",1,"punctuation.separator"),("!stablehlo.token",0,"support.type.builtin"),("->",0,"keyword.operator"),("complex",0,"support.type.builtin"),("f32",1,"support.type.builtin")]),
("    %0 = stablehlo.constant dense<[1.0e-3, 0x7FC00000]> : tensor<2xf32>",
 [("%0",0,"variable.other.value"),("stablehlo.constant",0,"support.function.operation"),("dense",0,"keyword.other"),("[",0,"punctuation.bracket"),("1.0e-3",0,"constant.numeric.float"),("0x7FC00000",0,"constant.numeric.hex")]),
('    %1:2 = "stablehlo.custom_call"(%0) {call_target_name = "foo", has_side_effect = true, backend_config = unit} : (tensor<2xf32>) -> (tensor<i1>, tensor<ui8>)',
 [("%1",0,"variable.other.value"),('"',0,"punctuation.definition.string.begin"),("stablehlo.custom_call",0,"support.function.operation"),("call_target_name",0,"variable.other.property"),('"foo"',0,"string.quoted.double"),("true",0,"constant.language.boolean"),("unit",0,"constant.language.unit"),("i1",0,"support.type.builtin"),("ui8",0,"support.type.builtin")]),
("    %2 = stablehlo.compare GT, %0, %0, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>",
 [("GT",0,"constant.other.enum"),("FLOAT",0,"constant.other.enum")]),
("    %3 = stablehlo.compare %0, %0 {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>",
 [("comparison_direction",0,"variable.other.property"),("#",0,"punctuation.definition.attribute"),("stablehlo",1,"entity.name.namespace.dialect"),("LT",0,"constant.other.enum")]),
("    %4 = func.call @helper(%0) : (tensor<2xf32>) -> tensor<2xf32>",
 [("func.call",0,"support.function.operation"),("@helper",0,"entity.name.function")]),
('    "stablehlo.return"(%4) : (tensor<2xf32>) -> ()', [("stablehlo.return",0,"support.function.operation")]),
("^bb1(%a: tensor<f64>, %b: tensor<bf16>, %c: tensor<f8E4M3FN>, %d: tensor<index>):",
 [("^bb1",0,"entity.name.label"),("f64",0,"support.type.builtin"),("bf16",0,"support.type.builtin"),("f8E4M3FN",0,"support.type.builtin"),("index",0,"support.type.builtin")]),
("    stablehlo.return %a : tensor<f64>", [("stablehlo.return",0,"support.function.operation")]),
("    %5 = stablehlo.while(%w = %0) : tensor<2xf32> cond { stablehlo.return %w : tensor<2xf32> } do { stablehlo.return %w : tensor<2xf32> }",
 [("cond",0,"keyword.other"),("do",0,"keyword.other")]),
("    return %4 : tensor<2xf32> loc(fused[callsite(#loc1 at #loc1)])",
 [("return",0,"support.function.operation"),("fused",0,"keyword.other"),("callsite",0,"keyword.other"),("at",0,"keyword.other")]),
("  }", []),
("}", []),
("// -----", [("// -----",0,"comment.line.double-slash.split-input")]),
("func.func @f() -> tensor<i32> { // not a split: a comment", [("// not a split: a comment",0,"comment.line.double-slash")]),
]
def find(line, sub, occ):
    i=-1
    for _ in range(occ+1):
        i=line.index(sub,i+1)
    return i
out=['// SYNTAX TEST "source.stablehlo" "every token class of grammar/queries/highlights.scm"',
     '// Written by scripts/gen-grammar-test.py (edit the spec there): each assertion marks the line above it.']
for line, asserts in spec:
    out.append(line)
    for sub,occ,scope in asserts:
        i=find(line,sub,occ)
        if i < 2:
            # `// <---` marks from column 0 (the comment token would hide columns 0-1).
            assert i==0, (line, sub)
            out.append('// <'+'-'*len(sub)+' '+scope+S)
        else:
            out.append('//'+' '*(i-2)+'^'*len(sub)+' '+scope+S)
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'test', 'grammar', 'tokens.mlir'), 'w').write('\n'.join(out)+'\n')
