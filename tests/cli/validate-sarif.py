#!/usr/bin/env python3
"""Validates a SARIF log against the official SARIF 2.1.0 JSON schema.

Usage: validate-sarif.py SCHEMA LOG
Uses python3-jsonschema (Debian), with the validator class the schema's
`$schema` names (draft-04 for SARIF 2.1.0). Beyond the schema, checks what
GitHub code scanning needs: every result's ruleId among the driver's rules,
ruleIndex pointing at it, and regions with 1-based lines.
Exit status: 0 valid, 1 invalid (each error printed), 2 usage.
"""
import json
import sys

import jsonschema


def version():
    try:
        from importlib.metadata import version as package_version
        return package_version("jsonschema")
    except Exception:  # Not installed as a distribution: the module still works.
        return "?"


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    with open(sys.argv[2], encoding="utf-8") as f:
        log = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    errors = sorted(validator_class(schema).iter_errors(log), key=lambda e: list(e.path))
    for error in errors:
        print("schema: %s: %s" % ("/".join(str(p) for p in error.path), error.message))
    problems = len(errors)
    for run in log.get("runs", []):
        rules = run["tool"]["driver"].get("rules", [])
        ids = [rule["id"] for rule in rules]
        for result in run.get("results", []):
            index = result.get("ruleIndex")
            if result["ruleId"] not in ids or index is None or ids[index] != result["ruleId"]:
                print("result %s: ruleId/ruleIndex do not name a rule" % result["ruleId"])
                problems += 1
            for location in result.get("locations", []):
                region = location["physicalLocation"]["region"]
                if region["startLine"] < 1 or region["startColumn"] < 1:
                    print("result %s: region not 1-based" % result["ruleId"])
                    problems += 1
    print("%s: %d results, %d rules, %d problems (jsonschema %s, %s)" % (
        sys.argv[2], sum(len(r.get("results", [])) for r in log.get("runs", [])),
        sum(len(r["tool"]["driver"].get("rules", [])) for r in log.get("runs", [])), problems,
        version(), validator_class.__name__))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
