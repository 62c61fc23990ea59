// The few SQL operations the migrator needs, over either back end.
export type SqlRunner = {
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `work` in one transaction on a single connection. */
  transaction(work: (tx: SqlRunner) => Promise<void>): Promise<void>;
};
