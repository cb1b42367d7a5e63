import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { Http2SecureServer } from 'node:http2';
import { BOOT_SCRIPT } from '../shared/boot-script.ts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './lib/config.ts';
import { registerJobs } from './jobs.ts';
import { useEgressAllow } from './lib/egress.ts';
import { useSecretKeys } from './lib/secret-box.ts';
import { SERVER_MODULES } from './modules.ts';
import './messages.ts';
import { loggerOptions } from './logging.ts';
import type { Database, Db } from './db/client.ts';
import { PUBLIC, isInfraPublic, type Access } from './http/access.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerJsonBody } from './http/json-body.ts';
import { registerMetrics } from './http/metrics.ts';
import { zodValidatorCompiler } from './http/validation.ts';
import { registerAccessControl } from './modules/auth/auth.guard.ts';
import { loadKeyPair, type KeyPair } from './modules/auth/rsa.service.ts';

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  keys: KeyPair;
  uploadDir: string;
}

type PasswordAttemptHook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface RouteRecord {
  method: string | string[];
  url: string;
  access: Access | undefined;
  /** The zod schemas of the request, for the tests that sweep every route with hostile input */
  schema: { body?: unknown; querystring?: unknown } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route as registered, for the test that each declares its access. */
    routeRecords: RouteRecord[];
    /** preHandler of every route that checks a password: one rate-limit budget per address. */
    passwordAttempts: PasswordAttemptHook;
  }
}

/** Upload limit of docs/product.md §5 and §9. */
export const UPLOAD_LIMIT_BYTES = 500 * 1024;

export { loggerOptions };

const BOOT_SCRIPT_CSP_HASH = `'sha256-${crypto.createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** Builds the whole server; tests call it in-process and use `inject`. */
export async function buildApp(
  config: Config,
  database: Database,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<FastifyInstance> {
  const serverOptions = {
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    },
    bodyLimit: 1024 * 1024,
  };
  // With a certificate the server speaks HTTP/2 (one connection for the console's parallel
  // requests), and HTTP/1.1 to clients without it. The routes use Fastify's request and reply
  // only, which are the same over both, hence the one instance type.
  const app = (config.tls
    ? Fastify<Http2SecureServer>({
        ...(serverOptions as unknown as FastifyServerOptions<Http2SecureServer>),
        http2: true,
        https: { allowHTTP1: true, ...config.tls },
      })
    : Fastify(serverOptions)) as unknown as FastifyInstance;

  const uploadDir = path.join(config.dataDir, 'uploads');
  fs.mkdirSync(uploadDir, { recursive: true });
  // the one exception to the egress rule, from the environment only (lib/egress.ts)
  useEgressAllow(config.egressAllow);
  // the key of every secret kept in the database (lib/secret-box.ts)
  useSecretKeys(config.secretKeys);
  app.decorate('ctx', {
    config,
    database,
    db: database.db,
    keys: await loadKeyPair(database.db),
    uploadDir,
  });
  app.decorate('routeRecords', []);
  app.addHook('onRoute', (route) => {
    if (!route.config?.access && isInfraPublic(route.url)) {
      route.config = { ...route.config, access: PUBLIC };
    }
    app.routeRecords.push({
      method: route.method,
      url: route.url,
      access: route.config?.access,
      schema: route.schema,
    });
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // API answers are per account and per moment: no browser or proxy may keep them
    const url = req.routeOptions.url;
    if (!reply.hasHeader('cache-control') && (!url || !isInfraPublic(url))) {
      reply.header('cache-control', 'no-store');
    }
    // behind a TLS proxy (TRUST_PROXY and X-Forwarded-Proto: https) browsers stay on HTTPS
    if (req.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // before any plugin: the routes' contexts inherit it (a depth limit on JSON bodies, issue 28)
  registerJsonBody(app);

  // The security headers' hook comes before the access check, so 401 and 403 answers carry them too.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        // index.html's one inline script (src/shared/boot-script.ts), allowed by its hash
        'script-src': ["'self'", BOOT_SCRIPT_CSP_HASH],
        // The console is also opened over plain HTTP on intranet host names (spec: no crypto.subtle).
        'upgrade-insecure-requests': null,
      },
    },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  registerAccessControl(app);
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(formbody);
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10, parts: 12 },
  });
  await app.register(rateLimit, { global: false });
  // One budget per address across every route that checks a password (brute force, docs/architecture.md):
  // one limiter, so one store, shared by the routes (a route-level `rateLimit` config would give
  // each route its own counter). Refresh grants check no password and are not counted.
  const passwordAttempts = app.rateLimit({
    max: config.loginRateLimit,
    timeWindow: '1 minute',
    allowList: (req) => (req.body as { grant_type?: string } | undefined)?.grant_type === 'refresh_token',
  });
  app.decorate('passwordAttempts', passwordAttempts as PasswordAttemptHook);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Scenic back office API',
        description: 'Ticketing and operations back office for scenic areas. See README and docs/.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          copyrightToken: { type: 'apiKey', in: 'header', name: 'token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  // before the modules: its hooks time every route registered after it
  registerMetrics(app);
  for (const module of SERVER_MODULES) {
    for (const routes of module.routes) await app.register(routes);
  }

  // /uploads/* is the storage module's (each file from the store that holds it, /sys/os)
  registerConsole(app, config.webDir);
  registerJobs(app);
  return app;
}

/** Serves the built console: hashed assets cached for a year, index.html always revalidated. */
function registerConsole(app: FastifyInstance, webDir: string) {
  if (!fs.existsSync(path.join(webDir, 'index.html'))) {
    app.log.warn({ webDir }, 'console build not found; run `npm run build:web` to serve it');
    return;
  }
  void app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
