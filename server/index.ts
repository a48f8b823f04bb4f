// First: V8 flags that must be set before any WebAssembly is compiled.
import './v8-flags';
import { LoginThrottle } from './auth/throttle';
import { createApp } from './app';
import { openDatabase } from './db';
import { loadEnv } from './env';
import { LocalFileStorage } from './files/storage';
import { Mailer } from './mail';
import { createJobRunner } from './jobs';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const database = await openDatabase(env.DATABASE_URL);
  const mailer = Mailer.fromEnv(env);
  const storage = new LocalFileStorage(env.uploadDir);
  const app = createApp({ env, database, throttle: new LoginThrottle(database.db, { signupsPerAddress: env.SIGNUPS_PER_ADDRESS_PER_HOUR }), storage, mailer });
  // Notifications, e-mail and large exports run in the background, on the same database (server/jobs).
  const jobs = createJobRunner({ database, mailer, env, storage }, { pollMs: env.JOB_POLL_MS }).start();
  const server = app.listen(env.PORT, () => {
    console.log(`Clientflow is listening on ${env.publicUrl} (port ${env.PORT}, ${database.provider})`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // /readyz answers 503 from now on, so a load balancer stops sending new requests; after SHUTDOWN_DELAY_MS (its
    // health-check interval) the server stops accepting connections, finishes the requests in flight, then closes.
    app.locals.draining = true;
    console.log(`${signal} received: not ready any more; finishing open requests, then closing the database.`);
    setTimeout(() => {
      server.close(async () => {
        await jobs.stop();
        await database.close();
        process.exit(0);
      });
      server.closeIdleConnections();
      setTimeout(() => process.exit(1), 10_000).unref();
    }, env.SHUTDOWN_DELAY_MS).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main();
