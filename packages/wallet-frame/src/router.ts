import type { WalletReply } from '@latch/protocol';
import { WALLET_EVENT, WALLET_READY_ANNOUNCEMENT_ID, type WalletEvent } from '@latch/protocol/frame';
import { CUSTODY_LIMIT, parseWalletRequest, walletErrorReply, walletReply } from '@latch/protocol/schemas';
import * as v from 'valibot';
import { toWalletError } from './walletErrorReply.js';

/** The frame's own window, as far as the router needs it. */
export interface FrameWindow {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** The parent (host page) window, as far as the router needs it. */
export interface ParentWindow {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** One event's payload schema and handler; the handler's result is the reply's `data`. */
export interface EventRoute<S extends v.GenericSchema = v.GenericSchema> {
  schema: S;
  handle(data: v.InferOutput<S>): Promise<unknown>;
}

/** Declares a route with its payload type inferred from the schema. */
export function route<S extends v.GenericSchema>(
  schema: S,
  handle: (data: v.InferOutput<S>) => Promise<unknown>,
): EventRoute<S> {
  return { schema, handle };
}

/** Router options. */
interface FrameRouterOptions {
  self: FrameWindow;
  parent: ParentWindow;
  /** The one origin answered; replies go to exactly this origin. */
  parentOrigin: string;
  routes: Partial<Record<WalletEvent, EventRoute>>;
}

// Events whose identical in-flight requests share one run (SPEC §7).
const DEDUPLICATED: ReadonlySet<WalletEvent> = new Set([WALLET_EVENT.walletCreate]);

// Stable JSON (sorted keys) so that { a, b } and { b, a } count as identical.
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, item]) => `${JSON.stringify(k)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * The frame's message router: answers only `parentOrigin` (from the parent window), posts every
 * reply to that exact origin, matches replies by id, shares one run among identical in-flight
 * creates, and announces itself with `latch:iframe:ready`.
 */
export function createFrameRouter(options: FrameRouterOptions): { start(): void; stop(): void } {
  const { self, parent, parentOrigin, routes } = options;
  const inFlight = new Map<string, Promise<unknown>>();
  const post = (reply: WalletReply) => parent.postMessage(reply, parentOrigin);

  async function run(event: WalletEvent, data: unknown): Promise<unknown> {
    if (event === WALLET_EVENT.ready) return { ready: true };
    const target = routes[event];
    if (!target) throw new RouteError('error', 'This event is not supported by this wallet frame.');
    const parsed = v.safeParse(target.schema, data);
    if (!parsed.success) throw new RouteError('invalid_request_arguments', 'Invalid request arguments.');
    return target.handle(parsed.output);
  }

  function dispatch(event: WalletEvent, data: unknown): Promise<unknown> {
    if (!DEDUPLICATED.has(event)) return run(event, data);
    const key = `${event}|${canonical(data)}`;
    const existing = inFlight.get(key);
    if (existing) return existing;
    const pending = run(event, data).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
    return pending;
  }

  const listener = (message: MessageEvent) => {
    // Foreign origins and other windows get no answer at all.
    if (message.origin !== parentOrigin || message.source !== (parent as unknown)) return;
    const request = parseWalletRequest(message.data);
    if (!request) return;
    const { id, event } = request;
    if (!withinSizeCap(message.data)) {
      post(walletErrorReply(id, event, 'invalid_request_arguments', 'The request is too large.'));
      return;
    }
    dispatch(event, request.data).then(
      (data) => post(walletReply(id, event, data ?? {})),
      (error: unknown) => {
        const { type, message: text } = error instanceof RouteError ? error : toWalletError(error);
        post(walletErrorReply(id, event, type, text));
      },
    );
  };

  return {
    start() {
      self.addEventListener('message', listener);
      post(walletReply(WALLET_READY_ANNOUNCEMENT_ID, WALLET_EVENT.ready, { ready: true }));
    },
    stop() {
      self.removeEventListener('message', listener);
    },
  };
}

// Messages over CUSTODY_LIMIT.maxFrameMessageBytes (as UTF-8 JSON) are refused before any handler runs.
function withinSizeCap(data: unknown): boolean {
  let text: string | undefined;
  try {
    text = JSON.stringify(data);
  } catch {
    return false; // cycles or BigInts: no well-formed request has them
  }
  if (text === undefined) return true;
  // Each UTF-16 unit is at most 3 UTF-8 bytes: short texts need no encoding to pass.
  if (text.length * 3 <= CUSTODY_LIMIT.maxFrameMessageBytes) return true;
  return new TextEncoder().encode(text).length <= CUSTODY_LIMIT.maxFrameMessageBytes;
}

class RouteError extends Error {
  constructor(
    readonly type: 'error' | 'invalid_request_arguments',
    message: string,
  ) {
    super(message);
  }
}
