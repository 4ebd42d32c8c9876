; Scopes and definitions: SSA values (op results, block and function
; arguments) are local to their region; functions are module symbols.
; Note: a use of one result of a multi-result op (`%r#1`) is one token whose
; text differs from the definition `%r`; resolving it is the semantic model's
; job.

(region) @local.scope
(operation
  name: (op_name)
  symbol: (symbol) @local.definition.function)

(result_list name: (value_id) @local.definition.var)
(block_argument name: (value_id) @local.definition.parameter)
(function_argument name: (value_id) @local.definition.parameter)
(iteration_argument name: (value_id) @local.definition.parameter)

(value_use) @local.reference
(symbol_ref (symbol) @local.reference)
