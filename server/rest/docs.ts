/**
 * The API reference page at /api/docs: Swagger UI (swagger-ui-dist, its self-contained bundle) over /api/openapi.json.
 * Everything loads from this server, with no inline script, so the app's CSP (script-src 'self') holds and it works offline.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { Router } from 'express';
import { M } from '../../shared/messages';

const assetDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** Only the two files the page needs; not the package's demo index.html and Petstore initializer. */
const ASSETS = new Set(['swagger-ui-bundle.js', 'swagger-ui.css']);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(M.api.docsTitle)}</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// validatorUrl: null keeps Swagger UI from sending the document to its public validator.
const init = `SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  defaultModelsExpandDepth: 0,
});
`;

export function docsRouter() {
  const docs = Router();
  docs.get('/api/docs', (_req, res) => {
    res.type('html').setHeader('Cache-Control', 'no-cache');
    res.send(page);
  });
  docs.get('/api/docs/init.js', (_req, res) => {
    res.type('js').setHeader('Cache-Control', 'no-cache');
    res.send(init);
  });
  docs.get('/api/docs/assets/:file', (req, res, next) => {
    if (!ASSETS.has(req.params.file)) return next();
    // The library's own files, not private data (the API paths' no-store does not apply to them).
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.sendFile(path.join(assetDir, req.params.file), { cacheControl: false });
  });
  return docs;
}
