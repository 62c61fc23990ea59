// The OpenAPI document and a readable reference page (Swagger UI from its npm package:
// every asset is served from here, nothing from a CDN).
import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router } from 'express';
import { buildOpenApiDocument } from '@oms/contracts';

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ontology Management Service: REST API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#reference', deepLinking: true, tryItOutEnabled: false });\n`;

export function docsRoutes(baseUrl: string): Router {
  const document = JSON.stringify(buildOpenApiDocument(baseUrl));
  const router = Router();
  router.get('/api/v1/openapi.json', (_req, res) => {
    res.type('application/json').send(document);
  });
  router.get('/api/docs', (_req, res) => {
    res.setHeader('Content-Security-Policy', "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'");
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.type('html').send(PAGE);
  });
  router.get('/api/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(INIT);
  });
  router.use('/api/docs/assets', express.static(swaggerDir, { index: false, maxAge: '1d' }));
  return router;
}
