// render-warm: ORM rendering is not built yet, so the case is listed as skipped.
export default {
  name: 'render-warm',
  unit: 'ms',
  goal: 'n/a',
  baseline: 'not defined until rendering exists',
  skip: 'rendering not available yet',
};
