// Runs a server under test in its own Node process, so the load generator never shares its event
// loop, and carries the one-time codes it "sends" back over IPC (kept out of the HTTP measurement).
import { fork } from 'node:child_process';

// BENCH_READY_TIMEOUT_MS: more for a machine loaded far past its cores (PGlite's start is the slow part).
const READY_TIMEOUT_MS = Number(process.env.BENCH_READY_TIMEOUT_MS) || 60_000;
const STOP_TIMEOUT_MS = 5_000;
const CODE_TIMEOUT_MS = 10_000;

/**
 * Forks `script` with `env` added, waits for its `{ type: 'ready', origin }` message and returns
 * `{ origin, info, pid, nextCode(recipient), ask(type), stop() }`. `info` is whatever else the ready message holds.
 */
export async function startChildServer(script, { env = {}, execArgv = [] } = {}) {
  const child = fork(script, [], {
    env: { ...process.env, ...env },
    execArgv,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  // Codes can arrive before or after the HTTP response that caused them: keep both sides waiting.
  const codes = new Map();
  const waiters = new Map();
  child.on('message', (message) => {
    if (message?.type !== 'code') return;
    const waiter = waiters.get(message.recipient);
    if (waiter) {
      waiters.delete(message.recipient);
      waiter(message.code);
    } else {
      codes.set(message.recipient, message.code);
    }
  });
  const ready = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start in time\n${stderr}`)), READY_TIMEOUT_MS);
    child.on('message', (message) => {
      if (message?.type === 'ready') {
        clearTimeout(timer);
        resolve(message);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before it was ready\n${stderr}`));
    });
  }).catch((error) => {
    child.kill('SIGKILL');
    throw error;
  });
  const { type: _type, origin, ...info } = ready;
  return {
    origin,
    info,
    pid: child.pid,
    /** Resolves with the next code sent to `recipient`; rejects after 10 s so no case can hang. */
    nextCode(recipient) {
      const code = codes.get(recipient);
      if (code !== undefined) {
        codes.delete(recipient);
        return Promise.resolve(code);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(recipient);
          reject(new Error('no code was sent within 10 s'));
        }, CODE_TIMEOUT_MS);
        waiters.set(recipient, (value) => {
          clearTimeout(timer);
          resolve(value);
        });
      });
    },
    /** Sends `{ type, ...extra }` and resolves with the next message of that type the server answers (a bench probe). */
    ask(type, extra = {}) {
      return new Promise((resolve) => {
        const answer = (message) => {
          if (message?.type !== type) return;
          child.off('message', answer);
          resolve(message);
        };
        child.on('message', answer);
        child.send({ ...extra, type });
      });
    },
    /** Asks the server to close, then kills it if it does not exit promptly. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
