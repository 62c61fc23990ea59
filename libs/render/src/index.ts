export { createRasterizer, findChromium, ChromiumUnavailableError, CHROMIUM_ARGS, MAX_PIXELS, type Rasterizer } from './rasterizer.js';
export { RenderJobPayload, runRenderJob, renderKey, NoSuchDiagramError, UnrenderableError, type RenderOutput, type SourceLoader } from './render-job.js';
export { inProcessRenderQueue, RenderTimeoutError, RenderUnavailableError, RENDER_QUEUE, type RenderQueue } from './render-queue.js';
export { bullmqRenderQueue, failedJobMessage, redisConnectionOptions, type BullmqRenderQueueOptions } from './bullmq-render-queue.js';
export { drawWithQueue, visualizeWithQueue } from './render-with-queue.js';
export { queueConnected } from './connection-watch.js';
