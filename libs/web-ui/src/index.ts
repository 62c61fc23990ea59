export { createWebRouter, type WebRouterOptions } from './create-web-router.js';
