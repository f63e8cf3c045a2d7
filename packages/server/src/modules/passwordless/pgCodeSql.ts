import type { CounterLimit } from '../../kernel/throttle/SendThrottle.js';
import type { CodeTry, NewCode } from './CodeStore.js';

// One-time-code slots on PostgreSQL/PGlite (PgCodeStore): the codes of one
// (app, channel, purpose, target) as one short_lived row `{ codes: [{ mac, expiresAt, tries, own, src }] }`,
// the identifier's failures (and each source's there) as one durable_counters row (count = failures, expires_at = last failure +
// window, so the last failure is expires_at - window). Fixed texts: one prepared statement each.

// The whole check, as CTEs ending in `verdict(taken, retry_after_ms)` so that a login can run it inside
// its own statement. Lock the failure row, then the source's lock row, then the slot (same order
// everywhere: no deadlock; a locked row is re-read after a concurrent write, so a burst of guesses is
// serialised and sees every count). A locked-out source is refused (nothing counted). While the
// identifier's backoff runs, the try is compared only with the source's own codes (RL-03: an attacker's
// failures never stop the owner's own code); with none, it waits (nothing counted). A match deletes the
// slot and forgives the failures (the identifier's and the source's); a miss counts a try on each code
// compared (an own try on own ones; dropping spent ones), one failure of the identifier (restarting its
// window) and one of the source. A try with no live code counts nothing: there is nothing to guess,
// and an attacker must not be able to build up a wait for the owner's next code.
// Parameters, in order: slot key, store now, codes' now, max tries per code, mac, failure key,
// free failures, base wait, longest wait, failure window (ms), source, max own tries per code,
// lock key, failures that lock, lock duration (ms).

/** How many parameters the check takes (see `tryCodeParameters`). */
export const TRY_CODE_PARAMETER_COUNT = 15;

/** The check's CTEs, ending in `verdict(taken, retry_after_ms)`, with its parameters numbered from `$first`. */
export function tryCodeCtes(first: number): string {
  const [
    slot,
    storeNow,
    now,
    maxTries,
    mac,
    failKey,
    free,
    baseMs,
    maxMs,
    windowMs,
    src,
    maxOwn,
    lockKey,
    lockAfter,
    lockMs,
  ] = Array.from({ length: TRY_CODE_PARAMETER_COUNT }, (_, i) => `$${first + i}`);
  const ownTries = `coalesce((e.entry->>'own')::bigint, 0)`;
  return `fails as (
    select count as n, expires_at - ${windowMs}::bigint as at from durable_counters
    where key = ${failKey} and expires_at > ${now}::bigint
    for update
  ), source_fails as (
    select count as n, expires_at from durable_counters
    where key = ${lockKey} and ${src}::text <> '' and expires_at > ${now}::bigint
    for update
  ), gate as (
    select coalesce((
      select case when n >= ${free}::bigint then greatest(0::bigint,
          at + least(${maxMs}::bigint, ${baseMs}::bigint * power(2::float8, least(n - ${free}::bigint, 30)::float8)::bigint) - ${now}::bigint)
        else 0::bigint end
      from fails), 0::bigint) as wait_ms,
      coalesce((select case when n >= ${lockAfter}::bigint then expires_at - ${now}::bigint else 0::bigint end
        from source_fails), 0::bigint) as lock_ms
  ), code as (
    select key, value::jsonb as slot from short_lived
    where key = ${slot} and expires_at > ${storeNow}::bigint and (select lock_ms from gate) = 0
    for update
  ), entries as (
    select e.entry, e.i, own, own or (select wait_ms from gate) = 0 as compared from code
    cross join lateral jsonb_array_elements(coalesce(code.slot->'codes', '[]'::jsonb)) with ordinality as e(entry, i)
    cross join lateral (select ${src}::text <> '' and e.entry->>'src' = ${src}::text as own) as o
    where (e.entry->>'expiresAt')::bigint > ${now}::bigint and (e.entry->>'tries')::bigint < ${maxTries}::bigint
      and ${ownTries} < ${maxOwn}::bigint
  ), verdict as (
    select exists (select 1 from entries where compared and entry->>'mac' = ${mac}) as taken,
      case when (select lock_ms from gate) > 0 then (select lock_ms from gate)
        when exists (select 1 from entries where compared and entry->>'mac' = ${mac}) then 0::bigint
        when not exists (select 1 from entries where compared) or exists (select 1 from entries where not compared)
          then (select wait_ms from gate)
        else 0::bigint end as retry_after_ms,
      exists (select 1 from entries where compared) as counted
  ), spent as (
    delete from short_lived where key = ${slot} and (select taken from verdict)
  ), tried as (
    update short_lived set value = jsonb_build_object('codes', coalesce((
        select jsonb_agg(t.entry order by t.i) from (
          select e.i, case when not e.compared then e.entry else jsonb_set(
              jsonb_set(e.entry, '{tries}', to_jsonb((e.entry->>'tries')::bigint + 1)),
              '{own}', to_jsonb(${ownTries} + case when e.own then 1 else 0 end)) end as entry
          from entries e
        ) t where (t.entry->>'tries')::bigint < ${maxTries}::bigint
          and coalesce((t.entry->>'own')::bigint, 0) < ${maxOwn}::bigint), '[]'::jsonb))::text
    where key = ${slot} and (select counted and not taken from verdict)
  ), forgiven as (
    delete from durable_counters where key in (${failKey}, ${lockKey}) and (select taken from verdict)
  ), failed as (
    insert into durable_counters (key, count, expires_at)
    select ${failKey}, 1, ${now}::bigint + ${windowMs}::bigint from verdict where counted and not taken
    on conflict (key) do update set
      count = case when durable_counters.expires_at <= ${now}::bigint then 1 else durable_counters.count + 1 end,
      expires_at = excluded.expires_at
  ), source_failed as (
    insert into durable_counters (key, count, expires_at)
    select ${lockKey}, 1, ${now}::bigint + ${lockMs}::bigint from verdict
    where counted and not taken and ${src}::text <> ''
    on conflict (key) do update set
      count = case when durable_counters.expires_at <= ${now}::bigint then 1 else durable_counters.count + 1 end,
      expires_at = excluded.expires_at
  )`;
}

