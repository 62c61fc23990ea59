// render-scale: renders per second with two render workers against one. It needs the cluster
// (BullMQ and worker processes); the embedded target renders in its own process.
export default {
  name: 'render-scale',
  unit: 'renders/s',
  goal: '>= 1.5',
  baseline: 'one render worker',
  skip: 'needs --target cluster (render workers behind BullMQ); not measured against the embedded service',
};
