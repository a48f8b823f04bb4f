// First: V8 flags that must be set before any WebAssembly is compiled.
import './v8-flags';
import { LoginThrottle } from './auth/throttle';
import { createApp, endLiveStreams, metricsOf } from './app';
import { openDatabase } from './db';
import { loadEnv } from './env';
import { createStorage } from './files/s3-storage';
import { startFileSweeps } from './files/sweep';
import { startInboundMail } from './inbound-mail';
import { Mailer } from './mail';
import { createJobRunner } from './jobs';
import { configureLogging, log } from './log';
import { listenMetrics } from './metrics';

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    // Plain text on stderr, not a log line: logging is not configured yet (LOG_LEVEL may be the wrong value), and
    // this is read by whoever starts the server.
    console.error((error as Error).message);
    process.exit(1);
  }
  configureLogging({ level: env.LOG_LEVEL });
  const database = await openDatabase(env.DATABASE_URL);
  const mailer = Mailer.fromEnv(env);
  const storage = createStorage(env);
  // Told at once rather than at the first upload; the server still starts (a bucket may come up after it), and
  // /readyz answers 503 until the storage answers.
  storage
    .ready()
    .catch((error: unknown) =>
      log.error({ err: error, storage: storage.description }, `File storage (${storage.description}) is not reachable`),
    );
  const app = createApp({
    env,
    database,
    throttle: new LoginThrottle(database.db, { signupsPerAddress: env.SIGNUPS_PER_ADDRESS_PER_HOUR }),
    storage,
    mailer,
  });
  // Notifications, e-mail and large exports run in the background, on the same database (server/jobs).
  const jobs = createJobRunner({ database, mailer, env, storage }, { pollMs: env.JOB_POLL_MS }).start();
  // Crash leftovers (orphaned and partial files, import temp files): swept now and then periodically (server/files/sweep.ts);
  // the storage sweeps are queued by the processes that run jobs.
  const sweeps = startFileSweeps(database, { queue: env.JOB_POLL_MS > 0 });
  const server = app.listen(env.PORT, () => {
    log.info(
      { url: env.publicUrl, port: env.PORT, database: database.provider, storage: storage.description },
      `Clientflow is listening on ${env.publicUrl} (port ${env.PORT}, ${database.provider}, files in ${storage.description})`,
    );
  });
  // E-mail replies into threads (INBOUND_SMTP_PORT and/or INBOUND_IMAP_URL; server/inbound-mail).
  const inbound = await startInboundMail(env, database);
  // Prometheus on a listener of its own (METRICS_PORT), serving /metrics only.
  const metrics = metricsOf(app);
  const metricsServer =
    metrics && env.METRICS_PORT
      ? await listenMetrics(metrics, { port: env.METRICS_PORT, host: env.METRICS_HOST, token: env.METRICS_TOKEN })
      : null;
  if (metricsServer)
    log.info(
      { host: env.METRICS_HOST, port: env.METRICS_PORT },
      `Metrics on http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics`,
    );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // /readyz answers 503 from now on, so a load balancer stops sending new requests; after SHUTDOWN_DELAY_MS (its
    // health-check interval) the server stops accepting connections, finishes the requests in flight, then closes.
    app.locals.draining = true;
    log.info({ signal }, `${signal} received: not ready any more; finishing open requests, then closing the database.`);
    setTimeout(() => {
      // Live streams never finish by themselves: cut now, their windows reconnect to another instance.
      endLiveStreams(app);
      server.close(async () => {
        await inbound.stop();
        await sweeps.stop();
        await jobs.stop();
        await database.close();
        storage.close?.();
        process.exit(0);
      });
      server.closeIdleConnections();
      metricsServer?.close();
      metricsServer?.closeIdleConnections();
      setTimeout(() => process.exit(1), 10_000).unref();
    }, env.SHUTDOWN_DELAY_MS).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

// A crash is written as a log line too (Node still prints it and exits).
process.on('uncaughtExceptionMonitor', (error, origin) => log.fatal({ err: error, origin }, 'uncaught exception'));

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'start-up failed');
  process.exit(1);
});
