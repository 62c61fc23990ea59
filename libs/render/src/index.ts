export { createRasterizer, findChromium, ChromiumUnavailableError, CHROMIUM_ARGS, MAX_PIXELS, type Rasterizer } from './rasterizer.js';
export { RenderJobPayload, runRenderJob, renderKey, UnrenderableError, type RenderOutput, type SourceLoader } from './render-job.js';
export { bullmqRenderQueue, inProcessRenderQueue, redisConnectionOptions, RenderTimeoutError, RENDER_QUEUE, type RenderQueue } from './render-queue.js';
export { visualizeWithQueue } from './visualize-with-queue.js';
