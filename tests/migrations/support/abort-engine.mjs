// Loaded with NODE_OPTIONS=--import by deploy-failures.test.ts: the offline schema engine's worker process dies of
// SIGABRT, as it did from a native addon's assertion, on the first request the Prisma CLI sends it.
if (process.env.SCHEMA_ENGINE_STANDIN_WORKER && process.argv.includes('--datamodels')) {
  process.stdin.once('data', () => process.abort());
}
