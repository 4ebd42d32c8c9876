// `StableHLO: Show Type`: the type line of the server's hover at the cursor.

/**
 * The first `name : type` line of a hover's markdown (the server's hover on a
 * value starts with `%0 : tensor<4xf32>` in a code span or block), without
 * backticks; undefined when the hover names no type.
 */
export function typeFromHover(markdown: string): string | undefined {
  for (const raw of markdown.split('\n')) {
    const line = raw.replace(/`/g, '').trim();
    if (/^[%@^][^\s:]* : \S/.test(line)) return line;
  }
  return undefined;
}
