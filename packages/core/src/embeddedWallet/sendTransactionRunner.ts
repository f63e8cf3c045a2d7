import { type ErrorCode, LatchError } from '@latch/protocol';
import { ERROR_CATALOGUE } from '@latch/protocol/errors';
import { type Hex, keccak256, type TransactionReceipt } from 'viem';
import { WalletProviderError } from '../externalWallets/eip1193.js';
import type { FlowClock } from '../machine/flowClock.js';
import { createMachineCore, type MachineRunner, runnerOf } from '../machine/machineCore.js';
import { pendingCallers } from '../machine/pendingCallers.js';
import type { PreparedTransaction, PreparedTransactionFields } from '../transactions/prepareTransaction.js';
import {
  type ReceiptFailureReason,
  type SendTransactionEffect,
  type SendTransactionEvent,
  type SendTransactionResult,
  sendTransactionTransition,
} from './sendTransactionFlow.js';
import type {
  SendAccount,
  SendTransaction,
  SendTransactionFailure,
  SendTransactionOptions,
} from './sendTransactionState.js';
import { USER_REJECTED_TEXT } from './signRequestRunner.js';

/** A send that failed on or after reaching the chain: the catalogue code, and the hash when there is one. */
export class TransactionError extends LatchError {
  override name = 'TransactionError';
  constructor(
    code: ErrorCode,
    readonly hash: Hex | null,
    cause?: unknown,
  ) {
    super(code, undefined, { cause });
  }
}

/** Why waiting for a receipt failed (thrown by `SendTransactionDeps.waitForReceipt`). */
export class ReceiptWaitError extends Error {
  constructor(
    readonly reason: ReceiptFailureReason,
    options?: { cause?: unknown },
  ) {
    super(`Waiting for the receipt failed: ${reason}.`, options);
  }
}

/** What the runner does for the flow's effects: the chain and the frame. */
export interface SendTransactionDeps {
  prepare(request: unknown, chainId: number, account: SendAccount): Promise<PreparedTransaction>;
  /** eth_signTransaction in the frame: it resolves once the user clicked Submit on the frame's confirmation (or headless). */
  sign(transaction: PreparedTransactionFields, account: SendAccount): Promise<Hex>;
  broadcast(raw: Hex, chainId: number): Promise<Hex>;
  waitForReceipt(hash: Hex, chainId: number, timeoutMs: number): Promise<TransactionReceipt>;
}

/** The running send flow: the screen's state and events, and `send` for the provider. */
export interface SendTransactionRunner extends MachineRunner<SendTransaction | null, SendTransactionEvent> {
  send(request: unknown, options: SendTransactionOptions): Promise<SendTransactionResult>;
}

const codeOf = (error: unknown, fallback: ErrorCode): ErrorCode =>
  error instanceof LatchError ? error.code : fallback;

/** The caller's error for a failure the flow reports (SPEC §8 'Error processing transaction' is EIP-1193's -32603). */
function errorOfFailure(failure: SendTransactionFailure, cause: unknown): Error {
  if (failure.code === 'transaction_failed') {
    return Object.assign(new WalletProviderError(-32603, ERROR_CATALOGUE.transaction_failed.message), { cause });
  }
  if (cause instanceof LatchError && cause.code === failure.code && failure.hash === null) return cause;
  return new TransactionError(failure.code, failure.hash, cause ?? undefined);
}

interface Caller {
  resolve(result: SendTransactionResult): void;
  reject(error: unknown): void;
}

/** Runs the pure send flow: keeps each caller's promise and does the preparing, signing and sending. */
export function createSendTransactionRunner(clock: FlowClock, deps: SendTransactionDeps): SendTransactionRunner {
  const callers = pendingCallers<Caller>();
  const machine = createMachineCore<SendTransaction | null, SendTransactionEvent, SendTransactionEffect>({
    initial: null,
    transition: sendTransactionTransition,
    clock,
    run(effect) {
      switch (effect.type) {
        case 'prepare':
          return machine.settle(
            deps.prepare(effect.request, effect.chainId, effect.account),
            (prepared) => ({ type: 'prepared', id: effect.id, prepared }),
            (error) => ({
              type: 'prepareFailed',
              id: effect.id,
              code: codeOf(error, 'transaction_preparation_failed'),
              error,
            }),
          );
        case 'signAndSend': {
          const { transaction, broadcast, account } = effect;
          // A signing failure keeps its code (SPEC §8: the generic signing error); a node refusing the
          // signed transaction is 'Error processing transaction'.
          const sent = deps.sign(transaction, account).then(
            (raw): Promise<{ hash: Hex; raw?: Hex }> => {
              // The user clicked Submit in the frame: the screen shows the send under way.
              machine.dispatch({ type: 'signed', id: effect.id });
              return broadcast
                ? deps.broadcast(raw, transaction.chainId).then(
                    (hash) => ({ hash }),
                    (error: unknown) => {
                      throw new TransactionError('transaction_failed', null, error);
                    },
                  )
                : Promise.resolve({ hash: keccak256(raw), raw });
            },
            (error: unknown) => {
              throw error instanceof LatchError ? error : new LatchError('internal_error', undefined, { cause: error });
            },
          );
          return machine.settle(
            sent,
            ({ hash, raw }) => ({ type: 'sent', id: effect.id, hash, raw }),
            (error) => ({ type: 'sendFailed', id: effect.id, code: codeOf(error, 'transaction_failed'), error }),
          );
        }
        case 'waitForReceipt':
          return machine.settle(
            deps.waitForReceipt(effect.hash, effect.chainId, effect.timeoutMs),
            (receipt) => ({ type: 'receiptReceived', id: effect.id, receipt }),
            (error) => ({
              type: 'receiptFailed',
              id: effect.id,
              reason: error instanceof ReceiptWaitError ? error.reason : 'failed',
              error,
            }),
          );
        case 'resolve':
          return callers.settle(effect.id, (caller) => caller.resolve(effect.result));
        case 'reject':
          return callers.settle(effect.id, (caller) => {
            if (effect.failure) return caller.reject(errorOfFailure(effect.failure, effect.error));
            caller.reject(effect.error ?? new WalletProviderError(4001, USER_REJECTED_TEXT));
          });
        case 'rejectBusy':
          return callers.settle(effect.id, (caller) =>
            caller.reject(new WalletProviderError(-32002, 'Another transaction is being sent.')),
          );
      }
    },
  });
  return {
    ...runnerOf(machine, () => machine.dispatch({ type: 'reset' })),
    send(request, options) {
      return new Promise<SendTransactionResult>((resolve, reject) => {
        const id = callers.add({ resolve, reject });
        machine.dispatch({ type: 'request', id, request, ...options });
      });
    },
  };
}
