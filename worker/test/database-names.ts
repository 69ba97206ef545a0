/** Names and URLs of the per-file test databases; no Node APIs, so workerd uses it too. */

/** A fresh identifier-safe database name, e.g. t_k3x9_0f3a2c1d. */
export function newDatabaseName(prefix: string): string {
  return `${prefix}${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
}

/** The same server and credentials as `url`, another database. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
