import { describe, expect, it } from 'vitest';
import { ChromiumUnavailableError } from './rasterizer.js';
import { NoSuchDiagramError, UnrenderableError } from './render-job.js';
import { RenderTimeoutError, RenderUnavailableError, type RenderQueue } from './render-queue.js';
import { drawWithQueue, visualizeWithQueue } from './render-with-queue.js';

const failing = (error: unknown): RenderQueue => ({
  render: async () => {
    throw error;
  },
  close: async () => undefined,
});

const REQUEST = { ontologyId: '0190c000-0000-7000-8000-000000000001', commitHash: `sha256:${'0'.repeat(64)}`, output: 'svg' as const };

describe('drawWithQueue', () => {
  it('when the queue renders then the picture and its scale come back', async () => {
    const queue: RenderQueue = {
      render: async () => ({ svg: '<svg/>', pngBase64: 'cG5n', width: 1, height: 1, scale: 0.5, summary: { objectTypes: 0, entityTypes: 0, valueTypes: 0, factTypes: 0, constraints: 0 } }),
      close: async () => undefined,
    };
    expect(await drawWithQueue(queue)(REQUEST)).toEqual({ ok: true, svg: '<svg/>', pngBase64: 'cG5n', scale: 0.5 });
  });

  it.each([
    ['a missing diagram', new NoSuchDiagramError('no diagram "X"; the model has "Main"'), 'no_such_diagram', 'no diagram "X"; the model has "Main"'],
    ['a source that cannot render', new UnrenderableError('not ORM2 XML'), 'unrenderable', 'not ORM2 XML'],
    ['a timeout', new RenderTimeoutError('took too long'), 'timeout', 'took too long'],
    ['an unreachable queue', new RenderUnavailableError('redis is down'), 'unavailable', 'redis is down'],
    ['no browser', new ChromiumUnavailableError('/usr/bin/chromium: not found'), 'unavailable', 'no headless browser is available'],
    ['anything else', new Error('secret internals'), 'unavailable', 'the renderer failed'],
  ])('when the render fails with %s then the reason is %s and its message is fit to show', async (_what, error, reason, message) => {
    expect(await drawWithQueue(failing(error))(REQUEST)).toEqual({ ok: false, reason, message, cause: error });
  });
});

describe('visualizeWithQueue', () => {
  it('when a failure is the source\'s then it reads as unrenderable, and others keep their reason', async () => {
    const visualize = (error: Error) => visualizeWithQueue(failing(error))({ ontologyId: REQUEST.ontologyId, headHash: REQUEST.commitHash });
    expect(await visualize(new NoSuchDiagramError('none'))).toEqual({ ok: false, reason: 'unrenderable', message: 'none' });
    expect(await visualize(new UnrenderableError('bad'))).toEqual({ ok: false, reason: 'unrenderable', message: 'bad' });
    expect(await visualize(new RenderTimeoutError('slow'))).toEqual({ ok: false, reason: 'timeout', message: 'slow' });
  });
});
