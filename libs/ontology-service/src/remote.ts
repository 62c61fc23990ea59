// '@oms/ontology-service/remote': the service reached over HTTP, for processes that run no use
// case themselves (the MCP gateway). Light on purpose: contracts and the tRPC client only.
export { remoteServiceFactory } from './remote/remote-service.js';
