export type { Visualization, Visualizer, VisualizeRequest } from '@oms/contracts';
