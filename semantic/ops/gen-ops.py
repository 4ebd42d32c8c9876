#!/usr/bin/env python3
"""Generates the op table (semantic/ops/OpTable.inc) and the grammar's op
list (grammar/op-names.js) from the op definitions in semantic/ops/defs/
(one TOML file per op family) and semantic/ops/structs.toml, with attribute
kinds and enum values read from the spec's Inputs tables (spec.md).

Usage: semantic/ops/gen-ops.py [SPEC] [OUT_DIR]   (defaults:
../shared/spec/spec.md and the repository root). OUT_DIR receives
semantic/ops/OpTable.inc and grammar/op-names.js; the test command generates
into a temporary folder and compares with the committed files.
"""
import glob
import importlib.util
import os
import re
import sys
import tomllib

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))

_spec_tables = importlib.util.spec_from_file_location("gen_spec_tables", os.path.join(here, "gen-spec-tables.py"))
spec_tables = importlib.util.module_from_spec(_spec_tables)
_spec_tables.loader.exec_module(spec_tables)

FAMILIES = [
    "Elementwise", "Conversion", "Shape", "Slicing", "GatherScatter", "Reductions", "LinearAlgebra",
    "Convolution", "Normalization", "Collectives", "Communication", "ControlFlow", "Random", "Chlo",
    "CheckInterpreter", "CoreDialects",
]
TRAITS = {
    "pure": "Pure", "elementwise": "Elementwise", "commutative": "Commutative", "terminator": "Terminator",
    "region_return": "RegionReturn", "function_return": "FunctionReturn", "function": "Function",
    "has_regions": "HasRegions", "collective": "Collective", "process_grid": "ProcessGrid",
    "async_wrappable": "AsyncWrappable", "storage_only_quantized": "StorageOnlyQuantized",
    "per_tensor_quantization": "PerTensorQuantization", "constant": "Constant",
    "rename_replacement": "RenameReplacement",
    "dequantize_op_quantize": "DequantizeOpQuantize",
}
DEPRECATION = {"removal": "Removal", "explored": "Explored"}
GRAMMAR = {"none": "None", "keyword": "Keyword", "rule": "Rule"}
SIGNATURES = {
    "same_type": "SameType", "result_only": "ResultOnly", "operands": "Operands",
    "operands_are_results": "OperandsAreResults", "first_type": "FirstType", "select": "Select",
    "index_result": "IndexResult", "element_result": "ElementResult", "i1_result": "I1Result",
    "arith_select": "ArithSelect",
}
ENUMS = {"predicate": "Predicate", "comparison": "Comparison", "none": "None"}
INDICES = {"none": "None", "slice": "Slice", "tuple_index": "TupleIndex"}
OP_KEYS = {"summary", "section", "traits", "deprecated", "replacement", "grammar", "spellings", "signature", "callee",
           "keywords", "structs", "pretty", "print", "print_defaults"}
PRETTY_KEYS = {"enums", "indices", "symbol", "string", "window", "format", "applies"}


def c_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def fail(message):
    sys.exit("gen-ops.py: " + message)


def attribute_kind(type_text):
    """The attribute kind of a spec input's type, or None for operands."""
    t = type_text
    if re.fullmatch(r"(variadic number of )?functions?|a region with a single operation", t):
        return "Function"
    if re.fullmatch(r"`[su]i\d+`", t):
        return "Integer"
    if t == "FloatType or TensorFloat32":
        return "Other"
    if t.startswith("enum of") or t.startswith("variadic number of enums of"):
        return "Enum"
    if "constant" not in t and t != "string" and "string" not in t:
        return None
    if re.fullmatch(r"constant of type `(i1|bool)`", t):
        return "Bool"
    if re.fullmatch(r"constant of type `[su]i\d+`", t):
        return "Integer"
    if re.fullmatch(r"constant of type `f\d+`", t):
        return "Float"
    if "string" in t and "tensor" not in t:
        return "String"
    if re.fullmatch(r"1-dimensional (tensor constant of type `[su]i\d+`|constant tensor of integer type)", t):
        return "IntegerArray"
    if "tensor constant" in t or "tensor constants" in t:
        return "Dense"
    return "Other"


def spec_attributes(spec_path):
    """op short name -> [(name, kind, type text, enum values)] from the Inputs tables."""
    spec = open(spec_path, encoding="utf-8").read()
    out = {}
    for name, section in spec_tables.op_sections(spec):
        rows = []
        for cells in spec_tables.table_rows(section, "Inputs"):
            if len(cells) < 3:
                continue
            input_name, type_text = cells[1].strip("`"), cells[2]
            kind = attribute_kind(type_text)
            if kind is None:
                continue
            values = re.findall(r"`([A-Za-z0-9_]+)`", type_text) if kind == "Enum" else []
            rows.append((input_name, kind, type_text, values))
        out[name] = rows
    return out


def load_ops():
    ops = {}
    for path in sorted(glob.glob(os.path.join(here, "defs", "*.toml"))):
        family = os.path.splitext(os.path.basename(path))[0]
        if family not in FAMILIES:
            fail(f"{path}: unknown family {family}")
        with open(path, "rb") as f:
            for name, entry in tomllib.load(f).items():
                if name in ops:
                    fail(f"{name} is defined twice")
                unknown = set(entry) - OP_KEYS
                if unknown:
                    fail(f"{name}: unknown keys {sorted(unknown)}")
                if not entry.get("summary"):
                    fail(f"{name}: no summary")
                entry["family"] = family
                ops[name] = entry
    return ops


