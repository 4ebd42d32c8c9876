#!/usr/bin/env python3
"""Compiles C++ files with clang++ -fsyntax-only, using the flags CMake gave
gcc in BUILD/compile_commands.json. The fuzz build uses clang 14, which
refuses some code gcc 12 accepts (a lambda capturing a structured binding):
run this on what you changed before merging.

Usage: clang-syntax-check.py BUILD_DIR [FILE...]   (no files: all of them)
Exit status 1 when any file fails."""
import json, os, shlex, subprocess, sys

build = sys.argv[1]
wanted = [os.path.abspath(f) for f in sys.argv[2:]]
entries = json.load(open(os.path.join(build, "compile_commands.json")))
failed = 0
for e in entries:
    path = os.path.abspath(os.path.join(e["directory"], e["file"]))
    if wanted and path not in wanted:
        continue
    args = e.get("arguments") or shlex.split(e["command"])
    keep, skip = [], False
    for a in args[1:]:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if a in ("-c", "-MD", "-MMD") or a == e["file"] or a.startswith("-fdiagnostics-color"):
            continue
        if "ccache" in a:
            continue
        keep.append(a)
    checked = globals().get("checked", 0) + 1
    globals()["checked"] = checked
    r = subprocess.run(["clang++", "-fsyntax-only", "-Wno-unknown-warning-option", *keep, path],
                       cwd=e["directory"], capture_output=True, text=True)
    if r.returncode != 0:
        failed += 1
        print(f"FAIL {path}\n{r.stderr[:3000]}")
print(f"clang++ -fsyntax-only: {globals().get('checked', 0)} checked, {failed} failed")
sys.exit(1 if failed else 0)
