export { remoteServiceFactory } from './remote-service.js';
