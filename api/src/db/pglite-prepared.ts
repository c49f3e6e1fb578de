import { parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

type BackendMessage = Awaited<ReturnType<PGlite["execProtocol"]>>["messages"][number];
type Field = { name: string; dataTypeID: number };
type Parser = (value: string, typeId: number) => unknown;
type Prepared = {
  name: string;
  parameterTypes: number[];
  fields: Field[];
  /** Each column's parser, per parser set asked for (the adapter always passes the same object). */
  columnParsers: WeakMap<object, Parser[]>;
};
const NO_OPTIONS = {};

/** How many statements stay prepared; Prisma's SQL is a small set of shapes, IN lists vary in length. */
const MAX_PREPARED = 500;
/** PostgreSQL's answer when a prepared statement's result columns changed (a migration altered a table). */
const CACHED_PLAN_CHANGED = "0A000";

/**
 * `PGlite.query` through named prepared statements. PGlite's own `query` parses, analyses and plans
 * every statement on every call, in six protocol round trips; a page's statement spends longer being
 * planned than run. Here each distinct SQL text is prepared once (Parse + Describe), then every call
 * is one Bind + Execute + Sync, and PostgreSQL reuses the plan. Results have `query`'s shape.
 */
export class PglitePreparedStatements {
  private readonly statements = new Map<string, Prepared>();
  private sequence = 0;

  constructor(private readonly pglite: PGlite) {}

  /** Same contract as `pglite.query`, outside transactions (a transaction uses its own connection object). */
  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    // The same mutexes as `query`: nothing runs between this statement's messages.
    return this.pglite._runExclusiveTransaction(() =>
      this.pglite._runExclusiveQuery(async () => {
        try {
          return await this.run<T>(sql, params, options);
        } catch (error) {
          if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED) throw error;
          await this.forget(sql);
          return await this.run<T>(sql, params, options);
        }
      }),
    );
  }

  private async run<T>(sql: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const statement = this.statements.get(sql) ?? (await this.prepare(sql));
    // Most recently used last: the first entry is the one to evict.
    this.statements.delete(sql);
    this.statements.set(sql, statement);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.parameterTypes[i]!;
      const serialize = options?.serializers?.[oid] ?? this.pglite.serializers[oid];
      return serialize ? serialize(param) : String(param);
    });
    const message = concat([
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    const { messages } = await this.pglite.execProtocol(message, { syncToFs: false });
    await this.pglite.syncToFs();
    return this.results<T>(statement, messages, options);
  }

  /** `parseResults` for one statement, with its columns' parsers looked up once, not per value. */
  private results<T>(statement: Prepared, messages: BackendMessage[], options?: QueryOptions): Results<T> {
    const parserSet = options?.parsers ?? NO_OPTIONS;
    let parsers = statement.columnParsers.get(parserSet);
    if (!parsers) {
      parsers = statement.fields.map(
        (field) => (options?.parsers?.[field.dataTypeID] ?? this.pglite.parsers[field.dataTypeID] ?? identity) as Parser,
      );
      statement.columnParsers.set(parserSet, parsers);
    }
    const rows: unknown[] = [];
    let affectedRows = 0;
    const objectRows = options?.rowMode !== "array";
    for (const message of messages) {
      if (message.name === "dataRow") {
        const values = (message as unknown as { fields: (string | null)[] }).fields;
        const row = values.map((value, i) => (value === null ? null : parsers[i]!(value, statement.fields[i]!.dataTypeID)));
        rows.push(objectRows ? Object.fromEntries(statement.fields.map((field, i) => [field.name, row[i]])) : row);
      } else if (message.name === "commandComplete") {
        const [command, ...rest] = (message as unknown as { text: string }).text.split(" ");
        if (command === "INSERT" || command === "UPDATE" || command === "DELETE" || command === "MERGE" || command === "COPY") {
          affectedRows += Number(rest[rest.length - 1]) || 0;
        }
      }
    }
    return { rows: rows as T[], fields: statement.fields, affectedRows };
  }

  private async prepare(sql: string): Promise<Prepared> {
    const name = `brevia_${++this.sequence}`;
    const { messages } = await this.pglite.execProtocol(
      concat([protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: "S", name }), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    const rowDescription = messages.find((m) => m.name === "rowDescription") as unknown as { fields: Field[] } | undefined;
    const prepared: Prepared = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      fields: (rowDescription?.fields ?? []).map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
      columnParsers: new WeakMap(),
    };
    if (this.statements.size >= MAX_PREPARED) {
      const [oldest] = this.statements.keys();
      if (oldest !== undefined) await this.forget(oldest);
    }
    this.statements.set(sql, prepared);
    return prepared;
  }

  private async forget(sql: string) {
    const statement = this.statements.get(sql);
    if (!statement) return;
    this.statements.delete(sql);
    await this.pglite.execProtocol(concat([protocol.serialize.close({ type: "S", name: statement.name }), protocol.serialize.sync()]), {
      syncToFs: false,
    });
  }
}

const identity: Parser = (value) => value;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The instance as the Prisma adapter sees it: `query` prepared, everything else (transactions, exec,
 * close) PGlite's own. A transaction's queries keep PGlite's path: they run on the transaction object.
 */
export function withPreparedQueries(pglite: PGlite): PGlite {
  const prepared = new PglitePreparedStatements(pglite);
  return new Proxy(pglite, {
    get(target, property) {
      if (property === "query") return prepared.query.bind(prepared);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
