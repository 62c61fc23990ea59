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
