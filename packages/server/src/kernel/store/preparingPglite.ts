import { type PGlite, protocol, type Results } from '@electric-sql/pglite';
import { closePglite } from './closePglite.js';
import { neverPrepare, statementName } from './statementNames.js';

const { serialize } = protocol;

/** PostgreSQL's error for a prepared statement whose result columns changed under it (a migration). */
const CACHED_PLAN_CHANGED = '0A000';

/** What preparing a statement told us: the parameter types to serialise with, the result columns. */
interface Prepared {
  parameterTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

/** The messages of one protocol exchange, as PGlite's parser gives them (only the fields read here). */
type BackendMessage = {
  name: string;
  dataTypeIDs?: number[];
  fields?: ({ name: string; dataTypeID: number } | string | null)[];
  text?: string;
};

/** Answered in place of a result when the statement must run again unprepared. */
const RUN_UNPREPARED = Symbol('run unprepared');

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/** Rows affected, from a CommandComplete tag ('INSERT 0 3', 'UPDATE 2', …), as PGlite counts them. */
function affectedRowsOf(tag: string): number {
  const [command, first, second] = tag.split(' ');
  if (command === 'INSERT') return Number.parseInt(second ?? '0', 10);
  if (command === 'UPDATE' || command === 'DELETE' || command === 'MERGE') return Number.parseInt(first ?? '0', 10);
  return 0;
}

/**
 * The `query` kysely-pglite-dialect calls, over a PGlite that prepares each distinct DML statement once
 * (a named statement, named like PreparingClient's) and then runs it as one Bind + Execute + Sync
 * exchange. PGlite's own `query` parses, plans and describes every statement on every call, in six
 * exchanges with the WASM engine; on the hot paths that was most of the server's time. Anything else
 * (DDL, transaction control, a text that cannot be prepared) goes to PGlite's `query` unchanged.
 */
export class PreparingPglite {
  private readonly prepared = new Map<string, Prepared>();

  constructor(readonly pglite: PGlite) {}

  /** Runs `text` with `params`: the result shape of PGlite's `query` (rows as objects, affectedRows). */
  async query<Row>(text: string, params: readonly unknown[] = []): Promise<Results<Row>> {
    const name = statementName(text);
    if (name !== undefined) {
      await this.pglite.waitReady;
      const result = await this.pglite.runExclusive(() => this.runPrepared<Row>(name, text, params));
      if (result !== RUN_UNPREPARED) return result;
    }
    return this.pglite.query<Row>(text, [...params]);
  }

  /** Closes the database. */
  close(): Promise<void> {
    return closePglite(this.pglite);
  }

  private async runPrepared<Row>(
    name: string,
    text: string,
    params: readonly unknown[],
  ): Promise<Results<Row> | typeof RUN_UNPREPARED> {
    let statement = this.prepared.get(name);
    if (!statement) {
      try {
        statement = await this.prepare(name, text);
      } catch {
        // Not preparable after all (or wrong): PGlite's own query runs it and reports any error.
        neverPrepare(text);
        return RUN_UNPREPARED;
      }
      this.prepared.set(name, statement);
    }
    const { parameterTypes, fields } = statement;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pglite.serializers[parameterTypes[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    let messages: BackendMessage[];
    try {
      ({ messages } = await this.pglite.execProtocol(
        concat([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]),
      ));
    } catch (error) {
      if ((error as { code?: string })?.code !== CACHED_PLAN_CHANGED) throw error;
      await this.forget(name, text);
      return RUN_UNPREPARED;
    }
    const rows: Row[] = [];
    let affectedRows = 0;
    for (const message of messages) {
      if (message.name === 'dataRow' && message.fields) {
        const row: Record<string, unknown> = {};
        message.fields.forEach((raw, index) => {
          const field = fields[index];
          if (field) row[field.name] = raw === null ? null : this.parse(raw as string, field.dataTypeID);
        });
        rows.push(row as Row);
      } else if (message.name === 'commandComplete' && message.text) {
        affectedRows += affectedRowsOf(message.text);
      }
    }
    return { rows, affectedRows, fields };
  }

  /** Parse + Describe + Sync: creates the named statement and learns its parameter and result types. */
  private async prepare(name: string, text: string): Promise<Prepared> {
    const { messages } = (await this.pglite.execProtocol(
      concat([serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    )) as { messages: BackendMessage[] };
    const parameters = messages.find((message) => message.name === 'parameterDescription');
    const rowDescription = messages.find((message) => message.name === 'rowDescription');
    return {
      parameterTypes: parameters?.dataTypeIDs ?? [],
      fields: (rowDescription?.fields ?? []).map((field) => {
        const { name: column, dataTypeID } = field as { name: string; dataTypeID: number };
        return { name: column, dataTypeID };
      }),
    };
  }

  /** A text value of type `dataTypeID`, parsed as PGlite's own query would. */
  private parse(raw: string, dataTypeID: number): unknown {
    const parser = this.pglite.parsers[dataTypeID];
    return parser ? parser(raw, dataTypeID) : raw;
  }

  /** Drops a named statement whose result columns changed; its text runs unprepared from now on. */
  private async forget(name: string, text: string): Promise<void> {
    this.prepared.delete(name);
    neverPrepare(text);
    await this.pglite
      .execProtocol(concat([serialize.close({ type: 'S', name }), serialize.sync()]), { syncToFs: false })
      .catch(() => {});
  }
}