def main():
    spec_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "..", "shared", "spec", "spec.md")
    out_dir = sys.argv[2] if len(sys.argv) > 2 else root
    ops = load_ops()
    with open(os.path.join(here, "structs.toml"), "rb") as f:
        structs = tomllib.load(f)
    attrs = spec_attributes(spec_path)
    for name in attrs:
        if "stablehlo." + name not in ops:
            fail(f"the spec's op {name} has no definition")

    lines = [
        "// Generated by semantic/ops/gen-ops.py from semantic/ops/defs/*.toml,",
        "// semantic/ops/structs.toml and the spec's Inputs tables. Do not edit: regenerate.",
    ]
    keywords = []
    for name in sorted(ops):
        e = ops[name]
        dialect = name.split(".", 1)[0]
        traits = []
        for t in e.get("traits", []):
            if t not in TRAITS:
                fail(f"{name}: unknown trait {t}")
            traits.append(f"TRAIT({TRAITS[t]})")
        deprecated = e.get("deprecated")
        if deprecated:
            if deprecated not in DEPRECATION:
                fail(f"{name}: deprecated must be one of {sorted(DEPRECATION)}")
            traits.append("TRAIT(Deprecated)")
        replacement = e.get("replacement", "")
        if replacement and replacement not in ops:
            fail(f"{name}: replacement {replacement} is not an op")
        grammar = e.get("grammar", "none")
        lines.append(
            f"OP({c_string(name)}, {c_string(dialect)}, {e['family']}, {c_string(e.get('section', ''))}, "
            f"{c_string(e['summary'])}, {' | '.join(traits) or '0'}, "
            f"{DEPRECATION.get(deprecated, 'None')}, {c_string(replacement)}, {GRAMMAR[grammar]})"
        )
        if grammar == "keyword":
            keywords.append(name)
        if e.get("callee"):
            lines.append(f"CALLEE({c_string(e['callee'])})")
        for spelling in e.get("spellings", []):
            lines.append(f"SPELLING({c_string(spelling)})")
            if grammar == "keyword":
                keywords.append(spelling)
        pretty = e.get("pretty", {})
        unknown = set(pretty) - PRETTY_KEYS
        if unknown:
            fail(f"{name}: unknown pretty keys {sorted(unknown)}")
        lines.append(
            f"PRETTY({SIGNATURES[e.get('signature', 'same_type')]}, {ENUMS[pretty.get('enums', 'predicate')]}, "
            f"{INDICES[pretty.get('indices', 'none')]}, {c_string(pretty.get('symbol', 'callee'))}, "
            f"{c_string(pretty.get('string', ''))}, {str(pretty.get('window', False)).lower()}, "
            f"{str(pretty.get('format', False)).lower()}, {str(pretty.get('applies', False)).lower()})"
        )
        for keyword, attribute in e.get("keywords", {}).items():
            lines.append(f"KEYWORD({c_string(keyword)}, {c_string(attribute)})")
        if e.get("print"):
            lines.append(f"PRINT({c_string(e['print'])})")
        for attribute, text in e.get("print_defaults", {}).items():
            lines.append(f"PRINT_DEFAULT({c_string(attribute)}, {c_string(text)})")
        seen = set()
        for attr, kind, type_text, values in attrs.get(name[len("stablehlo."):], []) if dialect == "stablehlo" else []:
            seen.add(attr)
            lines.append(f"ATTR({c_string(attr)}, {kind}, {c_string(type_text)}, \"\")")
            for v in values:
                lines.append(f"ENUM_VALUE({c_string(v)})")
        for attr, struct in e.get("structs", {}).items():
            if struct not in structs:
                fail(f"{name}: unknown struct {struct}")
            if attr not in seen:
                lines.append(f"ATTR({c_string(attr)}, Struct, \"\", {c_string(struct)})")
    for name in sorted(structs):
        s = structs[name]
        lines.append(f"STRUCT({c_string(name)}, {str(s.get('strict', False)).lower()})")
        for field in s["fields"]:
            lines.append(f"FIELD({c_string(field)})")

    inc = os.path.join(out_dir, "semantic", "ops", "OpTable.inc")
    os.makedirs(os.path.dirname(inc), exist_ok=True)
    with open(inc, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")

    js = [
        "// Generated by semantic/ops/gen-ops.py from the op table (semantic/ops/defs/).",
        "// Op names whose pretty form the grammar knows: each becomes a keyword.",
        "// Ops of other dialects still parse, through the newline-terminated fallback.",
        "module.exports = [",
    ] + [f"  '{k}'," for k in sorted(keywords)] + ["];"]
    names = os.path.join(out_dir, "grammar", "op-names.js")
    os.makedirs(os.path.dirname(names), exist_ok=True)
    with open(names, "w", encoding="utf-8") as out:
        out.write("\n".join(js) + "\n")
    print(f"{inc}: {len(ops)} ops; {names}: {len(keywords)} keywords")


if __name__ == "__main__":
    main()
