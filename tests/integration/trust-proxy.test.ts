/**
 * X-Forwarded-For is believed only from the proxies TRUST_PROXY names. The container's default (the Dockerfile's ENV,
 * else server/env.ts's) trusts loopback only: a client on a private network that reaches the container directly is
 * counted under its own address, whatever address it claims, so it cannot reset its throttle budgets by claiming new
 * ones (the old default, "loopback, uniquelocal", believed any 10.x, 172.16–31.x, 192.168.x or fc00::/7 peer).
 *
 * The peer: the real app over real HTTP, through a server of this test whose sockets report a private address as
 * their peer (one machine has no second, private interface to connect from); Express reads req.ip from exactly that
 * (request.socket.remoteAddress, through proxy-addr).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../server/env';
import { newAgency, startApp, type TestApp } from '../support/app';

/** TRUST_PROXY as the container sets it: its Dockerfile's ENV, else the server's own default. */
function containerTrustProxy(): string {
  const dockerfile = fs.readFileSync(path.resolve(import.meta.dirname, '../../Dockerfile'), 'utf8');
  const set = /^\s*(?:ENV\s+)?TRUST_PROXY=(?:"([^"]*)"|(\S*))/m.exec(dockerfile.replace(/^\s*#.*$/gm, ''));
  return set ? (set[1] ?? set[2]) : loadEnv({}).TRUST_PROXY;
}

const byte = () => 1 + Math.floor(Math.random() * 250);
const privatePeer = () => `10.${byte()}.${byte()}.${byte()}`;
/** A client address not used before in this run (the throttle table is shared by the run's test files). */
const claimed = (() => {
  const block = byte();
  let n = 0;
  return () => `198.51.${block}.${++n}`;
})();

const opened: { app: TestApp; server: http.Server }[] = [];
afterAll(async () => {
  for (const { app, server } of opened) {
    await new Promise((r) => server.close(r));
    await app.close();
  }
});

/** The app with this TRUST_PROXY and 2 sign-ups per address; `signUp(peer, claimed)` posts one as that peer would. */
async function appWith(trustProxy: string) {
  const app = await startApp({ signupsPerAddress: 2 }, { env: { TRUST_PROXY: trustProxy } });
  let peer = '127.0.0.1';
  const server = http.createServer(app.http);
  server.on('connection', (socket) =>
    Object.defineProperty(socket, 'remoteAddress', { value: peer, configurable: true }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  opened.push({ app, server });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/auth/signup`;
  return async (from: string, forwardedFor: string) => {
    peer = from;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor, connection: 'close' },
      body: JSON.stringify(newAgency()),
    });
    return res.status;
  };
}

describe('TRUST_PROXY', () => {
  it('the container default trusts loopback only: a private-network client is counted under its own address', async () => {
    const signUp = await appWith(containerTrustProxy());
    const peer = privatePeer();
    expect(await signUp(peer, claimed())).toBe(201);
    expect(await signUp(peer, claimed())).toBe(201);
    // A third address claimed, the same peer: its budget of 2 is spent.
    expect(await signUp(peer, claimed())).toBe(429);
    // A proxy on loopback is still believed: the clients it forwards each have their own budget.
    const client = claimed();
    expect(await signUp('127.0.0.1', client)).toBe(201);
    expect(await signUp('127.0.0.1', client)).toBe(201);
    expect(await signUp('127.0.0.1', claimed())).toBe(201);
  });

  it('naming the real proxy (TRUST_PROXY=<its address>) believes it, and only it', async () => {
    const proxy = privatePeer();
    const signUp = await appWith(proxy);
    for (const n of [1, 2, 3]) expect(await signUp(proxy, claimed()), `client ${n}`).toBe(201);
    const other = privatePeer();
    expect(await signUp(other, claimed())).toBe(201);
    expect(await signUp(other, claimed())).toBe(201);
    expect(await signUp(other, claimed())).toBe(429);
  });
});
