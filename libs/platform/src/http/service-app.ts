import type { Express } from 'express';

/**
 * What every app factory (`createApp`) returns: the express app to listen with, a promise that
 * settles when the app can serve (main waits for it before it says so), and `close`, which
 * releases what the factory itself started (workers, a browser); main closes what main made.
 */
export type ServiceApp = { app: Express; ready: Promise<void>; close(): Promise<void> };