/** The check on its own: one statement answering the verdict. */
export const TRY_CODE = `with ${tryCodeCtes(1)} select taken, retry_after_ms from verdict`;

// A send: count one more on every counter ($1 keys, $2 new expiries, $4 maxima; durable, as
// PgDurableCounters' INCREMENT), then, only if every count is within its maximum, add the code ($6) to
// the slot ($5), keeping the newest $12 live codes of each source and the newest $7 in all (a new send
// does not void the codes already sent, and one source cannot push out the others' codes),
// and make sure the failure row ($10) exists, so that the first guesses already lock one row. A live
// failure row is left as it is (its expiry dates the last failure).
// $3 store now, $8 codes' now, $9 the slot's new expiry, $11 failure window (ms). A counter whose $14 flag
// is set (the per-target cap) is not counted when the known-sender marker $13 (a short_lived key, or null)
// is live: the sender logged in with a code to the target before (RL-03, KnownSenders).
export const ADD_CODE_WITHIN_LIMITS = `with known as (
    select exists (select 1 from short_lived where key = $13::text and expires_at > $3::bigint) as sender
  ), counted as (
    insert into durable_counters (key, count, expires_at)
    select key, 1, expires_at from unnest($1::text[], $2::bigint[], $14::boolean[]) as counter(key, expires_at, waived)
    where not (waived and (select sender from known))
    on conflict (key) do update set
      count = case when durable_counters.expires_at <= $3::bigint then 1 else durable_counters.count + 1 end,
      expires_at = case when durable_counters.expires_at <= $3::bigint then excluded.expires_at
        else durable_counters.expires_at end
    returning key, count, expires_at
  ), within as (
    select coalesce(bool_and(counted.count <= limits.max_count), true) as ok
    from counted join unnest($1::text[], $4::bigint[]) as limits(key, max_count) using (key)
  ), stored as (
    insert into short_lived (key, value, expires_at)
    select $5, jsonb_build_object('codes', jsonb_build_array($6::jsonb))::text, $9::bigint from within where ok
    on conflict (key) do update set
      value = jsonb_build_object('codes', (
        select coalesce(jsonb_agg(kept.entry order by kept.i), '[]'::jsonb) from (
          select entry, i, row_number() over (order by i desc) as newest from (
            select e.entry, e.i, row_number() over (partition by e.entry->>'src' order by e.i desc) as of_source
            from jsonb_array_elements(
                case when short_lived.expires_at > $3::bigint
                  then coalesce(short_lived.value::jsonb->'codes', '[]'::jsonb) else '[]'::jsonb end
                || jsonb_build_array($6::jsonb)) with ordinality as e(entry, i)
            where (e.entry->>'expiresAt')::bigint > $8::bigint
          ) live where of_source <= $12::bigint
        ) kept where newest <= $7::bigint))::text,
      expires_at = greatest(short_lived.expires_at, excluded.expires_at)
  ), watched as (
    insert into durable_counters (key, count, expires_at)
    select $10, 0, $8::bigint + $11::bigint from within where ok
    on conflict (key) do update set
      count = case when durable_counters.expires_at <= $8::bigint then 0 else durable_counters.count end,
      expires_at = case when durable_counters.expires_at <= $8::bigint then excluded.expires_at
        else durable_counters.expires_at end
  )
  select key, count, expires_at from counted`;

/** The check's parameters for `attempt`, in `tryCodeCtes`' order; `storeNow` is the store's clock. */
export function tryCodeParameters(attempt: CodeTry, storeNow: number): unknown[] {
  const { backoff, lock } = attempt;
  return [
    attempt.key,
    storeNow,
    attempt.now,
    attempt.maxTries,
    attempt.mac,
    attempt.failKey,
    backoff.free,
    backoff.baseMs,
    backoff.maxMs,
    backoff.windowMs,
    attempt.src,
    attempt.maxOwnTries,
    attempt.lockKey,
    lock.afterFailures,
    lock.ms,
  ];
}

/** The parameters of ADD_CODE_WITHIN_LIMITS; `knownMarker` waives the counters marked `waivedWhenKnown` when live. */
export function addCodeParameters(
  counters: readonly CounterLimit[],
  code: NewCode,
  storeNow: number,
  knownMarker?: string,
): unknown[] {
  return [
    counters.map((counter) => counter.key),
    counters.map((counter) => storeNow + counter.ttlMs),
    storeNow,
    counters.map((counter) => counter.max),
    code.key,
    code.entry,
    code.keep,
    code.now,
    storeNow + code.ttlMs,
    code.failKey,
    code.failWindowMs,
    code.perSource,
    knownMarker ?? null,
    counters.map((counter) => counter.waivedWhenKnown === true),
  ];
}
