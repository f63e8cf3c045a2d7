import type { ERROR_CATALOGUE, ErrorBody, ErrorCode } from './errors.js';

export type { ErrorBody, ErrorCode };

type Catalogue = Readonly<Record<ErrorCode, { readonly status: number; readonly message: string }>>;

// The catalogue (errors.ts) once it has run: at once where it is imported statically (the server, Node, the
// wallet frame, whatever imports the protocol index outside a bundler), after loadErrorCatalogue in a browser page.
let catalogue: Catalogue | undefined;

/** Gives LatchError and isErrorCode the catalogue (errors.ts calls it when it runs). */
export function setErrorCatalogue(table: typeof ERROR_CATALOGUE): void {
  catalogue = table;
}

/** createLatchClient throws invalid_app_id synchronously, maybe before the catalogue is loaded: its entry. */
const EARLY: Partial<Catalogue> = {
  invalid_app_id: { status: 400, message: 'The app ID must be a string of exactly 25 characters.' },
};

const entryOf = (code: ErrorCode) => catalogue?.[code] ?? EARLY[code];

/**
 * Loads the error catalogue (in a browser page, a chunk of its own, after first paint); undefined when it
 * is already there. The client starts it at once and waits for it before it reports ready or an error, or
 * reads an error response, so every error it hands the host or a screen has its catalogue message and status.
 */
export function loadErrorCatalogue(): Promise<void> | undefined {
  if (catalogue) return undefined;
  return import('./errors.js').then(() => {});
}

/** True when `code` is a known catalogue code (false for every code until the catalogue has loaded). */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && catalogue !== undefined && Object.hasOwn(catalogue, code);
}

/** SPEC §5's text for a chain id outside the configured chains (`unsupported_chain_id`). */
export function unsupportedChainIdText(id: number | string): string {
  return `Chain ID ${id} is not supported...`;
}

/** The one error shape of Latch, thrown by the client and used inside the server. */
export class LatchError extends Error {
  readonly code: ErrorCode;
  readonly status!: number;
  /** Seconds to wait before retrying, when the server said so (429, 503). */
  readonly retryAfter?: number;

  constructor(code: ErrorCode, message?: string, options?: { status?: number; retryAfter?: number; cause?: unknown }) {
    // The catalogue's message and status, as own properties like any Error's; before the catalogue has
    // loaded, the prototype's getters below read them when asked for.
    super(message ?? entryOf(code)?.message, { cause: options?.cause });
    this.name = 'LatchError';
    this.code = code;
    const status = options?.status ?? entryOf(code)?.status;
    // Defined, not assigned: the prototype's `status` has only a getter.
    if (status !== undefined)
      Object.defineProperty(this, 'status', { value: status, writable: true, enumerable: true, configurable: true });
    else delete (this as { status?: number }).status;
    this.retryAfter = options?.retryAfter;
  }

  /** The wire body for this error. */
  toBody(): ErrorBody {
    return { error: this.code, message: this.message };
  }
}

// A LatchError made before the catalogue loaded: its code's message and status once loaded (its code and 500
// until then).
Object.defineProperties(LatchError.prototype, {
  message: {
    configurable: true,
    get(this: LatchError): string {
      return entryOf(this.code)?.message ?? this.code;
    },
  },
  status: {
    configurable: true,
    get(this: LatchError): number {
      return entryOf(this.code)?.status ?? 500;
    },
  },
});
