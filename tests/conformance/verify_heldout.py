#!/usr/bin/env python3
"""Recall and false alarms of `shlo check --verify-diagnostics` over a
directory of verifier suites written in mlir-opt's `-verify-diagnostics`
style (issue 11): StableHLO's own files that are not in ../shared, fetched
by hand to a temporary directory, never into the repository.

Usage: verify_heldout.py DIR [--shlo PATH] [--quiet]

For each `*.mlir` under DIR (sorted), and in total, prints
- expected errors found / expected (`expected-error` annotations only;
  notes and warnings are counted apart),
- each missed one as `file:line: missed: TEXT`,
- false alarms: errors in a `// -----` chunk that has no `expected-error`
  at all (what a user of a valid file would see), as `file:line: ...`,
- extra errors: unexpected errors in chunks that do expect one (a second
  error for the same mistake; counted, listed only without --quiet).
Exit status 0 always unless shlo cannot run (the figures are the output).
"""

import argparse
import os
import re
import subprocess
import sys

SEPARATOR = "// -----"
ANNOTATION = re.compile(r"expected-(error|warning|note|remark)(-re)?")
MISSING = re.compile(r"^(?P<path>.*?):(?P<line>\d+): error: expected (?P<sev>\w+) not produced: (?P<text>.*)$")
UNEXPECTED = re.compile(r"^(?P<path>.*?):(?P<line>\d+):(?P<col>\d+): (?P<sev>\w+): unexpected: (?P<text>.*)$")
SUMMARY = re.compile(r"(\d+) of (\d+) expected diagnostics found, (\d+) unexpected")


def chunk_of_lines(text):
    """Returns (chunk index per 1-based line, set of chunks expecting an error)."""
    chunk = 0
    index = [0]  # line 0 unused
    expecting = set()
    for line in text.split("\n"):
        if line.startswith(SEPARATOR):
            index.append(chunk)
            chunk += 1
            continue
        index.append(chunk)
        m = ANNOTATION.search(line)
        if m and m.group(1) == "error":
            expecting.add(chunk)
    return index, expecting


def count_annotations(text):
    counts = {}
    for line in text.split("\n"):
        for m in ANNOTATION.finditer(line):
            counts[m.group(1)] = counts.get(m.group(1), 0) + 1
    return counts


def run_file(shlo, path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    proc = subprocess.run([shlo, "check", "--verify-diagnostics", path], capture_output=True, text=True)
    chunk_index, expecting = chunk_of_lines(text)
    missed, false_alarms, extra = [], [], []
    for line in proc.stderr.splitlines():
        m = MISSING.match(line)
        if m:
            if m.group("sev") == "error":
                missed.append((int(m.group("line")), m.group("text")))
            continue
        m = UNEXPECTED.match(line)
        if m and m.group("sev") == "error":
            n = int(m.group("line"))
            chunk = chunk_index[n] if n < len(chunk_index) else -1
            (extra if chunk in expecting else false_alarms).append((n, m.group("text")))
    counts = count_annotations(text)
    expected = counts.get("error", 0)
    if proc.returncode not in (0, 1) or not SUMMARY.search(proc.stdout):
        sys.stderr.write(f"{path}: shlo failed (exit {proc.returncode}): {proc.stderr[-400:]}\n")
    return {
        "expected": expected,
        "found": expected - len(missed),
        "missed": missed,
        "false_alarms": false_alarms,
        "extra": extra,
        "chunks": len(set(chunk_index[1:])),
        "negative_chunks": len(expecting),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir")
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--shlo", default=os.path.join(here, "..", "..", "build", "bin", "shlo"))
    parser.add_argument("--quiet", action="store_true", help="do not list extra errors")
    args = parser.parse_args()
    files = sorted(os.path.join(root, name) for root, _, names in os.walk(args.dir)
                   for name in names if name.endswith(".mlir"))
    if not files:
        sys.exit(f"no .mlir files under {args.dir}")
    total = {"expected": 0, "found": 0, "false_alarms": 0, "extra": 0, "chunks": 0, "negative_chunks": 0}
    for path in files:
        r = run_file(args.shlo, path)
        name = os.path.relpath(path, args.dir)
        for line, text in r["missed"]:
            print(f"{name}:{line}: missed: {text}")
        for line, text in r["false_alarms"]:
            print(f"{name}:{line}: false alarm: {text}")
        if not args.quiet:
            for line, text in r["extra"]:
                print(f"{name}:{line}: extra error: {text}")
        print(f"{name}: {r['found']} of {r['expected']} expected errors found, "
              f"{len(r['false_alarms'])} false alarms in {r['chunks'] - r['negative_chunks']} chunks without "
              f"expected-error, {len(r['extra'])} extra errors")
        for key in ("expected", "found", "chunks", "negative_chunks"):
            total[key] += r[key]
        total["false_alarms"] += len(r["false_alarms"])
        total["extra"] += len(r["extra"])
    share = 100.0 * total["found"] / total["expected"] if total["expected"] else 100.0
    print(f"TOTAL ({len(files)} files): {total['found']} of {total['expected']} expected errors found "
          f"({share:.1f}%), {total['false_alarms']} false alarms in "
          f"{total['chunks'] - total['negative_chunks']} chunks without expected-error, "
          f"{total['extra']} extra errors")


if __name__ == "__main__":
    main()
