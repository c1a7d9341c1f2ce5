import { containsNul } from './lib/form-text.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import { cleanUpTempUploads, closeUnreadBodies, formLimits, readForms, textBudget } from './plugins/forms.js';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { OpenedDatabase } from './db/index.js';
import { createSanitizer } from './lib/sanitizer.js';
import { createTokens } from './lib/tokens.js';
import authPlugin from './plugins/auth.js';
import { applySecurityHeaders } from './plugins/security-headers.js';
import responseCache from './cache/index.js';
import errorsPlugin from './plugins/errors.js';
import languagePlugin from './plugins/language.js';
import { registerModules } from './modules/index.js';
import { databaseState, redisState, storageState } from './health.js';
import realtime from './realtime/index.js';
import { chatNamespaces } from './realtime/rooms.js';
import { createMailer } from './mail/mailer.js';
import { queuedMailer } from './mail/queue.js';
import { nulInAddress } from './lib/query-value.js';
import { secretBox } from './lib/secret-box.js';
import { holdAnswersUntilDurable, mailerAfterDurable } from './plugins/durable-answers.js';
import { createScheduler } from './jobs/scheduler.js';
import { createImageStore } from './storage/images.js';
import { createPrivateFiles } from './storage/private-files.js';
import { createUploadQuota } from './storage/quota.js';
import type { App } from './types.js';

export interface BuildOptions {
  config: Config;
  database: OpenedDatabase;
  /** Directory holding the built SPA; when absent only the API is served. */
  spaDir?: string;
  logger?: boolean;
}

