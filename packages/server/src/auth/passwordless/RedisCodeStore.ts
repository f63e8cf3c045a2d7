import type { Redis } from 'ioredis';
import type { CodeStore, CodeTry, CodeVerdict, NewCode, SendCount } from './CodeStore.js';

// One-time-code slots on Redis, as Lua scripts (atomic): the codes
// of one (app, channel, purpose, target) under one key `{ codes: [{ mac, expiresAt, tries }] }`, the
// identifier's failures under another, `{ n, at }` (at = the last failure, on the codes' clock). Both
// keys are on the store's Redis: the failures are as durable as its persistence (docs/server.md).

// KEYS: slot, failures. ARGV: mac, max tries, now, free failures, base wait, longest wait, window.
const TRY_CODE_SCRIPT = `
local now = tonumber(ARGV[3])
local free = tonumber(ARGV[4])
local n, at = 0, 0
local rawFails = redis.call('GET', KEYS[2])
if rawFails then
  local ok, f = pcall(cjson.decode, rawFails)
  if ok and type(f) == 'table' then n = tonumber(f.n) or 0; at = tonumber(f.at) or 0 end
end
if n >= free then
  local delay = math.min(tonumber(ARGV[6]), tonumber(ARGV[5]) * 2 ^ math.min(n - free, 30))
  local wait = math.ceil(at + delay - now)
  if wait > 0 then return {0, wait} end
end
local maxTries = tonumber(ARGV[2])
local raw = redis.call('GET', KEYS[1])
local live = {}
if raw then
  local ok, slot = pcall(cjson.decode, raw)
  if ok and type(slot) == 'table' and type(slot.codes) == 'table' then
    for _, c in ipairs(slot.codes) do
      if type(c) == 'table' and type(c.mac) == 'string' and type(c.expiresAt) == 'number'
        and type(c.tries) == 'number' and c.expiresAt > now and c.tries < maxTries then
        live[#live + 1] = c
      end
    end
  end
end
for _, c in ipairs(live) do
  if c.mac == ARGV[1] then
    redis.call('DEL', KEYS[1], KEYS[2])
    return {1, 0}
  end
end
if raw then
  local kept = {}
  for _, c in ipairs(live) do
    c.tries = c.tries + 1
    if c.tries < maxTries then kept[#kept + 1] = c end
  end
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl > 0 then redis.call('SET', KEYS[1], cjson.encode({ codes = kept }), 'PX', ttl) end
end
-- A failure counts only against a live code (nothing to guess otherwise).
if #live > 0 then redis.call('SET', KEYS[2], cjson.encode({ n = n + 1, at = now }), 'PX', ARGV[7]) end
return {0, 0}
`;

// KEYS: slot. ARGV: the new code (JSON), how many to keep, now, the slot's TTL, how many per source.
const ADD_CODE_SCRIPT = `
local now = tonumber(ARGV[3])
local kept = {}
local raw = redis.call('GET', KEYS[1])
if raw then
  local ok, slot = pcall(cjson.decode, raw)
  if ok and type(slot) == 'table' and type(slot.codes) == 'table' then
    for _, c in ipairs(slot.codes) do
      if type(c) == 'table' and type(c.expiresAt) == 'number' and c.expiresAt > now then kept[#kept + 1] = c end
    end
  end
end
kept[#kept + 1] = cjson.decode(ARGV[1])
local keep, perSource = tonumber(ARGV[2]), tonumber(ARGV[5])
-- From the newest back: at most perSource codes of each source, keep in all.
local ofSource, chosen = {}, {}
for i = #kept, 1, -1 do
  local src = tostring(kept[i].src)
  local n = (ofSource[src] or 0) + 1
  ofSource[src] = n
  if n <= perSource and #chosen < keep then chosen[#chosen + 1] = kept[i] end
end
local codes = {}
for i = #chosen, 1, -1 do codes[#codes + 1] = chosen[i] end
local ttl = math.max(redis.call('PTTL', KEYS[1]), tonumber(ARGV[4]))
redis.call('SET', KEYS[1], cjson.encode({ codes = codes }), 'PX', ttl)
return 1
`;

/**
 * CodeStore on Redis (REDIS_URL), keys under the short-lived store's prefix: a try and an add are one
 * Lua script each. A send is counted first by the throttle's own Redis limiters (a refused send adds
 * no code), then the code is added.
 */
export class RedisCodeStore implements CodeStore {
  /** Uses `redis` (owned by the caller) with keys under `prefix`. */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async add(code: NewCode, send?: SendCount): Promise<void> {
    if (send) await send.throttle.consume(send.target, send.ip);
    await this.redis.eval(
      ADD_CODE_SCRIPT,
      1,
      this.prefix + code.key,
      code.entry,
      code.keep,
      code.now,
      Math.max(1, Math.ceil(code.ttlMs)),
      code.perSource,
    );
  }

  async try(attempt: CodeTry): Promise<CodeVerdict> {
    const { backoff } = attempt;
    const [taken, wait] = (await this.redis.eval(
      TRY_CODE_SCRIPT,
      2,
      this.prefix + attempt.key,
      this.prefix + attempt.failKey,
      attempt.mac,
      attempt.maxTries,
      attempt.now,
      backoff.free,
      backoff.baseMs,
      backoff.maxMs,
      Math.max(1, Math.ceil(backoff.windowMs)),
    )) as [number, number];
    return { taken: taken === 1, retryAfterMs: Number(wait) };
  }
}
