// What the REST routes need: the service context, this app's own config, and the memory budget
// of answers still being written (an HTTP concern, so it lives here, not in the service).
import { createServiceContext, type ServiceContext, type ServiceDeps } from '@oms/ontology-service';
import type { RenderQueue } from '@oms/render';
import type { AppConfig } from './config.js';
import { createResponseBudget, type ResponseBudget } from './http/response-budget.js';

export type RestContext = ServiceContext & {
  config: AppConfig;
  /** Memory pinned by answers still being written (downloads, streamed lists), per user and in total. */
  responseBudget: ResponseBudget;
};

export type AppDeps = Omit<ServiceDeps, 'config'> & {
  config: AppConfig;
  /** Where renders go; without one they run in this process. */
  renderQueue?: RenderQueue;
  /** Test only: how the authorization server fetches Client ID Metadata Documents. */
  metadataFetch?: typeof fetch;
};

/** 64 MB per user and 512 MB in all of memory pinned by answers not yet taken by their clients. */
const RESPONSE_BUDGET = { perKeyBytes: 64 * 1024 * 1024, totalBytes: 512 * 1024 * 1024, retryAfterSeconds: 5 };

export function createRestContext(deps: AppDeps): RestContext {
  return { ...createServiceContext(deps), config: deps.config, responseBudget: createResponseBudget(RESPONSE_BUDGET) };
}
