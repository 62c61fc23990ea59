// The answer visualize_ontology needs, from a render queue: a PNG and a summary, or the
// reason it could not be drawn (never an exception for expected failures).
import type { Visualizer } from '@oms/contracts';
import { ChromiumUnavailableError } from './rasterizer.js';
import { UnrenderableError } from './render-job.js';
import { RenderTimeoutError, RenderUnavailableError, type RenderQueue } from './render-queue.js';

export function visualizeWithQueue(queue: RenderQueue, timeoutMs = 60_000): Visualizer {
  return async ({ ontologyId, headHash }) => {
    try {
      const out = await queue.render({ ontologyId, commitHash: headHash, output: 'png' }, { timeoutMs });
      return { ok: true, pngBase64: out.pngBase64 ?? '', width: out.width, height: out.height, scale: out.scale, summary: out.summary };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof UnrenderableError) return { ok: false, reason: 'unrenderable', message };
      if (error instanceof RenderTimeoutError) return { ok: false, reason: 'timeout', message };
      if (error instanceof RenderUnavailableError) return { ok: false, reason: 'unavailable', message };
      if (error instanceof ChromiumUnavailableError) return { ok: false, reason: 'unavailable', message: 'no headless browser is available' };
      return { ok: false, reason: 'unavailable', message: 'the renderer failed' };
    }
  };
}
