/**
 * V8 settings for the server process, applied before anything compiles WebAssembly (import this module first).
 *
 * --liftoff-only: Prisma's query compiler is WebAssembly (several MB). V8 compiles it twice by default, a quick
 * baseline (Liftoff) and then optimised code (TurboFan) in the background; the optimised copy alone held about 64 MB
 * of the server's resident memory (222 MB → 158 MB idle, measured on the production build). The compiler only runs
 * for Prisma ORM calls (writes and a few reads); the hot list and detail reads are hand-written SQL (server/sql.ts),
 * so they lose nothing.
 *
 * --heap-growing-percent=20: after each full collection V8 lets the old generation grow by a factor it picks from
 * the heap's size and the GC's speed, up to about 2.5× what survived. Under load the server keeps 70–90 MB alive,
 * and V8 let the heap reach about 200 MB before collecting again: 351 MB of resident memory at the peak of
 * `npm run bench:check`. Growing by 20% instead (V8 reads this at every collection, so it works from here, without
 * a command-line flag): 199 MB at the peak, with the same throughput against the hand-written baseline (0.68× of its
 * requests per second either way, the mean over the 14 screens). It only schedules collections earlier; it caps
 * nothing, so a large import can still use the memory it needs.
 */
import v8 from 'node:v8';

v8.setFlagsFromString('--liftoff-only');
v8.setFlagsFromString('--heap-growing-percent=20');

/*
 * --max-semi-space-size=16: Node 24's V8 lets the young generation grow to three 32 MB semi-spaces under a burst of
 * short-lived objects (a streamed import's tokens), about 50 MB more resident memory than Node 20 for no gain here;
 * measured on the import bombs of tests/integration/import-bombs.test.ts: 121 → 39 MB given on the command line
 * (npm start, the Dockerfile, the integration tests), 77 MB when only set here, after the heap was made.
 */
v8.setFlagsFromString('--max-semi-space-size=16');
