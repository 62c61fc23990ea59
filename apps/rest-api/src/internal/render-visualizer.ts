// Connects the render queue to visualize_ontology and to the REST diagram endpoints.
import type { Database } from '@oms/db';
import type { Visualizer } from '@oms/mcp-server';
import { ChromiumUnavailableError, RenderTimeoutError, UnrenderableError, type RenderQueue, type SourceLoader } from '@oms/render';

export function sourceLoader(db: Database): SourceLoader {
  return async (ontologyId, commitHash) => {
    const commit = await db.prisma.commit.findFirst({ where: { ontologyId, commitHash }, select: { source: true } });
    return commit?.source ?? null;
  };
}

export function queueVisualizer(queue: RenderQueue): Visualizer {
  return async ({ ontologyId, headHash }) => {
    try {
      const out = await queue.render({ ontologyId, commitHash: headHash, output: 'png' }, { timeoutMs: 60_000 });
      return { ok: true, pngBase64: out.pngBase64 ?? '', width: out.width, height: out.height, scale: out.scale, summary: out.summary };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof UnrenderableError) return { ok: false, reason: 'unrenderable', message };
      if (error instanceof RenderTimeoutError) return { ok: false, reason: 'timeout', message };
      if (error instanceof ChromiumUnavailableError || /chromium|browser/i.test(message)) return { ok: false, reason: 'unavailable', message: 'no headless browser is available' };
      return { ok: false, reason: 'unavailable', message: 'the renderer failed' };
    }
  };
}
