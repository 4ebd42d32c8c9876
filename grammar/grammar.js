/**
 * tree-sitter-stablehlo: StableHLO programs in MLIR's textual form.
 *
 * Covers MLIR's generic operation form, the pretty (custom assembly) forms of
 * StableHLO, CHLO, check, interpreter and func ops, MLIR's type and attribute
 * syntax, and a newline-terminated fallback for pretty ops of other dialects.
 *
 * Design notes, for whoever changes this file:
 * - One `operation` node per op, whatever its form. Its fields (`results`,
 *   `name`, `operand`, `attribute`, `region`, `type`, `location`) are what
 *   later layers read; the form is told by the `name` child (a `string` for
 *   the generic form, an `op_name` otherwise).
 * - Known op names are keywords (extracted through `word`), so the parser
 *   picks the op's form from one token and stays LR(1): no GLR conflicts on
 *   the hot path. Unknown pretty ops end at a newline (see src/scanner.c),
 *   which is the only boundary MLIR's text guarantees for them.
 * - Tensor dimensions lex as one token each (`4x`, `?x`), since MLIR writes
 *   `4x4xf32` with no separators.
 */

const OP_NAMES = require('./op-names.js');

const sep1 = (rule, separator) => seq(rule, repeat(seq(separator, rule)));
const sep = (rule, separator) => optional(sep1(rule, separator));
const commaSep = (rule) => sep(rule, ',');
const commaSep1 = (rule) => sep1(rule, ',');

const FLOAT_TYPES = [
  'f4E2M1FN', 'f6E2M3FN', 'f6E3M2FN',
  'f8E3M4', 'f8E4M3', 'f8E4M3FN', 'f8E4M3FNUZ', 'f8E4M3B11FNUZ',
  'f8E5M2', 'f8E5M2FNUZ', 'f8E8M0FNU',
  'bf16', 'f16', 'tf32', 'f32', 'f64', 'f80', 'f128',
];

