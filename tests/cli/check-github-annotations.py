#!/usr/bin/env python3
"""Checks lines against GitHub Actions' workflow-command syntax for
annotations: `::error|warning|notice [k=v,...]::message`, where property
values escape `%`, CR, LF, `:` and `,` and the message escapes `%`, CR and
LF (https://docs.github.com/actions/reference/workflow-commands-for-github-actions).
Known properties: file, line, endLine, col, endColumn, title; line numbers
are positive integers.

Usage: check-github-annotations.py FILE   Exit 0 when every line is valid.
"""
import re
import sys

COMMAND = re.compile(r"^::(error|warning|notice)(?: ([^:]*))?::(.*)$")
ESCAPE = re.compile(r"%(?!25|0D|0A|3A|2C)")
NUMERIC = {"line", "endLine", "col", "endColumn"}
KNOWN = NUMERIC | {"file", "title"}


def check(line):
    match = COMMAND.match(line)
    if not match:
        return "not a workflow command"
    properties, message = match.group(2) or "", match.group(3)
    if ESCAPE.search(message) or "\r" in message:
        return "message has an unescaped %"
    seen = {}
    for item in properties.split(",") if properties else []:
        if "=" not in item:
            return "property without =: " + item
        key, value = item.split("=", 1)
        if key not in KNOWN:
            return "unknown property " + key
        if ESCAPE.search(value) or ":" in value:
            return "property %s has an unescaped character" % key
        if key in NUMERIC and not re.fullmatch(r"[1-9][0-9]*", value):
            return "property %s is not a positive integer" % key
        seen[key] = value
    if "file" not in seen or "line" not in seen:
        return "no file/line"
    if "endLine" in seen and int(seen["endLine"]) < int(seen["line"]):
        return "endLine before line"
    return None


def main():
    lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    bad = 0
    for number, line in enumerate(lines, 1):
        why = check(line)
        if why:
            print("line %d: %s: %s" % (number, why, line))
            bad += 1
    print("%d annotations, %d invalid" % (len(lines), bad))
    return 1 if bad or not lines else 0


if __name__ == "__main__":
    sys.exit(main())
