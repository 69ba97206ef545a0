/**
 * What the files of one e2e run share (decision 063), as a test file asks for it: the run's global setup serves each
 * on 127.0.0.1 (shared-services-server.ts) and names the address in E2E_SERVICES. Outside a run (a benchmark, a
 * script) the variable is unset, the answer is undefined, and the caller starts its own.
 */
export const SHARED_SERVICES_ENV = "E2E_SERVICES";

/** The vitest worker a file runs in, 1 to maxWorkers: one file at a time, so one portal and one Chromium each. */
export const workerPoolId = (): string => process.env.VITEST_POOL_ID ?? "1";

export async function askSharedServices<T>(path: string): Promise<T | undefined> {
  const base = process.env[SHARED_SERVICES_ENV];
  if (!base) return undefined;
  const res = await fetch(`${base}${path}`);
  const text = await res.text();
  if (!res.ok) throw new Error(`The e2e run's shared ${path} answered ${res.status}:\n${text}`);
  return JSON.parse(text) as T;
}
