// The `shlo/dataflowGraph` request the server offers under
// `capabilities.experimental.dataflowGraph` (lsp/GraphHandlers.cpp).

export const DATAFLOW_GRAPH_METHOD = 'shlo/dataflowGraph';

export interface LspPosition {
  line: number;
  character: number;
}

export interface LspRange {
  start: LspPosition;
  end: LspPosition;
}

/** An argument of the function (`id` `argN`) or an op of its body (`opN`). */
export interface GraphNode {
  id: string;
  /** The argument's name or the op's name. */
  label: string;
  /** The argument's type or the op's result types, comma-separated. */
  type: string;
  range: LspRange;
}

/** Operand `operandIndex` of `to` is a value `from` defines. */
export interface GraphEdge {
  from: string;
  to: string;
  operandIndex: number;
}

export interface DataflowGraph {
  function: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** The server kept only the first nodes of a large function. */
  truncated?: boolean;
}

/** Whether initialize's capabilities offer the request. */
export function offersDataflowGraph(capabilities: unknown): boolean {
  const experimental = (capabilities as { experimental?: { dataflowGraph?: unknown } } | undefined)?.experimental;
  return experimental?.dataflowGraph === true;
}
