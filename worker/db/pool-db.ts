import type { Db, DriverName, Queryable } from "./types.ts";

interface PoolClientLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  release(): void;
}
/** The part of a pg-compatible pool we use: node-postgres and Neon's driver both fit. */
export interface PoolLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  connect(): Promise<PoolClientLike>;
  end(): Promise<void>;
}

export function poolDb(driver: DriverName, pool: PoolLike): Db {
  return {
    driver,
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const res = await pool.query(sql, params as unknown[]);
      return res.rows as T[];
    },
    // Without parameters pg-compatible drivers use the simple protocol, which allows several statements.
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const tx: Queryable = {
          async query<R>(sql: string, params: readonly unknown[] = []) {
            const res = await client.query(sql, params as unknown[]);
            return res.rows as R[];
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        };
        const result = await fn(tx);
        await client.query("COMMIT");
        return result;
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
