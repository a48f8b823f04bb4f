import { afterEach, beforeEach, expect, it } from 'vitest';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';

// Each test gets its own app, so its own throttle counts.
let app: TestApp;
let api: ReturnType<typeof client>;
beforeEach(async () => {
  app = await startApp();
  api = client(app.baseUrl);
});
afterEach(() => app.close());

it('throttles after 10 failed attempts for one email: even the right password answers 429', async () => {
  const agency = await signUpAgency(api);
  for (let i = 0; i < 10; i++) {
    const res = await api.post('/auth/v1/login', { email: agency.email, password: `wrong ${i}` });
    expect(res.status).toBe(401);
  }
  const blocked = await api.post('/auth/v1/login', { email: agency.email, password: agency.password });
  expect(blocked.status).toBe(429);
  expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(blocked.body.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
});

it('throttles an IP after 10 failed attempts across different emails', async () => {
  const agency = await signUpAgency(api);
  for (let i = 0; i < 10; i++) {
    const res = await api.post('/auth/v1/login', { email: `guess${i}@example.test`, password: 'guess' });
    expect(res.status).toBe(401);
  }
  const blocked = await api.post('/auth/v1/login', { email: agency.email, password: agency.password });
  expect(blocked.status).toBe(429);
});

it('does not count successful sign-ins', async () => {
  const agency = await signUpAgency(api);
  for (let i = 0; i < 12; i++) {
    const res = await api.post('/auth/v1/login', { email: agency.email, password: agency.password });
    expect(res.status).toBe(200);
  }
});

it('counts parallel guesses as they start: of 30 at once, at most 10 reach the password check', async () => {
  const agency = await signUpAgency(api);
  const replies = await Promise.all(
    Array.from({ length: 30 }, (_, i) => api.post('/auth/v1/login', { email: agency.email, password: `parallel ${i}` })),
  );
  const statuses = replies.map((r) => r.status);
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
});

it('refuses a tRPC batch of more than 10 calls, so one request cannot carry many guesses', async () => {
  const calls = Array.from({ length: 11 }, () => 'auth.login').join(',');
  const input = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [i, { json: { email: 'x@example.test', password: 'guess' } }]));
  const res = await fetch(`${app.baseUrl}/trpc/${calls}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  expect(res.status).toBe(400);
});
