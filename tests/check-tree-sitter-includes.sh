#!/usr/bin/env bash
# Only semantic/syntax/ (and the grammar itself, and the fuzz targets) may
# include tree-sitter's headers: every other layer reads the syntax tree
# through syntax::Node, syntax::Query and syntax::SyntaxTree (issue 10).
# Usage: check-tree-sitter-includes.sh [SOURCE_ROOT]
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
cd "$root"
offenders=$(grep -rlE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]tree_sitter/' \
  --include='*.h' --include='*.hpp' --include='*.cpp' --include='*.cc' --include='*.c' --include='*.in' --include='*.inc' \
  --exclude-dir=build --exclude-dir='build-*' --exclude-dir=.git --exclude-dir=node_modules . |
  sed 's|^\./||' | grep -vE '^(semantic/syntax/|grammar/|tests/fuzz/)' || true)
if [[ -n "$offenders" ]]; then
  echo "tree-sitter included outside semantic/syntax/:"
  echo "$offenders"
  exit 1
fi
# syntax/Node.h includes tree-sitter for inlining: its types and functions
# must still not be named elsewhere.
uses=$(grep -rnE '\bts_[a-z_]+\(|\bTS(Node|Tree|TreeCursor|Parser|InputEdit|Point|Range|Query[A-Za-z]*|FieldId|Symbol|Language)\b' \
  --include='*.h' --include='*.hpp' --include='*.cpp' --include='*.cc' --include='*.in' \
  --exclude-dir=build --exclude-dir='build-*' --exclude-dir=.git --exclude-dir=node_modules . |
  sed 's|^\./||' | grep -vE '^(semantic/syntax/|grammar/|tests/fuzz/)' || true)
if [[ -n "$uses" ]]; then
  echo "tree-sitter's API used outside semantic/syntax/:"
  echo "$uses"
  exit 1
fi
echo "tree-sitter headers are included only in semantic/syntax/"
