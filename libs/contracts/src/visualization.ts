// What visualize_ontology gets from the rendering pipeline, however it is deployed.
export type VisualizeRequest = { ontologyId: string; headHash: string };

export type Visualization =
  | {
      ok: true;
      pngBase64: string;
      width: number;
      height: number;
      scale: number;
      summary: { objectTypes: number; entityTypes: number; valueTypes: number; factTypes: number; constraints: number };
    }
  | { ok: false; reason: 'unrenderable' | 'unavailable' | 'timeout'; message: string };

export type Visualizer = (request: VisualizeRequest) => Promise<Visualization>;

/** One diagram of an ORM model at a commit (REST diagram.svg|png): by name, or number from 0. */
export type DiagramRequest = { ontologyId: string; commitHash: string; output: 'svg' | 'png'; diagram?: string | number };

/** Why a render gave no picture; `no_such_diagram` and `unrenderable` are the source's fault. */
export type RenderFailureReason = 'no_such_diagram' | 'unrenderable' | 'timeout' | 'unavailable';

export type DiagramOutcome =
  | { ok: true; svg: string; pngBase64?: string | undefined; scale: number }
  | { ok: false; reason: RenderFailureReason; message: string; cause: unknown };

/** Where diagrams are drawn (a render queue, in this process or in render workers). */
export type DiagramDrawer = (request: DiagramRequest) => Promise<DiagramOutcome>;
