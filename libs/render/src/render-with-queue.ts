// What the service's callers get from a render queue: the picture, or the reason there is none
// (never an exception for expected failures). REST diagrams (drawWithQueue) and the
// visualize_ontology tool (visualizeWithQueue) read failures the same way, here.
import type { DiagramDrawer, RenderFailureReason, Visualizer } from '@oms/contracts';
import { ChromiumUnavailableError } from './rasterizer.js';
import { NoSuchDiagramError, UnrenderableError } from './render-job.js';
import { DEFAULT_TIMEOUT_MS, RenderTimeoutError, RenderUnavailableError, type RenderQueue } from './render-queue.js';

type RenderFailure = { reason: RenderFailureReason; message: string; cause: unknown };

/** Why a render failed, in words fit for the caller (an unexpected error's own message stays on the server). */
function failureOf(error: unknown): RenderFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof NoSuchDiagramError) return { reason: 'no_such_diagram', message, cause: error };
  if (error instanceof UnrenderableError) return { reason: 'unrenderable', message, cause: error };
  if (error instanceof RenderTimeoutError) return { reason: 'timeout', message, cause: error };
  if (error instanceof RenderUnavailableError) return { reason: 'unavailable', message, cause: error };
  if (error instanceof ChromiumUnavailableError) return { reason: 'unavailable', message: 'no headless browser is available', cause: error };
  return { reason: 'unavailable', message: 'the renderer failed', cause: error };
}

export function drawWithQueue(queue: RenderQueue, timeoutMs = DEFAULT_TIMEOUT_MS): DiagramDrawer {
  return async (request) => {
    try {
      const out = await queue.render(request, { timeoutMs });
      return { ok: true, svg: out.svg, pngBase64: out.pngBase64, scale: out.scale };
    } catch (error) {
      return { ok: false, ...failureOf(error) };
    }
  };
}

export function visualizeWithQueue(queue: RenderQueue, timeoutMs = DEFAULT_TIMEOUT_MS): Visualizer {
  return async ({ ontologyId, headHash }) => {
    try {
      const out = await queue.render({ ontologyId, commitHash: headHash, output: 'png' }, { timeoutMs });
      return { ok: true, pngBase64: out.pngBase64 ?? '', width: out.width, height: out.height, scale: out.scale, summary: out.summary };
    } catch (error) {
      const { reason, message } = failureOf(error);
      // Only a render that names a diagram can miss one; the head's first always exists.
      return { ok: false, reason: reason === 'no_such_diagram' ? 'unrenderable' : reason, message };
    }
  };
}
