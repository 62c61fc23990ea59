#!/usr/bin/env node
// `npm run bench`: install what is missing (as `npm start` and `npm test` do), then run the
// bench (tools/bench/run.mjs, which builds the target's apps unless --no-build). The bench is
// imported only after the install: its modules need pg and the built workspace.
import { ensureReady } from './ensure-ready.mjs';

ensureReady();
await import('../bench/run.mjs');
