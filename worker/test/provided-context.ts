/** What the global setups hand to the test files (vitest `provide` / `inject`), shared by every runtime. */
export type TestDriver = "pglite" | "postgres" | "workerd";

/** A migrated template database on a PostgreSQL server; each test file copies it. */
export interface PostgresTemplate {
  /** Superuser connection string to a maintenance database (not the template). */
  adminUrl: string;
  template: string;
  /** Prefix of the per-file databases of this run, so teardown can find leftovers. */
  prefix: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    testDriver?: TestDriver;
    /** Path of a tar dump of a migrated PGlite (pglite and unit projects). */
    pgliteTemplate?: string;
    /** Path of a tar dump of a PGlite with nothing migrated (pglite and unit projects). */
    pgliteBlank?: string;
    postgresTemplate?: PostgresTemplate;
    /** host:port of the WebSocket-to-TCP proxy the Neon driver uses (workerd project). */
    neonWsProxy?: string;
    /** sql/seed/sample-data.sql, read on Node: workerd has no file system to read it from. */
    sampleDataSql?: string;
    /** http://127.0.0.1:<port> of a fake Web Push service (worker/spawn-alerts/testing/), workerd project. */
    fakePushService?: string;
    /** http://127.0.0.1:<port> of a fake Discord (worker/discord/testing/), workerd project. */
    fakeDiscord?: string;
  }
}
