#!/usr/bin/env node
// The executable PRISMA_SCHEMA_ENGINE_BINARY points at (scripts/prisma.mjs sets it when no native engine is
// installed). It runs the offline stand-in (engine.mjs) as a child process and makes its death visible:
// - The Prisma CLI keeps only the JSON log lines of the engine's stderr, so a native crash (an addon's assertion:
//   SIGABRT) showed as "Error in Schema engine. Reason: Starting schema-engine-wasm" and nothing more.
// - Worse, when the engine process is gone before the CLI stops it, the CLI waits for an exit event that already
//   happened, on an unref'd timer, and so could end with exit code 0 in the middle of `migrate deploy`.
// So in JSON-RPC mode this process stays up until the CLI stops it (stdin closed, or a signal), answers every request
// the dead engine left unanswered with an error naming the signal and the crash text, and then exits 1.
// It loads nothing heavy: it adds only a Node start-up.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const ENGINE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'engine.mjs');
const args = process.argv.slice(2);
// One-shot commands (`--version`, `cli can-connect-to-database` …) print and exit; everything else is JSON-RPC.
const oneShot = args.includes('--version') || args.includes('-V') || args.includes('cli');
// The crash text Node prints (assertion, native and JS stacks) is a few dozen lines: keep the last ones.
const KEEP_LINES = 40;

const child = spawn(process.execPath, [ENGINE, ...args], {
  stdio: oneShot ? ['inherit', 'inherit', 'pipe'] : ['pipe', 'pipe', 'pipe'],
  env: { ...process.env, SCHEMA_ENGINE_STANDIN_WORKER: '1' },
});

const crashText = [];
let loggedError = false;
readline.createInterface({ input: child.stderr, crlfDelay: Infinity }).on('line', (line) => {
  process.stderr.write(`${line}\n`);
  const json = parseJson(line);
  if (json) {
    if (json.level === 'ERROR') loggedError = true;
    return;
  }
  if (!line.trim()) return;
  crashText.push(line.trim());
  if (crashText.length > KEEP_LINES) crashText.shift();
});

// JSON-RPC mode: pass lines both ways and remember which of the CLI's requests are still unanswered.
const pending = new Set();
let engineGone = null; // the error message once the engine process has ended
let stdinEnded = false;
if (!oneShot) {
  readline.createInterface({ input: process.stdin, crlfDelay: Infinity }).on('line', (line) => {
    const msg = parseJson(line);
    if (msg && typeof msg.method === 'string' && msg.id !== undefined) {
      if (engineGone) return answerWithError(msg.id);
      pending.add(msg.id);
    }
    if (!engineGone) child.stdin.write(`${line}\n`);
  });
  process.stdin.on('end', () => {
    stdinEnded = true;
    if (engineGone) process.exit(1);
    child.stdin.end();
  });
  child.stdin.on('error', () => {}); // the engine died: its close handler below answers
  readline.createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
    const msg = parseJson(line);
    if (msg && msg.method === undefined && msg.id !== undefined) pending.delete(msg.id);
    process.stdout.write(`${line}\n`);
  });
}

// The CLI stops the engine with SIGTERM right after closing stdin: pass it on and let the engine close its databases.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    if (engineGone) process.exit(1);
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (e) => {
  process.stderr.write(`${logLine(`The offline schema engine could not start: ${e.message}`)}\n`);
  process.exit(1);
});

child.on('close', (code, signal) => {
  const explained = code !== null && loggedError; // it logged its own error (a failed `cli` command, a fatal error)
  if (code === 0 || (oneShot && explained)) process.exit(code);
  const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
  const text = crashText.length ? `:\n${crashText.join('\n')}` : '.';
  engineGone = `The offline schema engine (Node ${process.version}) ${how}${text}`;
  if (!explained) process.stderr.write(`${logLine(engineGone)}\n`);
  if (oneShot || stdinEnded) process.exit(1);
  for (const id of pending) answerWithError(id);
  pending.clear();
  // Stay up until the CLI stops us (stdin end or a signal, handled above), so it sees this process exit.
});

function answerWithError(id) {
  const data = { is_panic: false, message: engineGone, meta: null };
  const error = { code: 4466, message: 'An error happened. Check the data field for details.', data };
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, error })}\n`);
}

function parseJson(line) {
  try {
    const value = JSON.parse(line);
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

function logLine(message) {
  return JSON.stringify({
    timestamp: new Date().toISOString(),
    level: 'ERROR',
    fields: { message },
    target: 'schema_engine::logger',
  });
}
