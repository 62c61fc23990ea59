import { describe, expect, it, vi } from 'vitest';
import { inProcessRenderQueue } from './render-queue.js';
import { NoSuchDiagramError, runRenderJob, UnrenderableError } from './render-job.js';
import type { Rasterizer } from './rasterizer.js';

const ORM = `<?xml version="1.0" encoding="utf-8"?>
<ormRoot:ORM2 xmlns:orm="http://schemas.neumont.edu/ORM/2006-04/ORMCore" xmlns:ormRoot="http://schemas.neumont.edu/ORM/2006-04/ORMRoot">
<orm:ORMModel id="_1" Name="M"><orm:Objects><orm:ValueType id="_2" Name="Name"/></orm:Objects></orm:ORMModel></ormRoot:ORM2>`;
const HASH = `sha256:${'a'.repeat(64)}`;

// Lets a test make the layout fail the way an unforeseen input might.
const failure = vi.hoisted(() => ({ layout: undefined as Error | undefined }));
vi.mock('@oms/orm', async (original) => {
  const orm = await original<typeof import('@oms/orm')>();
  return {
    ...orm,
    layoutDiagram: (...args: Parameters<typeof orm.layoutDiagram>) => {
      if (failure.layout) throw failure.layout;
      return orm.layoutDiagram(...args);
    },
  };
});
const ID = '01a20413-0000-7000-8000-000000000000';

function fakeRasterizer(): Rasterizer & { calls: number } {
  const state = {
    calls: 0,
    toPng: async (_svg: string, size: { width: number; height: number }) => {
      state.calls += 1;
      return { png: Buffer.from('png'), width: size.width, height: size.height, scale: 1 };
    },
    close: async () => undefined,
  };
  return state;
}

describe('render jobs', () => {
  it('when an ORM source renders then SVG, PNG and a summary come back', async () => {
    const out = await runRenderJob({ ontologyId: ID, commitHash: HASH }, { loadSource: async () => ORM, rasterizer: fakeRasterizer() });
    expect(out.svg).toMatch(/^<svg/);
    expect(out.pngBase64).toBe(Buffer.from('png').toString('base64'));
    expect(out.summary.valueTypes).toBe(1);
  });

  it('when the payload is bad, the commit is missing or the source is not ORM2 then it is unrenderable', async () => {
    const deps = { loadSource: async () => null, rasterizer: fakeRasterizer() };
    await expect(runRenderJob({ ontologyId: 'x' }, deps)).rejects.toBeInstanceOf(UnrenderableError);
    await expect(runRenderJob({ ontologyId: ID, commitHash: HASH }, deps)).rejects.toBeInstanceOf(UnrenderableError);
    await expect(runRenderJob({ ontologyId: ID, commitHash: HASH }, { ...deps, loadSource: async () => '<x/>' })).rejects.toBeInstanceOf(UnrenderableError);
  });

  it('when the diagram asked for is not in the model then it is a NoSuchDiagramError naming what the model has', async () => {
    const deps = { loadSource: async () => ORM, rasterizer: fakeRasterizer() };
    const refused = await runRenderJob({ ontologyId: ID, commitHash: HASH, output: 'svg', diagram: 'Nope' }, deps).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NoSuchDiagramError);
    expect(refused).toBeInstanceOf(UnrenderableError);
    expect((refused as Error).message).toMatch(/Nope/);
  });

  it('when drawing a model throws unexpectedly then the job is unrenderable in plain words, without the internal message, not a server error', async () => {
    failure.layout = new TypeError("Cannot read properties of undefined (reading 'box')");
    try {
      const refused = await runRenderJob({ ontologyId: ID, commitHash: HASH }, { loadSource: async () => ORM, rasterizer: fakeRasterizer() }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(UnrenderableError);
      expect((refused as Error).message).toMatch(/could not be drawn: it holds a structure the renderer does not handle/);
      expect((refused as Error).message).not.toMatch(/Cannot read|box/);
      expect((refused as Error).cause).toBe(failure.layout);
    } finally {
      failure.layout = undefined;
    }
  });

  it('when the same commit is rendered twice in process then Chromium runs once', async () => {
    const rasterizer = fakeRasterizer();
    const queue = inProcessRenderQueue({ loadSource: async () => ORM, rasterizer });
    await queue.render({ ontologyId: ID, commitHash: HASH });
    await queue.render({ ontologyId: ID, commitHash: HASH });
    expect(rasterizer.calls).toBe(1);
  });
});
