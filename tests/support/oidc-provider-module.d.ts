/** The little of `oidc-provider` (which ships no types) that tests/support/oidc-provider.ts uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = Record<string, unknown> & { uid?: string; grantId?: string; consumed?: number };
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }
  type Grant = { addOIDCScope(scope: string): void; save(): Promise<string> };
  type Context = {
    oidc: {
      provider: Provider;
      result?: { consent?: { grantId?: string } };
      session?: { accountId: string; grantIdFor(clientId: string): string | undefined };
      client?: { clientId: string };
    };
  };
  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        loadExistingGrant?: (ctx: Context) => Promise<unknown>;
        findAccount?: (ctx: unknown, id: string) => Promise<{ accountId: string; claims: () => object } | undefined>;
      },
    );
    Grant: { new (init: { clientId: string; accountId: string }): Grant; find(id: string): Promise<Grant | undefined> };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
