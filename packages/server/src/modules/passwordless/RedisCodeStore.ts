import type { Redis } from 'ioredis';
import type { CodeStore, CodeTry, CodeVerdict, NewCode, SendCount } from './CodeStore.js';

// One-time-code slots on Redis, as Lua scripts (atomic): the codes
// of one (app, channel, purpose, target) under one key `{ codes: [{ mac, expiresAt, tries }] }`, the
// identifier's failures under another, `{ n, at }` (at = the last failure, on the codes' clock). Both
// keys are on the store's Redis: the failures are as durable as its persistence (docs/server.md).

// KEYS: slot, failures, source's failures. ARGV: mac, max tries, now, free failures, base wait, longest
// wait, window, source, max own tries, failures that lock, lock duration. The same steps as
// pgCodeSql.ts' check: the source's lock, the backoff (own codes still compared), compare, count.
const TRY_CODE_SCRIPT = `
local now = tonumber(ARGV[3])
local free = tonumber(ARGV[4])
local src = ARGV[8]
local function counter(key)
  local raw = redis.call('GET', key)
  if raw then
    local ok, f = pcall(cjson.decode, raw)
    if ok and type(f) == 'table' then return tonumber(f.n) or 0, tonumber(f.at) or 0 end
  end
  return 0, 0
end
if src ~= '' then
  local ln, lat = counter(KEYS[3])
  local lockWait = math.ceil(lat + tonumber(ARGV[11]) - now)
  if ln >= tonumber(ARGV[10]) and lockWait > 0 then return {0, lockWait} end
end
local n, at = counter(KEYS[2])
local wait = 0
if n >= free then
  local delay = math.min(tonumber(ARGV[6]), tonumber(ARGV[5]) * 2 ^ math.min(n - free, 30))
  wait = math.max(0, math.ceil(at + delay - now))
end
local maxTries, maxOwn = tonumber(ARGV[2]), tonumber(ARGV[9])
local raw = redis.call('GET', KEYS[1])
local live = {}
local compared, skipped = 0, 0
if raw then
  local ok, slot = pcall(cjson.decode, raw)
  if ok and type(slot) == 'table' and type(slot.codes) == 'table' then
    for _, c in ipairs(slot.codes) do
      if type(c) == 'table' and type(c.mac) == 'string' and type(c.expiresAt) == 'number'
        and type(c.tries) == 'number' and c.expiresAt > now and c.tries < maxTries
        and (tonumber(c.own) or 0) < maxOwn then
        local own = src ~= '' and c.src == src
        live[#live + 1] = { c = c, own = own, compared = own or wait == 0 }
        if own or wait == 0 then compared = compared + 1 else skipped = skipped + 1 end
      end
    end
  end
end
for _, e in ipairs(live) do
  if e.compared and e.c.mac == ARGV[1] then
    redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
    return {1, 0}
  end
end
-- A failure counts only against a code compared (nothing to guess otherwise).
if compared == 0 then return {0, wait} end
local kept = {}
for _, e in ipairs(live) do
  local c = e.c
  if e.compared then
    c.tries = c.tries + 1
    c.own = (tonumber(c.own) or 0) + (e.own and 1 or 0)
  end
  if c.tries < maxTries and (tonumber(c.own) or 0) < maxOwn then kept[#kept + 1] = c end
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then redis.call('SET', KEYS[1], cjson.encode({ codes = kept }), 'PX', ttl) end
redis.call('SET', KEYS[2], cjson.encode({ n = n + 1, at = now }), 'PX', ARGV[7])
if src ~= '' then
  local ln, lat = counter(KEYS[3])
  if lat + tonumber(ARGV[11]) <= now then ln = 0 end
  redis.call('SET', KEYS[3], cjson.encode({ n = ln + 1, at = now }), 'PX', ARGV[11])
end
if skipped > 0 then return {0, wait} end
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
    if (send) await send.throttle.consume(send.target, send.ip, send.known);
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
    const { backoff, lock } = attempt;
    const [taken, wait] = (await this.redis.eval(
      TRY_CODE_SCRIPT,
      3,
      this.prefix + attempt.key,
      this.prefix + attempt.failKey,
      this.prefix + attempt.lockKey,
      attempt.mac,
      attempt.maxTries,
      attempt.now,
      backoff.free,
      backoff.baseMs,
      backoff.maxMs,
      Math.max(1, Math.ceil(backoff.windowMs)),
      attempt.src,
      attempt.maxOwnTries,
      lock.afterFailures,
      Math.max(1, Math.ceil(lock.ms)),
    )) as [number, number];
    return { taken: taken === 1, retryAfterMs: Number(wait) };
  }
}
