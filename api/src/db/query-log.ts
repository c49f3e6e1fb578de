import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, SqlQueryable, Transaction } from "@prisma/driver-adapter-utils";

/**
 * Records the SQL the Prisma client sends, at the driver adapter, so tests can snapshot the
 * statements one GraphQL operation issues (a per-row query shows up as a diff) and benchmarks
 * can print them.
 */
export class QueryRecorder {
  private statements: string[] | null = null;

  record(sql: string) {
    this.statements?.push(sql);
  }

  /** Runs `fn` and returns the SQL statements issued while it ran, in order. */
  async capture<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const statements: string[] = [];
    this.statements = statements;
    try {
      const result = await fn();
      return { result, statements };
    } finally {
      this.statements = null;
    }
  }
}

function wrapQueryable<Q extends SqlQueryable>(target: Q, recorder: QueryRecorder): Q {
  const queryRaw = target.queryRaw.bind(target);
  const executeRaw = target.executeRaw.bind(target);
  target.queryRaw = (query: SqlQuery) => {
    recorder.record(query.sql);
    return queryRaw(query);
  };
  target.executeRaw = (query: SqlQuery) => {
    recorder.record(query.sql);
    return executeRaw(query);
  };
  return target;
}

export function recordingAdapterFactory<F extends SqlDriverAdapterFactory>(factory: F, recorder: QueryRecorder | undefined): F {
  if (!recorder) return factory;
  const connect = factory.connect.bind(factory);
  factory.connect = async (): Promise<SqlDriverAdapter> => {
    const adapter = wrapQueryable(await connect(), recorder);
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (...args): Promise<Transaction> => wrapQueryable(await startTransaction(...args), recorder);
    return adapter;
  };
  return factory;
}
