// ELK's layered algorithm, called synchronously. elkjs only offers a promise API, but in
// Node its bundled "fake worker" dispatches in the same call stack; talking to that
// dispatcher directly keeps layoutDiagram synchronous and deterministic (fixed seed). The
// typed bundle is imported (no ambient declarations), so any project compiling this
// source type-checks it; under nodenext its CommonJS default export is `.default`.
import ElkBundle from 'elkjs/lib/elk.bundled.js';

export type GraphNode = { id: string; width: number; height: number };
export type GraphEdge = { id: string; source: string; target: string };
export type Positions = Map<string, { x: number; y: number }>;

type LaidOutNode = { id: string; x?: number; y?: number };

const OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.randomSeed': '1',
  'elk.spacing.nodeNode': '24',
  'elk.layered.spacing.nodeNodeBetweenLayers': '40',
  'elk.spacing.componentComponent': '40',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
};

type Reply = { id: number; data?: unknown; error?: unknown };
/** The internals of elkjs's in-process worker that this module relies on. */
type FakeWorker = { dispatcher: { saveDispatch(event: { data: Record<string, unknown> }): void }; onmessage: (message: { data: Reply }) => void };

let worker: FakeWorker | undefined;
let reply: Reply | undefined;

function dispatch(data: Record<string, unknown>): { data?: unknown; error?: unknown } {
  if (!worker) {
    const elk = new ElkBundle.default({ algorithms: ['layered'] }) as unknown as { worker?: { worker?: FakeWorker } };
    const inProcess = elk.worker?.worker;
    if (!inProcess?.dispatcher) return { error: new Error('this elkjs version has no in-process worker') };
    worker = inProcess;
    // Answers now come here, synchronously, instead of to elkjs's promise wrapper.
    worker.onmessage = (message) => {
      reply = message.data;
    };
    worker.dispatcher.saveDispatch({ data: { id: 0, cmd: 'register', algorithms: ['layered'] } });
  }
  reply = undefined;
  worker.dispatcher.saveDispatch({ data: { id: 1, ...data } });
  return reply ?? { error: new Error('ELK did not answer synchronously') };
}

/** Top-left positions of the nodes, or undefined when ELK fails (the caller falls back to a grid). */
export function layeredLayout(nodes: GraphNode[], edges: GraphEdge[], extra: Record<string, string> = {}): Positions | undefined {
  const known = new Set(nodes.map((node) => node.id));
  const graph = {
    id: 'root',
    layoutOptions: { ...OPTIONS, ...extra },
    children: nodes.map((node) => ({ ...node })),
    edges: edges.filter((edge) => known.has(edge.source) && known.has(edge.target)).map((edge) => ({ id: edge.id, sources: [edge.source], targets: [edge.target] })),
  };
  const answer = dispatch({ cmd: 'layout', graph, layoutOptions: {}, options: {} });
  const children = (answer.data as { children?: LaidOutNode[] } | undefined)?.children;
  if (answer.error !== undefined || !children) return undefined;
  const positions: Positions = new Map();
  for (const child of children) positions.set(child.id, { x: child.x ?? 0, y: child.y ?? 0 });
  return positions;
}
