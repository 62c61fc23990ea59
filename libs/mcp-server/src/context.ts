import type { ServiceApi } from '@oms/contracts';

/** What tools need: the service, already bound to the acting user. */
export type ToolContext = { service: ServiceApi };
