// One render: an ORM2 source at a commit to SVG (libs/orm) and PNG (Chromium). The same
// function runs in the embedded process and in render-worker processes.
import { z } from 'zod';
import { layoutDiagram, OrmParseError, parseOrm, renderSvg, summarize, UnknownDiagramError, type OrmSummary } from '@oms/orm';
import { MAX_DIAGRAM_NUMBER } from '@oms/contracts';
import type { Rasterizer } from './rasterizer.js';

export const RenderJobPayload = z.strictObject({
  ontologyId: z.uuid(),
  commitHash: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  output: z.enum(['png', 'svg']).default('png'),
  diagram: z.union([z.string().min(1).max(200), z.number().int().min(0).max(MAX_DIAGRAM_NUMBER)]).optional(),
});
export type RenderJobPayload = z.input<typeof RenderJobPayload>;

export type RenderOutput = {
  svg: string;
  pngBase64?: string;
  width: number;
  height: number;
  /** 1 unless a large model was scaled down to the pixel cap. */
  scale: number;
  summary: OrmSummary;
};

/** A source that can never render (not ORM2, no such commit): retrying will not help. */
export class UnrenderableError extends Error {}

/** The model has no diagram by the name or number asked for (the message lists what it has). */
export class NoSuchDiagramError extends UnrenderableError {}

export type SourceLoader = (ontologyId: string, commitHash: string) => Promise<string | null>;

export function renderKey(payload: z.output<typeof RenderJobPayload>): string {
  return `${payload.commitHash}:${payload.output}:${payload.diagram ?? 'first'}`;
}

/**
 * Source to SVG. Parsing, layout and drawing are pure and deterministic: whatever they throw
 * would be thrown again on every retry, so any failure there is the source's, answered as
 * unrenderable (422), never as a server error. An unexpected exception's own text is internal
 * (a property name, a stack): it stays in `cause`, and the answer says what failed in words.
 */
function draw(source: string, diagram: string | number | undefined) {
  let model;
  try {
    model = parseOrm(source);
  } catch (error) {
    if (error instanceof OrmParseError) throw new UnrenderableError(`the ORM source does not parse: ${error.message}`);
    throw new UnrenderableError('the ORM source could not be read as an ORM2 model', { cause: error });
  }
  try {
    return { model, drawn: renderSvg(layoutDiagram(model, diagram === undefined ? {} : { diagram })) };
  } catch (error) {
    // The layout's answer to a diagram the model does not have.
    if (error instanceof UnknownDiagramError) throw new NoSuchDiagramError(error.message);
    throw new UnrenderableError('this ORM model could not be drawn: it holds a structure the renderer does not handle', { cause: error });
  }
}

export async function runRenderJob(
  input: unknown,
  deps: { loadSource: SourceLoader; rasterizer: Rasterizer },
): Promise<RenderOutput> {
  const parsed = RenderJobPayload.safeParse(input);
  if (!parsed.success) throw new UnrenderableError(`bad render job: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  const payload = parsed.data;
  const source = await deps.loadSource(payload.ontologyId, payload.commitHash);
  if (source === null) throw new UnrenderableError('no such commit of this ontology');
  const { model, drawn } = draw(source, payload.diagram);
  const result: RenderOutput = { svg: drawn.svg, width: drawn.width, height: drawn.height, scale: 1, summary: summarize(model) };
  if (payload.output === 'svg') return result;
  const raster = await deps.rasterizer.toPng(drawn.svg, { width: drawn.width, height: drawn.height });
  return { ...result, pngBase64: raster.png.toString('base64'), width: raster.width, height: raster.height, scale: raster.scale };
}
