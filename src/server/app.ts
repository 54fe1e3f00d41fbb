import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE } from '../contract/api';
import { installErrorHandling, refusalHandler } from './http/errors';
import { registerApiRoutes } from './routes';
import { completeDeps, type AppOptions } from './deps';
import { registerDevOutboxPage } from './routes/dev-outbox';
import { resolveKeyEncryptionKeys } from './security/key-encryption';
import { prepareTransportKey } from './security/transport-key';
import { fastifyTrustProxy } from './security/trusted-proxies';

export type App = FastifyInstance;

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const deps = completeDeps(options);
  const { config } = deps;
  // The server's own keys are opened first: one that cannot open them refuses to start (docs/secrets.md).
  const keyEncryption = resolveKeyEncryptionKeys(config);
  await prepareTransportKey(deps.db, keyEncryption);
  const handleRefusal = refusalHandler(deps);
  const app = Fastify({
    logger: config.NODE_ENV === 'test' ? false : { level: config.LOG_LEVEL },
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 2 * 1024 * 1024,
    logController: new LogController({ disableRequestLogging: config.NODE_ENV !== 'development' }),
    // The handler never rejects (a failed audit write is logged), so its promise needs no one waiting on it.
    frameworkErrors: (err, request, reply) => void handleRefusal(err, request, reply),
  });
  if (keyEncryption.note) app.log.warn(keyEncryption.note);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app, deps);

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP },
    crossOriginEmbedderPolicy: false,
    hsts: config.NODE_ENV === 'production',
    frameguard: { action: 'deny' },
  });

  // The API reference is for developers: production does not publish its whole surface to anyone who asks.
  if (config.NODE_ENV !== 'production') {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'MRSS portal API',
          version: '1.0.0',
          description: 'Rental registration and police clearance API',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: false });
  }

  app.get('/healthz', () => ({ status: 'ok' }));
  await registerDevOutboxPage(app, deps);

  await app.register(
    async (api) => {
      // API replies are private and live: never stored. A route that knows better (the public downloads, the
      // same for everyone) sets its own Cache-Control, which is kept.
      api.addHook('onSend', (_req, reply, payload, done) => {
        if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
        done(null, payload);
      });
      await registerApiRoutes(api.withTypeProvider<ZodTypeProvider>(), deps);
    },
    { prefix: API_BASE },
  );

  const webRoot = deps.webRoot ?? path.resolve(import.meta.dirname, '../../dist/web');
  if (existsSync(path.join(webRoot, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each text file (vite.precompress.ts); send the best one accepted.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', cacheControlFor(webRoot, filePath));
      },
    });
    // The public pages prerendered at build time answer with their own HTML (vite.prerender.ts).
    const prerendered = readPrerenderManifest(webRoot);
    for (const [pagePath, file] of Object.entries(prerendered.pages)) {
      if (pagePath !== '/') app.get(pagePath, (_req, reply) => reply.sendFile(file));
    }
    // History fallback for the SPA: the empty shell, which the app renders in the browser. Paths that are never
    // pages answer 404 instead: unknown API paths (JSON), a missing hashed asset (a stale tab after a deploy
    // must not run HTML as a script), /docs. `/` is matched here too and gets its prerendered page.
    app.get('/*', (req, reply) => {
      if (isNeverAPage(req.url)) return reply.callNotFound();
      const pathname = req.url.split('?')[0];
      return reply.sendFile(pathname === '/' ? (prerendered.pages['/'] ?? 'index.html') : prerendered.shell);
    });
  }
  return app;
}

/** Which prerendered file answers which page path; a build without the manifest serves index.html for all. */
function readPrerenderManifest(webRoot: string): { pages: Record<string, string>; shell: string } {
  const file = path.join(webRoot, 'prerendered.json');
  if (!existsSync(file)) return { pages: {}, shell: 'index.html' };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
    pages?: Record<string, string>;
    shell?: string;
  };
  return { pages: manifest.pages ?? {}, shell: manifest.shell ?? 'index.html' };
}

function isNeverAPage(url: string): boolean {
  const pathname = url.split('?')[0];
  return (
    pathname === '/docs' || [API_BASE, '/assets/', '/docs/'].some((prefix) => pathname.startsWith(prefix))
  );
}

/** Vite names every file under assets/ by its content hash, so a new build never reuses a name. */
const HASHED_ASSET = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) is revalidated on each load, so a deploy is seen at once. */
const REVALIDATE = 'no-cache';

function cacheControlFor(webRoot: string, filePath: string): string {
  const relative = path.relative(webRoot, filePath).split(path.sep);
  return relative.length > 1 && relative[0] === 'assets' ? HASHED_ASSET : REVALIDATE;
}
