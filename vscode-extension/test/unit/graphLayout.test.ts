import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { graphHtml, escapeHtml } from '../../src/graph/html';
import { DEFAULT_LAYOUT_OPTIONS, assignLayers, layoutGraph, nodeChars } from '../../src/graph/layout';
import { DATAFLOW_GRAPH_CONTEXT } from '../../src/graph/panel';
import { DataflowGraph, offersDataflowGraph } from '../../src/graph/protocol';

const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
const node = (id: string, label: string, type = 'tensor<2xf32>') => ({ id, label, type, range });

// %arg0, %arg1 -> add -> multiply(add, %arg0) -> return
const graph: DataflowGraph = {
  function: 'main',
  nodes: [node('arg0', '%arg0'), node('arg1', '%arg1'), node('op0', 'stablehlo.add'), node('op1', 'stablehlo.multiply'), node('op2', 'func.return', '')],
  edges: [
    { from: 'arg0', to: 'op0', operandIndex: 0 },
    { from: 'arg1', to: 'op0', operandIndex: 1 },
    { from: 'op0', to: 'op1', operandIndex: 0 },
    { from: 'arg0', to: 'op1', operandIndex: 1 },
    { from: 'op1', to: 'op2', operandIndex: 0 },
  ],
};

describe('dataflow graph layout', () => {
  it('puts each node one layer below its deepest producer', () => {
    const layers = assignLayers(graph);
    assert.deepStrictEqual(Object.fromEntries(layers), { arg0: 0, arg1: 0, op0: 1, op1: 2, op2: 3 });
  });

  it('ignores edges from later or unknown nodes, so a cycle still lays out', () => {
    const layers = assignLayers({
      nodes: [node('a', 'a'), node('b', 'b')],
      edges: [
        { from: 'a', to: 'b' },
        { from: 'b', to: 'a' },
        { from: 'ghost', to: 'b' },
      ],
    });
    assert.deepStrictEqual(Object.fromEntries(layers), { a: 0, b: 1 });
  });

  it('places layers top to bottom without overlaps, edges from bottom to top', () => {
    const o = DEFAULT_LAYOUT_OPTIONS;
    const layout = layoutGraph(graph);
    assert.deepStrictEqual(layout.nodes.map((n) => n.id), graph.nodes.map((n) => n.id));
    for (const placed of layout.nodes) {
      assert.strictEqual(placed.y, o.margin + placed.layer * (o.nodeHeight + o.verticalGap));
      assert.ok(placed.x + placed.width <= layout.width - o.margin, placed.id);
      assert.ok(placed.y + placed.height <= layout.height - o.margin, placed.id);
    }
    const [arg0, arg1] = layout.nodes;
    assert.strictEqual(arg1.x, arg0.x + arg0.width + o.horizontalGap);
    assert.strictEqual(layout.height, 2 * o.margin + 4 * o.nodeHeight + 3 * o.verticalGap);
    assert.strictEqual(layout.edges.length, graph.edges.length);
    const multiply = layout.nodes[3];
    const edge = layout.edges.find((e) => e.from === 'op0' && e.to === 'op1')!;
    assert.strictEqual(edge.y2, multiply.y);
    assert.strictEqual(edge.x2, multiply.x + multiply.width / 2);
    assert.strictEqual(edge.y1, layout.nodes[2].y + o.nodeHeight);
  });

  it('orders a layer by its producers\' positions', () => {
    // c uses b, d uses a: in text order c comes first, but d sits under a.
    const layout = layoutGraph({
      nodes: [node('a', 'a'), node('b', 'b'), node('c', 'c'), node('d', 'd')],
      edges: [
        { from: 'b', to: 'c' },
        { from: 'a', to: 'd' },
      ],
    });
    const [, , c, d] = layout.nodes;
    assert.strictEqual(c.layer, 1);
    assert.ok(d.x < c.x, `${d.x} < ${c.x}`);
  });

  it('sizes nodes by their text, capped', () => {
    assert.strictEqual(nodeChars({ label: 'stablehlo.add', type: 'tensor<2xf32>' }, 40), 13);
    assert.strictEqual(nodeChars({ label: 'x', type: 'tensor<' + '8x'.repeat(50) + 'f32>' }, 40), 40);
    assert.deepStrictEqual(layoutGraph({ nodes: [], edges: [] }), { nodes: [], edges: [], width: 32, height: 32 });
  });
});

describe('dataflow graph view', () => {
  it('has a strict Content-Security-Policy and escapes the text', () => {
    const evil = { ...graph, function: '<script>x</script>', nodes: graph.nodes.map((n) => ({ ...n, type: '"<b>' })) };
    const html = graphHtml(evil, layoutGraph(evil), 'NONCE', 'vscode-resource:');
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)![1];
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-NONCE'/);
    assert.doesNotMatch(csp, /unsafe-inline|https?:/);
    assert.ok(!html.includes('<script>x'), 'function name escaped');
    assert.ok(html.includes('&quot;&lt;b&gt;'), 'types escaped');
    for (const script of html.match(/<script[^>]*>/g)!) assert.strictEqual(script, '<script nonce="NONCE">');
    assert.strictEqual((html.match(/<g class="node/g) ?? []).length, graph.nodes.length);
    assert.strictEqual((html.match(/<line class="edge"/g) ?? []).length, graph.edges.length);
    assert.doesNotMatch(html, /\son[a-z]+=/, 'no inline event handlers');
    assert.strictEqual(escapeHtml(`a&'`), 'a&amp;&#39;');
  });

  it('reads the capability and is contributed only when the server offers it', () => {
    assert.strictEqual(offersDataflowGraph({ experimental: { dataflowGraph: true } }), true);
    assert.strictEqual(offersDataflowGraph({ experimental: {} }), false);
    assert.strictEqual(offersDataflowGraph(undefined), false);
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
    const command = manifest.contributes.commands.find((c: { command: string }) => c.command === 'shlo.showDataflowGraph');
    assert.strictEqual(command.enablement, DATAFLOW_GRAPH_CONTEXT);
    const menu = manifest.contributes.menus.commandPalette.find((c: { command: string }) => c.command === 'shlo.showDataflowGraph');
    assert.match(menu.when, new RegExp(DATAFLOW_GRAPH_CONTEXT.replace('.', '\\.')));
  });
});
