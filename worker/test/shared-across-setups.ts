/**
 * One thing the global setups of several test projects share (a PostgreSQL server, the PGlite dumps): made by the
 * first setup that asks, disposed of when the last one releases it. The setups run in one process but may load
 * their modules separately, so the registry is on globalThis under a Symbol.for key.
 */
interface Shared<T> {
  users: number;
  ready: Promise<{ value: T; dispose: () => void | Promise<void> }>;
}

export async function acquireShared<T>(
  name: string,
  setUp: () => Promise<{ value: T; dispose: () => void | Promise<void> }>,
): Promise<{ value: T; release: () => Promise<void> }> {
  const key = Symbol.for(`guild-portal.${name}`);
  const registry = globalThis as unknown as Record<symbol, Shared<T> | undefined>;
  let shared = registry[key];
  if (!shared) {
    const made: Shared<T> = { users: 0, ready: setUp() };
    made.ready.catch(() => {
      if (registry[key] === made) delete registry[key];
    });
    registry[key] = made;
    shared = made;
  }
  shared.users += 1;
  const owner = shared;
  const { value, dispose } = await owner.ready;
  let released = false;
  return {
    value,
    async release() {
      if (released) return;
      released = true;
      owner.users -= 1;
      if (owner.users > 0) return;
      if (registry[key] === owner) delete registry[key];
      await dispose();
    },
  };
}
