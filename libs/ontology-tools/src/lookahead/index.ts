// @oms/ontology-tools/lookahead: the streaming pieces shared by the streamed text diff and the
// source store's line delta (a light entry point: nothing else of the lib is loaded).
export { latin1LineBatches } from './latin1-lines.js';
export { LookaheadWindow } from './lookahead-window.js';
export { nearestResync, type LineLookahead, type ResyncOptions } from './resync.js';
