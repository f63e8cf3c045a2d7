// The part of oidc-provider's (panva, v9) API the stand-in uses: the package ships no types, and
// @types/oidc-provider would add a dependency for a dev-only tool.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AdapterPayload {
    [key: string]: unknown;
    uid?: string;
    grantId?: string;
    userCode?: string;
    consumed?: number;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface Grant {
    jti: string;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface KoaContextWithOIDC {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { login?: unknown; consent?: { grantId?: string } };
      params?: Record<string, unknown>;
      requestParamScopes: Set<string>;
      provider: Provider;
    };
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown>;
  }

  export interface AccessTokenModel {
    accountId: string;
    clientId: string;
    scope?: string;
    isValid?: boolean;
    isExpired?: boolean;
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    issuer: string;
    Grant: new (init: {
      clientId: string;
      accountId: string;
    }) => Grant;
    AccessToken: { find(token: string): Promise<AccessTokenModel | undefined> };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export class Check {
    constructor(reason: string, description: string, check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>);
  }

  export interface Prompt {
    name: string;
    checks: Check[];
  }

  export interface InteractionPolicy extends Array<Prompt> {
    get(name: string): Prompt | undefined;
    remove(name: string): void;
  }

  export const interactionPolicy: {
    base(): InteractionPolicy;
    Check: typeof Check;
  };

  export default Provider;
}
