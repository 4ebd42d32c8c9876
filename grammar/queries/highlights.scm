; Syntax highlighting for StableHLO in MLIR's textual form.

(comment) @comment
(split_marker) @comment

; Operations: pretty op names, quoted generic names, and the callee of calls.
(op_name) @function.builtin
(operation name: (string) @function.builtin)
(operation symbol: (symbol) @function)
(operation callee: (symbol_ref (symbol) @function.call))

; Values and blocks.
(value_id) @variable
(value_use) @variable
(block_id) @label

; Types.
[
  (integer_type)
  (float_type)
  (index_type)
  (none_type)
  (token_type)
] @type.builtin
(tensor_type "tensor<" @type.builtin)
(tensor_type "tensor" @type.builtin)
(vector_type "vector" @type.builtin)
(memref_type "memref" @type.builtin)
(tuple_type "tuple" @type.builtin)
(complex_type) @type.builtin
(quantized_type "!quant.uniform" @type.builtin)
(shape) @number
(dialect_type name: (type_alias) @type)
(type_alias_definition name: (type_alias) @type.definition)

; Attributes.
(attribute_entry name: (bare_id) @property)
(attribute_entry name: (string) @property)
(keyword_attribute key: (bare_id) @property)
(enum_value) @constant
(attribute_alias) @attribute
(attribute_alias_definition name: (attribute_alias) @attribute)
(symbol) @function
(unit_attribute) @constant.builtin

; Literals.
(integer) @number
(float) @number
(hex_integer) @number
(boolean) @constant.builtin
(string) @string

[
  "dense"
  "dense_resource"
  "array"
  "affine_map"
  "loc"
  "fused"
  "callsite"
  "at"
  "attributes"
  "cond"
  "do"
  "reducer"
  "init"
  "to"
  "x"
] @keyword

(visibility) @keyword.modifier

[
  "="
  "->"
  "::"
] @operator

["(" ")" "[" "]" "{" "}" "<" ">"] @punctuation.bracket
["," ":"] @punctuation.delimiter
