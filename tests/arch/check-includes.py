#!/usr/bin/env python3
"""Checks the layering rules of ARCHITECTURE.md on every #include.

Each source folder (a layer) may include only the project folders listed for
it in LAYERS, plus system and library headers. A folder not listed is an
error too, so a new folder must be given its place in the layering. (That
only semantic/syntax uses tree-sitter is tests/check-tree-sitter-includes.sh's
job: it checks uses as well as includes.)

Usage: check-includes.py [ROOT]       check the tree at ROOT (default: repo)
       check-includes.py --self-test  show that a violation is caught
Exit status: 0 clean, 1 violations (each printed as file:line: message).
"""
import os
import re
import sys
import tempfile

# Layer -> project folders its files may include (its own folder implied).
# Lowest first; a layer never includes one above it.
LAYERS = {
    "support": [],
    "semantic/syntax": ["support"],
    "semantic/diagnostics": ["support", "semantic/syntax"],
    "semantic/ir": ["support", "semantic/syntax"],
    # The op table is plain data: it depends on nothing of the project.
    "semantic/ops": ["support"],
    "semantic/lower": ["support", "semantic/syntax", "semantic/diagnostics", "semantic/ir", "semantic/ops"],
    "semantic/verify": ["support", "semantic/syntax", "semantic/diagnostics", "semantic/ir", "semantic/ops"],
    "semantic/analysis": ["support", "semantic/syntax", "semantic/diagnostics", "semantic/ir", "semantic/ops",
                          "semantic/lower", "semantic/verify"],
    # The linter's fixes are printed by the formatter.
    "linter": ["support", "semantic/syntax", "semantic/diagnostics", "semantic/ir", "semantic/ops",
               "semantic/lower", "semantic/verify", "semantic/analysis", "formatter"],
    # The formatter prints the semantic model; the CLI, the linter's fixes
    # and the language server call it (it includes none of them).
    "formatter": ["support", "semantic/syntax", "semantic/diagnostics", "semantic/ir", "semantic/ops",
                  "semantic/lower", "semantic/verify", "semantic/analysis"],
    "ide": ["support", "semantic/syntax", "semantic/diagnostics", "semantic/ir", "semantic/ops",
            "semantic/lower", "semantic/verify", "semantic/analysis", "linter", "formatter"],
    "interpreter/kernels": ["support"],
    # The evaluator needs the IR and the op table, never the verifier;
    # interpreter/io (.npy/.npz, --args literals) is part of this layer.
    "interpreter": ["support", "semantic/syntax", "semantic/diagnostics", "semantic/ir", "semantic/ops",
                    "semantic/lower", "interpreter/kernels"],
    # The run session loads and checks a program before running it.
    "interpreter/session": ["support", "semantic/syntax", "semantic/diagnostics", "semantic/ir", "semantic/ops",
                            "semantic/lower", "semantic/verify", "semantic/analysis", "interpreter",
                            "interpreter/kernels"],
    "protocol": ["support"],
    "lsp": ["support", "semantic/syntax", "semantic/diagnostics", "semantic/ir", "semantic/ops",
            "semantic/lower", "semantic/verify", "semantic/analysis", "linter", "ide", "protocol"],
    # The debug adapter: DAP messages over protocol/, the work over the run
    # session and the interpreter's observer; never the LSP or the IDE layer.
    "dap": ["support", "semantic/syntax", "semantic/diagnostics", "semantic/ir", "semantic/ops",
            "semantic/lower", "semantic/verify", "semantic/analysis", "interpreter", "interpreter/kernels",
            "interpreter/session", "protocol"],
    "cli": None,  # The top: may include anything.
    "bench": None,
    "tests": None,
    # TypeScript (the VS Code extension): no C++; it reaches shlo over stdio only.
    "vscode-extension": [],
}

SKIPPED_DIRS = {"build", "build-fuzz", ".git", "node_modules", "grammar"}
SOURCE_EXTENSIONS = (".h", ".hpp", ".c", ".cc", ".cpp", ".inc", ".in")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def layer_of(path):
    """The longest LAYERS key that is a prefix folder of `path`."""
    best = None
    for layer in LAYERS:
        if path == layer or path.startswith(layer + "/"):
            if best is None or len(layer) > len(best):
                best = layer
    return best


def project_folder(header, known):
    """The LAYERS key `header` ("semantic/ir/IR.h") belongs to, or None for
    headers outside the project."""
    if header.split("/")[0] not in {k.split("/")[0] for k in known}:
        return None
    return layer_of(header)


def check(root):
    violations = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        dirnames[:] = sorted(d for d in dirnames if not (rel_dir == "." and d in SKIPPED_DIRS))
        for name in sorted(filenames):
            if not name.endswith(SOURCE_EXTENSIONS):
                continue
            rel = os.path.normpath(os.path.join(rel_dir, name))
            if "/" not in rel:
                continue
            layer = layer_of(rel)
            with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
                lines = f.readlines()
            has_includes = any(INCLUDE.match(line) for line in lines)
            if layer is None:
                if has_includes:
                    violations.append(f"{rel}:1: folder has no place in the layering (tests/arch/check-includes.py LAYERS)")
                continue
            allowed = LAYERS[layer]
            for number, line in enumerate(lines, 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                header = match.group(2)
                if allowed is None:
                    continue
                target = project_folder(header, LAYERS)
                if target is None or target == layer:
                    continue
                if target not in allowed:
                    violations.append(f"{rel}:{number}: {layer} includes {header} ({target} is not below it)")
    return violations


def self_test():
    """A lower layer including a higher one, and a folder outside the
    layering: both must be reported; a clean tree must not."""
    with tempfile.TemporaryDirectory() as tmp:
        def write(path, text):
            full = os.path.join(tmp, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as f:
                f.write(text)
        write("semantic/ir/IR.h", '#include "semantic/syntax/TextRange.h"\n#include <vector>\n')
        write("semantic/syntax/TextRange.h", "#include <tree_sitter/api.h>\n")
        if check(tmp):
            print("self-test: a clean tree was reported:", check(tmp))
            return 1
        write("semantic/ir/Bad.h", '#include "lsp/Server.h"\n')
        write("semantic/verify/Bad.cpp", '#include "semantic/analysis/Analysis.h"\n')
        write("newfolder/X.cpp", '#include "semantic/ir/IR.h"\n')
        found = check(tmp)
        expected = ["semantic/ir/Bad.h:1", "semantic/verify/Bad.cpp:1", "newfolder/X.cpp:1"]
        missing = [e for e in expected if not any(v.startswith(e) for v in found)]
        for v in found:
            print("self-test found:", v)
        if missing or len(found) != len(expected):
            print("self-test: expected violations at", expected)
            return 1
        print("self-test: 3 of 3 planted violations caught, clean tree clean")
        return 0


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--self-test":
        return self_test()
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    violations = check(root)
    for v in violations:
        print(v)
    print(f"include invariants: {len(violations)} violations")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
