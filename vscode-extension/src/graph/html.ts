// The graph view's HTML: the layout drawn as inline SVG, and a small script
// that posts `{command: 'reveal', id}` when a node is clicked. Pure (no
// VS Code API), so its escaping and its Content-Security-Policy are tested.
import { DataflowGraph } from './protocol';
import { DEFAULT_LAYOUT_OPTIONS, Layout } from './layout';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function cut(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, chars - 1)}…`;
}

/**
 * The page for `graph` placed by `layout`. `nonce` is the only script the
 * policy allows; `cspSource` is the webview's own origin (for styles); no
 * remote content, no inline event handlers.
 */
export function graphHtml(graph: DataflowGraph, layout: Layout, nonce: string, cspSource: string): string {
  const chars = DEFAULT_LAYOUT_OPTIONS.maxChars;
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const edges = layout.edges
    .map((e) => `<line class="edge" x1="${e.x1}" y1="${e.y1}" x2="${e.x2}" y2="${e.y2}" marker-end="url(#arrow)"/>`)
    .join('\n');
  const nodes = layout.nodes
    .map((placed) => {
      const node = byId.get(placed.id)!;
      const kind = node.id.startsWith('arg') ? 'argument' : 'op';
      return [
        `<g class="node ${kind}" data-id="${escapeHtml(node.id)}" tabindex="0">`,
        `<title>${escapeHtml(`${node.label} : ${node.type}`)}</title>`,
        `<rect x="${placed.x}" y="${placed.y}" width="${placed.width}" height="${placed.height}" rx="4"/>`,
        `<text x="${placed.x + 8}" y="${placed.y + 16}" class="label">${escapeHtml(cut(node.label, chars))}</text>`,
        `<text x="${placed.x + 8}" y="${placed.y + 32}" class="type">${escapeHtml(cut(node.type, chars))}</text>`,
        '</g>',
      ].join('');
    })
    .join('\n');
  const note = graph.truncated ? '<p class="note">Large function: only the first nodes are shown.</p>' : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${cspSource}; style-src ${cspSource} 'nonce-${nonce}'; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Dataflow of @${escapeHtml(graph.function)}</title>
<style nonce="${nonce}">
  body { font-family: var(--vscode-editor-font-family, monospace); color: var(--vscode-editor-foreground); }
  .node rect { fill: var(--vscode-editor-background); stroke: var(--vscode-focusBorder, #888); }
  .node.argument rect { stroke-dasharray: 4 2; }
  .node { cursor: pointer; }
  .node:hover rect, .node:focus rect { stroke-width: 2; }
  .label { font-size: 12px; font-weight: bold; fill: currentColor; }
  .type { font-size: 11px; fill: var(--vscode-descriptionForeground, currentColor); }
  .edge { stroke: var(--vscode-editorLineNumber-foreground, #888); }
  #arrow path { fill: var(--vscode-editorLineNumber-foreground, #888); }
</style>
</head>
<body>
<h3>@${escapeHtml(graph.function)}</h3>
${note}
<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M 0 0 L 10 5 L 0 10 z"/></marker></defs>
${edges}
${nodes}
</svg>
<script nonce="${nonce}">
  const vscode = acquireVsCodeApi();
  const reveal = (event) => {
    const node = event.target.closest('.node');
    if (node) vscode.postMessage({ command: 'reveal', id: node.getAttribute('data-id') });
  };
  document.addEventListener('click', reveal);
  document.addEventListener('keydown', (event) => { if (event.key === 'Enter') reveal(event); });
</script>
</body>
</html>
`;
}