/** Trusts the nearest `hops` proxies: X-Forwarded-For counts from the right, as proxies append to it. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp({ config, database, spaDir, logger = true }: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          // Card data and credentials never reach the log.
          redact: ['req.headers.authorization', 'req.headers.cookie'],
        }
      : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // One budget for a body's text, however it is sent (plugins/forms.ts counts multipart forms against it too).
    bodyLimit: textBudget,
    // X-Forwarded-For counts only from the proxies named in TRUST_PROXY (none by default).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // A client that trickles a request or holds an idle socket cannot keep it open forever.
    requestTimeout: config.requestTimeoutSeconds * 1000,
    connectionTimeout: config.requestTimeoutSeconds * 1000,
    // On close, idle keep-alive connections end at once while requests in flight are allowed to finish.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('lifecycle', { draining: false });
  app.decorate('db', database.db);
  database.reportError = (error) => app.log.warn({ err: error }, 'database connection lost; it is replaced on the next query');
  app.decorate('dialect', database.dialect);
  app.decorate('tokens', createTokens(config.jwtSecret, config.tokenTtlSeconds));
  const uploadQuota = createUploadQuota(database.db, config.uploadQuotaBytes);
  app.decorate('images', createImageStore(config.uploadDir, uploadQuota, config.publicUrl));
  app.decorate('privateFiles', createPrivateFiles(config.dataDir, uploadQuota));
  app.decorate('durability', database.durability);
  app.addHook('onClose', async () => database.durability.close());
  holdAnswersUntilDurable(app as unknown as App, database.durability);
  app.decorate(
    'mailer',
    queuedMailer({
      db: database.db,
      box: secretBox(config.dataEncryptionKey),
      transport: mailerAfterDurable(createMailer(config, app.log), database.durability),
      log: app.log,
      deferFirstTry: Boolean(config.smtpUrl),
    }),
  );
  app.decorate('sanitizer', createSanitizer());

  // Urlencoded forms are accepted as well as multipart and JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: textBudget }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  await app.register(errorsPlugin);
  await app.register(languagePlugin);
  // PostgreSQL text cannot hold a NUL character: refuse it in query strings and paths at the door.
  app.addHook('preValidation', async (request) => {
    for (const source of [request.query, request.params]) {
      if (source && typeof source === 'object' && Object.values(source).some(containsNul)) throw nulInAddress();
    }
  });
  applySecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Asking browsers to upgrade to https only makes sense when the portal is served over https;
        // over plain http (a clinic's LAN, localhost) it would break every script and image.
        upgradeInsecureRequests: config.publicUrl?.startsWith('https://') ? [] : null,
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    maxAge: 600,
  });
  // Files arrive as temporary files on disk; those no store kept are deleted with the response.
  cleanUpTempUploads(app);
  closeUnreadBodies(app);
  // Form bodies are read into text fields before validation, so each route's zod body checks them.
  readForms(app);
  await app.register(multipart, {
    limits: {
      fileSize: config.uploadMaxBytes,
      files: config.uploadMaxFiles,
      ...formLimits,
    },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Clinic & Pharmacy Portal API', version: config.version },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin);
  // After the sign-in check (a cached answer still passes it), before the routes that use it.
  await app.register(responseCache, { database });

  await app.register(fastifyStatic, {
    root: config.uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    setHeaders: (res) => {
      res.header('X-Content-Type-Options', 'nosniff');
      res.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      res.header('Cache-Control', 'public, max-age=86400');
    },
  });

  const spaIndex = spaDir ? path.join(spaDir, 'index.html') : undefined;
  const serveSpa = Boolean(spaDir && spaIndex && existsSync(spaIndex));
  if (serveSpa && spaDir) {
    await app.register(fastifyStatic, {
      root: spaDir,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      // The build writes .br and .gz copies (scripts/precompress.ts); browsers that accept them get them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; index.html must always be fresh.
        res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // The balancer's check: 503 only when this instance cannot serve (no database). Without Redis it
  // still serves HTTP and the chat of its own sockets, so it stays in rotation and says "degraded".
  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    const [database, redis, storage] = await Promise.all([databaseState(app), redisState(app), storageState(app)]);
    const body = {
      status: database !== 'up' ? 'unavailable' : redis === 'down' || redis === 'stalled' || storage !== 'ok' ? 'degraded' : 'ok',
      database,
      redis,
      storage,
      dialect: app.dialect,
      version: config.version,
    };
    if (app.lifecycle.draining) return reply.status(503).send({ ...body, status: 'draining', message: 'This instance is stopping' });
    if (database === 'busy')
      return reply
        .status(503)
        .header('retry-after', '2')
        .send({ ...body, message: 'The database is locked by another process' });
    if (database !== 'up') return reply.status(503).send({ ...body, message: 'The database is not reachable' });
    return body;
  });

  await app.register(async (api) => registerModules(api as App), { prefix: '/api' });
  await app.register(realtime);
  // Every instance polls; the conditional claim makes each job run on one of them only.
  app.decorate('scheduler', createScheduler(app as unknown as App));
  app.scheduler.addSweep('mail', () => app.mailer.retryDue());
  app.addHook('onReady', async () => app.scheduler.start(config.jobsPollSeconds * 1000));
  app.addHook('preClose', async () => app.scheduler.stop());
  // WebSockets and long-polls would hold the closing server open: end this process's own first
  // (clients reconnect to another instance), so closing waits only for ordinary requests.
  app.addHook('preClose', async () => {
    app.lifecycle.draining = true;
    for (const namespace of chatNamespaces(app.io)) namespace.local.disconnectSockets(true);
    app.io.engine.close();
  });
  // Answers finished while draining or closing also end their keep-alive connection, so clients
  // open their next one elsewhere and no idle connection is left to cut under a request.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const wantsPage = request.method === 'GET' && !url.startsWith('/api') && !url.startsWith('/uploads/') && !url.startsWith('/socket.io');
    if (serveSpa && wantsPage) {
      // History fallback: deep links like /doctor/x load the SPA, which routes them.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', spaDir as string);
    }
    return reply.status(404).send({ message: `There is nothing at ${request.method} ${url.split('?')[0]}` });
  });

  return app as unknown as App;
}
