// A layered layout of a dataflow graph, in the spirit of Sugiyama's: each
// node sits one layer below its deepest producer (longest path from the
// arguments), nodes of a layer are ordered by the mean position of their
// producers (one barycentre pass, to cut edge crossings), and edges are
// straight lines from a producer's bottom to a user's top. Pure, so it is
// tested without VS Code. Units are SVG pixels.

export interface LayoutInput {
  nodes: { id: string; label: string; type: string }[];
  edges: { from: string; to: string }[];
}

export interface PlacedNode {
  id: string;
  layer: number;
  /** Top-left corner and size. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedEdge {
  from: string;
  to: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Layout {
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  width: number;
  height: number;
}

export interface LayoutOptions {
  /** Width of one character of the node's text. */
  charWidth: number;
  /** Widest text shown, in characters (longer types are cut by the view). */
  maxChars: number;
  nodeHeight: number;
  horizontalGap: number;
  verticalGap: number;
  margin: number;
}

export const DEFAULT_LAYOUT_OPTIONS: LayoutOptions = {
  charWidth: 7,
  maxChars: 40,
  nodeHeight: 40,
  horizontalGap: 24,
  verticalGap: 36,
  margin: 16,
};

/**
 * The layer of each node: 0 for a node without producers, else one more
 * than its deepest producer. Edges to or from unknown ids, and edges whose
 * producer comes later in `nodes` (which SSA within one block never makes,
 * but a cycle would), are ignored, so the result is always defined.
 */
export function assignLayers(input: LayoutInput): Map<string, number> {
  const producers = new Map<string, string[]>();
  for (const edge of input.edges) {
    const list = producers.get(edge.to) ?? [];
    list.push(edge.from);
    producers.set(edge.to, list);
  }
  const layers = new Map<string, number>();
  for (const node of input.nodes) {
    let layer = 0;
    for (const from of producers.get(node.id) ?? []) {
      const above = layers.get(from);
      if (above !== undefined) layer = Math.max(layer, above + 1);
    }
    layers.set(node.id, layer);
  }
  return layers;
}

/** The characters a node's box must hold: its label or its type, capped. */
export function nodeChars(node: { label: string; type: string }, maxChars: number): number {
  return Math.min(maxChars, Math.max(node.label.length, node.type.length, 4));
}

export function layoutGraph(input: LayoutInput, options: LayoutOptions = DEFAULT_LAYOUT_OPTIONS): Layout {
  const layers = assignLayers(input);
  const byLayer: { id: string; width: number; order: number }[][] = [];
  input.nodes.forEach((node, index) => {
    const layer = layers.get(node.id)!;
    while (byLayer.length <= layer) byLayer.push([]);
    byLayer[layer].push({ id: node.id, width: nodeChars(node, options.maxChars) * options.charWidth + 16, order: index });
  });

  const producers = new Map<string, string[]>();
  for (const edge of input.edges) producers.set(edge.to, [...(producers.get(edge.to) ?? []), edge.from]);
  const centreX = new Map<string, number>();
  const placed = new Map<string, PlacedNode>();
  let width = 0;
  byLayer.forEach((row, layer) => {
    if (layer > 0) {
      // Barycentre of the producers' centres; a node without placed
      // producers keeps its text order at the end of the row.
      const key = (entry: { id: string; order: number }): number => {
        const xs = (producers.get(entry.id) ?? []).map((from) => centreX.get(from)).filter((x): x is number => x !== undefined);
        return xs.length === 0 ? Number.MAX_SAFE_INTEGER : xs.reduce((a, b) => a + b, 0) / xs.length;
      };
      row.sort((a, b) => key(a) - key(b) || a.order - b.order);
    }
    let x = options.margin;
    const y = options.margin + layer * (options.nodeHeight + options.verticalGap);
    for (const entry of row) {
      const node: PlacedNode = { id: entry.id, layer, x, y, width: entry.width, height: options.nodeHeight };
      placed.set(entry.id, node);
      centreX.set(entry.id, x + entry.width / 2);
      x += entry.width + options.horizontalGap;
    }
    width = Math.max(width, x - options.horizontalGap + options.margin);
  });

  const edges: PlacedEdge[] = [];
  for (const edge of input.edges) {
    const from = placed.get(edge.from);
    const to = placed.get(edge.to);
    if (from === undefined || to === undefined) continue;
    edges.push({
      from: edge.from,
      to: edge.to,
      x1: from.x + from.width / 2,
      y1: from.y + from.height,
      x2: to.x + to.width / 2,
      y2: to.y,
    });
  }
  const height = byLayer.length === 0 ? 2 * options.margin : options.margin * 2 + byLayer.length * options.nodeHeight + (byLayer.length - 1) * options.verticalGap;
  return {
    nodes: input.nodes.map((node) => placed.get(node.id)!),
    edges,
    width: Math.max(width, 2 * options.margin),
    height,
  };
}
