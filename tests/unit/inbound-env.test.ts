import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../server/env';

describe('the inbound e-mail settings', () => {
  it('are off by default, and read as given', () => {
    const defaults = loadEnv({});
    expect([defaults.INBOUND_DOMAIN, defaults.INBOUND_SMTP_PORT, defaults.INBOUND_IMAP_URL]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect([defaults.INBOUND_SMTP_HOST, defaults.INBOUND_IMAP_POLL_SECONDS]).toEqual(['0.0.0.0', 60]);
    const set = loadEnv({
      INBOUND_DOMAIN: 'Reply.Agency.Example',
      INBOUND_SMTP_PORT: '2525',
      INBOUND_IMAP_URL: 'imaps://replies%40agency.example:p%40ss@imap.agency.example:993/INBOX',
      INBOUND_IMAP_POLL_SECONDS: '30',
    });
    expect([set.INBOUND_DOMAIN, set.INBOUND_SMTP_PORT, set.INBOUND_IMAP_POLL_SECONDS]).toEqual([
      'reply.agency.example',
      2525,
      30,
    ]);
  });

  it('refuse a listener or a mailbox without a domain, a bad domain, a bad URL, and a port already taken', () => {
    expect(() => loadEnv({ INBOUND_SMTP_PORT: '2525' })).toThrow(
      /INBOUND_DOMAIN: is required when INBOUND_SMTP_PORT or INBOUND_IMAP_URL is set/,
    );
    expect(() => loadEnv({ INBOUND_IMAP_URL: 'imaps://u:p@imap.example.com/INBOX' })).toThrow(/INBOUND_DOMAIN/);
    expect(() => loadEnv({ INBOUND_DOMAIN: 'not a domain' })).toThrow(/INBOUND_DOMAIN: must be a domain name/);
    expect(() =>
      loadEnv({ INBOUND_DOMAIN: 'reply.example.com', INBOUND_IMAP_URL: 'https://imap.example.com' }),
    ).toThrow(/INBOUND_IMAP_URL: must look like imaps:\/\/user:password@/);
    expect(() => loadEnv({ INBOUND_DOMAIN: 'reply.example.com', INBOUND_SMTP_PORT: '3000' })).toThrow(
      /INBOUND_SMTP_PORT: must differ from PORT and METRICS_PORT/,
    );
    expect(() => loadEnv({ INBOUND_IMAP_POLL_SECONDS: '1' })).toThrow(/INBOUND_IMAP_POLL_SECONDS/);
  });
});
