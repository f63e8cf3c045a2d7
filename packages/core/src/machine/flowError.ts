import { LatchError } from '@latch/protocol';

/** An error as the flows see it: a catalogue code, the HTTP status and the message. */
export interface FlowError {
  code?: string;
  status?: number;
  message: string;
}

/** Turns anything thrown by an action into the flow's error shape. */
export function toFlowError(error: unknown): FlowError {
  if (error instanceof LatchError) return { code: error.code, status: error.status, message: error.message };
  if (error && typeof error === 'object' && 'message' in error) {
    const e = error as { code?: unknown; status?: unknown; message: unknown };
    return {
      code: typeof e.code === 'string' ? e.code : undefined,
      status: typeof e.status === 'number' ? e.status : undefined,
      message: String(e.message),
    };
  }
  return { message: String(error) };
}
