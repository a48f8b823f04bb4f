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
