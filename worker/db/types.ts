/** The one small interface every repository talks to, whatever the driver. */
export type Row = Record<string, unknown>;

export interface Queryable {
  /** Plain parameterised SQL ($1, $2, ...). Returns the rows. */
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements with no parameters (migrations, sample data). */
  exec(sql: string): Promise<void>;
}

export type DriverName = "pglite" | "pg" | "neon";

export interface Db extends Queryable {
  readonly driver: DriverName;
  /** Runs fn inside BEGIN/COMMIT; any throw rolls back and is rethrown. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Only on a database this process owns alone (PGlite: DATA_DIR is locked, tests hold theirs in memory): a
   * count that moves when a call that may have changed data has finished. While it stands still, what was
   * read before is still what the database holds, so worker/app/data-version.ts keeps the versions in memory.
   * Absent where other processes may write (node-postgres, Neon).
   */
  changeCount?(): number;
}
