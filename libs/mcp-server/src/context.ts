import type { ServiceApi } from '@oms/contracts';
import type { Visualizer } from './visualizer.js';

/** What tools need: the service, already bound to the acting user, and (when rendering is set up) a visualizer. */
export type ToolContext = { service: ServiceApi; visualize?: Visualizer };