module.exports = grammar({
  name: 'stablehlo',

  word: $ => $.bare_id,

  extras: $ => [/\s/, $.comment, $.split_marker],

  externals: $ => [$._fallback_end, $._error_sentinel],

  // The op-name keywords are substituted where used, so each becomes a leaf
  // named `op_name` rather than a leaf inside an extra internal node. The
  // other rules are hidden ones on the hot path (every op, every argument,
  // every result, every attribute value): substituted, they cost no reduce
  // and no subtree of their own, which is most of what parsing a large
  // module costs (pt_bert: 50k reduces to 30k; see NOTES.md, session 7).
  // Inlining `_custom_arguments` too multiplies the parse states (each
  // place it appears in `_custom_operation` gets its own), so it stays.
  inline: $ => [$._op_keyword, $._custom_operation, $._custom_argument, $._result, $._attribute_value],

  conflicts: $ => [
    // Inside an op of an unknown dialect, `{` opens either a region or an
    // attribute dictionary; only the tokens after it tell.
    [$.attribute_dictionary, $.region],
    [$.attribute_entry, $._fallback_token],
    [$._fallback_operation, $.attribute_entry],
    // `() -> (...)` starts both a function type and an affine map.
    [$.type_list, $.affine_list],
  ],

  rules: {
    source_file: $ => repeat($._top_level_item),

    _top_level_item: $ => choice(
      $.operation,
      $.type_alias_definition,
      $.attribute_alias_definition,
      $.file_metadata,
      $.standalone_attribute,
    ),

    // An attribute outside any op. Not a program, but documentation shows
    // attribute syntax this way; the checker reports it instead of the parser
    // derailing on it.
    standalone_attribute: $ => prec.right(seq(
      field('value', choice($.dense_attribute, $.dialect_attribute, $.array_attribute)),
      optional(seq(':', field('type', $._type))),
    )),

    // ------------------------------------------------------------------
    // Lexical elements
    // ------------------------------------------------------------------

    comment: _ => token(seq('//', /[^\n]*/)),

    // StableHLO's test files separate independent chunks with this line.
    split_marker: _ => token(prec(2, /\/\/ *-----[^\n]*/)),

    bare_id: _ => /[a-zA-Z_][a-zA-Z0-9_$.]*/,

    // A use of a value: `%x`, or result 1 of a multi-result op, `%r#1`. One
    // token: uses are the most frequent node, and the tree's size matters.
    // Definitions (results, arguments) reuse the token as `value_id`, so the
    // lexer never has to choose between the two.
    value_use: _ => /%[a-zA-Z0-9_$.-]+(#[0-9]+)?/,
    symbol: _ => choice(/@[a-zA-Z_$.][a-zA-Z0-9_$.-]*/, /@[0-9]+/, /@"([^"\\]|\\.)*"/),
    block_id: _ => /\^[a-zA-Z0-9_$.-]+/,
    attribute_alias: _ => /#[a-zA-Z_$.][a-zA-Z0-9_$.-]*/,
    type_alias: _ => /![a-zA-Z_$.][a-zA-Z0-9_$.-]*/,

    integer: _ => /[-+]?[0-9]+/,
    float: _ => /[-+]?[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?|[-+]?[0-9]+[eE][-+]?[0-9]+/,
    hex_integer: _ => /0x[0-9a-fA-F]+/,
    boolean: _ => choice('true', 'false'),
    string: _ => /"([^"\\]|\\.)*"/,

    _number: $ => choice($.integer, $.float, $.hex_integer),

    // ------------------------------------------------------------------
    // Operations
    // ------------------------------------------------------------------

    operation: $ => seq(
      optional(field('results', $.result_list)),
      choice(
        $._generic_operation,
        $._custom_operation,
        $._return_operation,
        $._scan_operation,
        $._while_operation,
        $._barrier_operation,
        $._check_constant_operation,
        $._function_operation,
        $._module_operation,
        $._fallback_operation,
      ),
      optional(field('location', $.location)),
    ),

    // `%a, %b:2 =`: each result's name (and group size) directly in the list,
    // with no node per result.
    result_list: $ => seq(commaSep1($._result), '='),
    _result: $ => seq(
      field('name', alias($.value_use, $.value_id)),
      optional(seq(':', field('count', $.integer))),
    ),

    // "stablehlo.add"(%a, %b) [^bb1] <{props}> ({...}) {attrs} : (T, T) -> T
    _generic_operation: $ => seq(
      field('name', $.string),
      '(', commaSep(field('operand', $.value_use)), ')',
      optional(field('successors', $.successor_list)),
      optional(seq('<', field('properties', $.attribute_dictionary), '>')),
      optional(seq('(', commaSep1(field('region', $.region)), ')')),
      optional(field('attributes', $.attribute_dictionary)),
      ':', field('type', $.function_type),
    ),

    successor_list: $ => seq('[', commaSep1($.successor), ']'),
    successor: $ => seq(
      field('block', $.block_id),
      optional(seq('(', commaSep(field('operand', $.value_use)), ':', commaSep($._type), ')')),
    ),


    // The pretty form shared by the ops of known dialects: arguments, an
    // optional attribute dictionary, the type signature, then any regions
    // introduced by a keyword (while's cond/do, reduce's reducer).
    _custom_operation: $ => seq(
      field('name', alias($._op_keyword, $.op_name)),
      optional(choice(
        // constant prints attr-dict first.
        seq(field('attributes', $.attribute_dictionary), optional($._custom_arguments)),
        seq(
          $._custom_arguments,
          // `stablehlo.constant() <{value = ...}> : () -> T` when the value's
          // type differs from the result's.
          optional(seq('<', field('properties', $.attribute_dictionary), '>')),
          optional(field('attributes', $.attribute_dictionary)),
        ),
      )),
      ':', field('type', $.type_signature),
      repeat(field('region', $.named_region)),
    ),

    // stablehlo.optimization_barrier %a, %b : T, U -- and, with no operands,
    // `stablehlo.optimization_barrier()` with no type list (MLIR's form puts
    // attr-dict first in both). A rule of its own: as a keyword op the `()`
    // would read as an empty argument group waiting for its `:`.
    _barrier_operation: $ => seq(
      field('name', alias('stablehlo.optimization_barrier', $.op_name)),
      optional(field('attributes', $.attribute_dictionary)),
      choice(
        seq('(', ')'),
        seq(commaSep1(field('operand', $.value_use)), ':', field('type', $.type_signature)),
      ),
    ),

    // check.expect_eq_const %x, dense<[1, 2]> : tensor<2xi32>, tolerance = 0.1
    // The constant prints with its own type; options and attr-dict follow it.
    _check_constant_operation: $ => seq(
      field('name', alias(choice('check.expect_eq_const', 'check.expect_almost_eq_const'), $.op_name)),
      field('operand', $.value_use),
      ',',
      field('attribute', $.typed_attribute),
      repeat(seq(',', field('attribute', $.keyword_attribute))),
      optional(field('attributes', $.attribute_dictionary)),
    ),

    // stablehlo.while(%arg = %init) : T cond { ... } do { ... }; with no
    // iteration arguments the type list is left out. stablehlo-opt prints
    // the op's attributes as `attributes {...}` after the types.
    _while_operation: $ => seq(
      field('name', alias('stablehlo.while', $.op_name)),
      field('arguments', $.argument_group),
      optional(field('attributes', $.attribute_dictionary)),
      optional(seq(':', field('type', $.type_signature))),
      optional(seq('attributes', field('attributes', $.attribute_dictionary))),
      repeat1(field('region', $.named_region)),
    ),

    // The second argument is spelled out so that the commonest ops (one or
    // two arguments) need no repetition node.
    _custom_arguments: $ => seq(
      $._custom_argument,
      optional(seq(
        optional(','), $._custom_argument,
        repeat(seq(optional(','), $._custom_argument)),
      )),
    ),

    _custom_argument: $ => choice(
      field('operand', $.value_use),
      field('attribute', $.keyword_attribute),
      field('attribute', alias($.bare_id, $.enum_value)),
      field('attribute', $.string),
      field('attribute', $.integer),
      // `arith.constant 1.5 : f32`, `arith.constant true`.
      field('attribute', $.float),
      field('attribute', $.boolean),
      field('attribute', $.dense_attribute),
      field('attribute', $.dense_resource_attribute),
      field('attribute', $.dialect_attribute),
      field('callee', $.symbol_ref),
      field('arguments', $.argument_group),
      field('indices', $.index_list),
    ),

    // `name = value` inside a pretty op: `dims = [1, 0]`,
    // `contracting_dims = [1] x [0]`, `window = {stride = [2, 2]}`.
    keyword_attribute: $ => seq(
      field('key', $.bare_id),
      '=',
      field('value', choice(
        $._untyped_attribute_value,
        $.dimension_numbers,
        $.attribute_parameters,
        $.sub_axis,
      )),
    ),

    // Shardy's sub-axis `(1)2` (pre-size, size), in replica group meshes.
    sub_axis: $ => seq(field('pre_size', $.affine_list), field('size', $.integer)),


    // `[0] x [1]` (dot_general) or `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`
    // (convolution): the lhs/input, rhs/kernel and output dimension numbers.
    dimension_numbers: $ => seq(
      field('lhs', $.array_attribute),
      'x',
      field('rhs', $.array_attribute),
      optional(seq('->', field('output', $.array_attribute))),
    ),

    // A parenthesised argument list: `(%a, %b)` (convolution, custom_call),
    // `(%x init: %c)` (reduce), `(%arg = %init)` (while), `(%0, k = 2)` (top_k).
    argument_group: $ => seq('(', commaSep($._group_argument), ')'),
    _group_argument: $ => choice(
      field('operand', $.value_use),
      field('operand', $.reduce_input),
      field('operand', $.iteration_argument),
      field('attribute', $.keyword_attribute),
      // composite's optional regions: `%x ({ ... })`.
      field('region', $.region),
    ),
    reduce_input: $ => seq(
      field('input', $.value_use), 'init', ':', field('init_value', $.value_use),
    ),
    iteration_argument: $ => seq(
      field('name', alias($.value_use, $.value_id)), '=', field('init_value', $.value_use),
    ),

    // `[0:2, 1:4:2]` (slice), `[0]` (get_tuple_element), `[%i]` (extract).
    index_list: $ => seq('[', commaSep(choice($.slice_range, $.value_use)), ']'),
    slice_range: $ => seq(
      field('start', $.integer),
      optional(seq(':', field('limit', $.integer),
        optional(seq(':', field('stride', $.integer))))),
    ),

    // `cond { ... }`, `do { ... }`, `reducer(%a: T, %b: T) (%c: T, %d: T) { ... }`
    named_region: $ => seq(
      field('keyword', choice('cond', 'do', 'reducer')),
      repeat(field('arguments', $.block_argument_list)),
      field('body', $.region),
    ),

    // A terminator: a bare `return` is never followed by an op in its block,
    // so a following value always belongs to it.
    _return_operation: $ => prec.right(seq(
      field('name', alias(choice(
        'return', 'func.return', 'stablehlo.return', 'chlo.return',
        'ml_program.return', 'mhlo.return',
      ), $.op_name)),
      optional(seq(
        commaSep1(field('operand', $.value_use)),
        ':', commaSep1(field('type', $._type)),
      )),
    )),

    // chlo.scan(%input) inits(%init) dimension=0 attributes {...} { region } : type
    _scan_operation: $ => seq(
      field('name', alias('chlo.scan', $.op_name)),
      $._custom_arguments,
      optional(seq('attributes', field('attributes', $.attribute_dictionary))),
      field('region', $.region),
      ':', field('type', $.type_signature),
    ),

    // func.func public @name(%arg0: T {attrs}) -> (T {attrs}) attributes {...} { body }
    _function_operation: $ => seq(
      field('name', alias(choice('func.func', 'ml_program.func'), $.op_name)),
      optional(field('visibility', $.visibility)),
      field('symbol', $.symbol),
      field('arguments', $.function_arguments),
      optional(seq('->', field('result_types', $.function_results))),
      optional(seq('attributes', field('attributes', $.attribute_dictionary))),
      optional(field('body', $.region)),
    ),

    visibility: _ => choice('public', 'private', 'nested'),

    function_arguments: $ => seq('(', commaSep($.function_argument), ')'),
    function_argument: $ => choice(
      seq(
        field('name', alias($.value_use, $.value_id)), ':', field('type', $._type),
        optional(field('attributes', $.attribute_dictionary)),
        optional(field('location', $.location)),
      ),
      // Declarations (no body) list only types.
      seq(field('type', $._type), optional(field('attributes', $.attribute_dictionary))),
    ),

    function_results: $ => choice(
      $._non_function_type,
      seq('(', commaSep($.function_result), ')'),
    ),
    function_result: $ => seq(
      field('type', $._type),
      optional(field('attributes', $.attribute_dictionary)),
    ),

    // module @name attributes {...} { ... }
    _module_operation: $ => seq(
      field('name', alias(choice('module', 'builtin.module'), $.op_name)),
      optional(field('symbol', $.symbol)),
      optional(seq('attributes', field('attributes', $.attribute_dictionary))),
      field('body', $.region),
    ),

    // Any other dialect's pretty op: a balanced token sequence up to the end
    // of the line (the scanner decides where the line ends the op).
    _fallback_operation: $ => seq(
      field('name', alias($.bare_id, $.op_name)),
      alias(repeat($._fallback_token), $.custom_syntax),
      $._fallback_end,
    ),

    _fallback_token: $ => choice(
      field('operand', $.value_use),
      $.bare_id,
      $._number,
      $.string,
      $.boolean,
      $.symbol_ref,
      $.block_id,
      $._non_function_type,
      $.dialect_attribute,
      $.dense_attribute,
      $.array_literal,
      ',', ':', '=', '->', '*', '+', '?', 'x', '<', '>',
      seq('(', repeat($._fallback_token), ')'),
      seq('[', repeat($._fallback_token), ']'),
      field('region', $.region),
      field('attributes', $.attribute_dictionary),
    ),

    // ------------------------------------------------------------------
    // Regions and blocks
    // ------------------------------------------------------------------

    region: $ => seq(
      '{',
      optional($.entry_block),
      repeat($.block),
      '}',
    ),

    // A rule of its own rather than an alias of the repetition: tree-sitter
    // keeps a reduce per op for an aliased repetition (one more node per op).
    entry_block: $ => repeat1($.operation),

    block: $ => seq(field('label', $.block_label), repeat($.operation)),

    block_label: $ => seq(
      field('name', $.block_id),
      optional(field('arguments', $.block_argument_list)),
      ':',
    ),

    block_argument_list: $ => seq('(', commaSep($.block_argument), ')'),
    block_argument: $ => seq(
      field('name', alias($.value_use, $.value_id)), ':', field('type', $._type),
      optional(field('attributes', $.attribute_dictionary)),
      optional(field('location', $.location)),
    ),

    // ------------------------------------------------------------------
    // Types
    // ------------------------------------------------------------------

    // After the `:` of a pretty op: `T`, `T, T`, `(T, T) -> T`, `T -> T`
    // (CHLO), `T, T -> (T, T)`, or `T to T` (tensor.cast).
    type_signature: $ => choice(
      seq(
        commaSep1(field('operand_type', $._type)),
        optional(seq('->', field('result_type', $._result_types))),
      ),
      seq(field('operand_type', $._type), 'to', field('result_type', $._type)),
    ),

    _result_types: $ => choice($._non_function_type, $.type_list),
    type_list: $ => seq('(', commaSep($._type), ')'),

    _type: $ => choice($._non_function_type, $.function_type),

    _non_function_type: $ => choice(
      $.tensor_type,
      $.vector_type,
      $.memref_type,
      $.tuple_type,
      $.complex_type,
      $.integer_type,
      $.float_type,
      $.index_type,
      $.none_type,
      $.token_type,
      $.quantized_type,
      $.dialect_type,
    ),

    function_type: $ => seq(
      field('inputs', $.type_list),
      '->',
      field('results', $._result_types),
    ),

    // tensor<2x?x3xf32, #stablehlo.bounds<?, 4, ?>>, tensor<*xf32>
    // `tensor<` is one token: the commonest type opener then costs one token
    // and no keyword lookup. MLIR allows space before the `<`, hence the
    // two-token spelling too.
    tensor_type: $ => seq(
      choice('tensor<', seq('tensor', '<')),
      optional(field('shape', $.shape)),
      field('element_type', $._type),
      optional(seq(',', field('encoding', $._attribute_value))),
      '>',
    ),

    vector_type: $ => seq(
      'vector', '<',
      optional(field('shape', $.shape)),
      field('element_type', $._type),
      '>',
    ),

    memref_type: $ => seq(
      'memref', '<',
      optional(field('shape', $.shape)),
      field('element_type', $._type),
      optional(seq(',', field('layout', $._attribute_value))),
      '>',
    ),

    // The dimension sizes before the element type: `2x?x3x` (`?` dynamic,
    // `*x` unranked). One token, since MLIR writes shapes unseparated and a
    // node per dimension would double the size of the tree; the semantic
    // layer splits it at each `x`.
    shape: _ => /(([0-9]+|\?)x)+|\*x/,

    tuple_type: $ => seq('tuple', '<', commaSep(field('element', $._type)), '>'),
    complex_type: $ => choice(
      seq('complex', '<', field('element_type', $._type), '>'),
      // The early spec draft's names for complex<f32> and complex<f64>.
      'c64', 'c128',
    ),
    // Any width MLIR allows (i10 appears in verifier tests), and the early
    // spec draft's `pred` for i1.
    integer_type: _ => token(prec(1, choice(/[su]?i[0-9]+/, 'pred'))),

    // !quant.uniform<i8<-127:127>:f32:1, {0.1:-30, 0.5:-20}>
    quantized_type: $ => seq(
      '!quant.uniform', '<',
      field('storage_type', choice(
        $.integer_type,
        // The quant dialect also spells unsigned storage `u8`.
        alias(choice('u1', 'u2', 'u4', 'u8', 'u16', 'u32', 'u64'), $.integer_type),
        $.float_type,
      )),
      optional(seq('<', field('storage_min', $.integer), ':', field('storage_max', $.integer), '>')),
      ':',
      field('expressed_type', $._type),
      optional(seq(':', field('quantization_dimension', $.integer))),
      ',',
      choice(
        field('parameter', $.quantization_parameter),
        seq('{', commaSep1(field('parameter', $.quantization_parameter)), '}'),
      ),
      '>',
    ),
    quantization_parameter: $ => seq(
      field('scale', $._number),
      optional(seq(':', field('zero_point', $.integer))),
    ),

    // !stablehlo.future<tensor<4xf32>>, or a type alias `!t`.
    dialect_type: $ => prec.right(seq(
      field('name', $.type_alias),
      optional(field('parameters', $.attribute_parameters)),
    )),

    // ------------------------------------------------------------------
    // Attributes
    // ------------------------------------------------------------------

    // A trailing comma is tolerated (hand-written examples have them); the
    // checker can flag it.
    attribute_dictionary: $ => seq('{', commaSep($.attribute_entry), optional(','), '}'),
    attribute_entry: $ => seq(
      field('name', choice($.bare_id, $.string)),
      optional(seq('=', field('value', $._attribute_value))),
    ),

    _attribute_value: $ => choice(
      $._untyped_attribute_value,
      $.typed_attribute,
    ),

    // `1 : i64`, `dense<[1, 0]> : tensor<2xindex>`
    typed_attribute: $ => seq(
      field('value', $._untyped_attribute_value),
      ':',
      field('type', $._type),
    ),

    _untyped_attribute_value: $ => choice(
      $._number,
      $.boolean,
      $.string,
      $.unit_attribute,
      $.array_attribute,
      $.attribute_dictionary,
      $.dense_attribute,
      $.dense_resource_attribute,
      $.array_literal,
      $.dialect_attribute,
      $.symbol_ref,
      $._type,
      $.location,
      alias($.bare_id, $.enum_value),
      $.affine_map,
      $.affine_map_attribute,
    ),

    affine_map_attribute: $ => seq('affine_map', '<', field('map', $.affine_map), '>'),

    // (d0, d1)[s0] -> (d0 : dense, d1 floordiv 2 : compressed), as in sparse
    // tensor encodings and affine_map<...>; kept as balanced token groups.
    affine_map: $ => seq(
      field('dimensions', $.affine_list),
      optional(field('symbols', seq('[', repeat($._affine_token), ']'))),
      '->',
      field('results', $.affine_list),
    ),
    affine_list: $ => seq('(', repeat($._affine_token), ')'),
    _affine_token: $ => choice(
      $.bare_id, $.integer, ',', ':', '+', '-', '*',
      seq('(', repeat($._affine_token), ')'),
    ),

    unit_attribute: _ => 'unit',

    array_attribute: $ => seq('[', commaSep(choice(
      $._attribute_value,
      // A dynamic size in `bounds = [3, ?]`.
      alias('?', $.dynamic_size),
    )), ']'),

    // dense<[[1, 2], [3, 4]]>, dense<(1.0, 2.0)>, dense<"0x0000803F">
    dense_attribute: $ => seq(
      'dense', '<', optional(field('value', $._dense_element)), '>',
    ),
    _dense_element: $ => choice(
      $._number, $.boolean, $.string, $.complex_literal, $.dense_list,
    ),
    dense_list: $ => seq('[', commaSep($._dense_element), ']'),
    complex_literal: $ => seq(
      '(', field('real', $._number), ',', field('imaginary', $._number), ')',
    ),

    dense_resource_attribute: $ => seq(
      'dense_resource', '<', field('handle', $.bare_id), '>',
    ),

    // array<i64: 1, 2, 3>
    array_literal: $ => seq(
      'array', '<', field('element_type', $._type),
      optional(seq(':', commaSep($._number), optional(commaSep1($.boolean)))),
      '>',
    ),

    // #stablehlo<comparison_direction GT>, #stablehlo.gather<offset_dims = [1]>,
    // or an alias `#loc1`.
    dialect_attribute: $ => prec.right(seq(
      field('name', $.attribute_alias),
      optional(field('parameters', $.attribute_parameters)),
    )),

    // `:` separates too: another dialect's parameters may hold typed values
    // (`#vhlo.tensor_v1<dense<1.0> : tensor<f32>>`).
    attribute_parameters: $ => seq(
      '<',
      repeat(choice($._attribute_parameter, ',', ':')),
      '>',
    ),
    _attribute_parameter: $ => choice(
      $.keyword_attribute,
      $._untyped_attribute_value,
      $.dimension_numbers,
      '?',
    ),

    symbol_ref: $ => seq($.symbol, repeat(seq('::', $.symbol))),

    // ------------------------------------------------------------------
    // Locations
    // ------------------------------------------------------------------

    location: $ => seq('loc', '(', $._location_body, ')'),

    _location_body: $ => choice(
      $.file_line_col_location,
      $.name_location,
      $.fused_location,
      $.callsite_location,
      alias('unknown', $.unknown_location),
      $.attribute_alias,
    ),
    file_line_col_location: $ => seq(
      field('file', $.string), ':', field('line', $.integer), ':', field('column', $.integer),
      optional(seq('to', optional(seq(':', $.integer)), ':', $.integer)),
    ),
    name_location: $ => prec.right(seq(
      field('name', $.string),
      optional(seq('(', field('child', $._location_body), ')')),
    )),
    fused_location: $ => seq(
      'fused',
      optional(seq('<', field('metadata', $._attribute_value), '>')),
      '[', commaSep($._location_body), ']',
    ),
    callsite_location: $ => seq(
      'callsite', '(', field('callee', $._location_body), 'at', field('caller', $._location_body), ')',
    ),

    // ------------------------------------------------------------------
    // Top-level definitions
    // ------------------------------------------------------------------

    type_alias_definition: $ => seq(field('name', $.type_alias), '=', field('type', $._type)),
    attribute_alias_definition: $ => seq(
      field('name', $.attribute_alias), '=', field('value', $._attribute_value),
    ),

    // {-# dialect_resources: { builtin: { blob: "0x..." } } #-}
    file_metadata: $ => seq('{-#', commaSep($.metadata_entry), '#-}'),
    metadata_entry: $ => seq(
      field('key', $.bare_id), ':',
      field('value', choice($.string, $.metadata_dictionary)),
    ),
    metadata_dictionary: $ => seq('{', commaSep($.metadata_entry), '}'),

    // Keyword lists last: tree-sitter numbers tokens in order of appearance,
    // and only tokens numbered below 256 are stored inline in the tree.
    // Type names are single tokens rather than keyword choices: a choice makes
    // an internal node around each leaf, and these are the commonest nodes.
    // They win over a bare identifier of the same length by precedence. (No
    // such token may be a prefix of a keyword: precedence beats length, so it
    // would cut the keyword short.)
    float_type: _ => token(prec(1, choice(...FLOAT_TYPES))),

    // Op names stay keywords (a choice of strings): one is a prefix of
    // another (`call`, `callsite`), which single-token matching gets wrong.
    _op_keyword: _ => choice(...OP_NAMES),
    index_type: _ => 'index',
    none_type: _ => 'none',
    token_type: _ => '!stablehlo.token',
  },
});
