/**
 * The screens' door to the data layer. The layer (Dexie, the sync engine, the outbox) is its own chunk
 * (data-layer-instance.ts): startApp fetches it as the app boots, in parallel with the first render, so a page's
 * first paint never waits for IndexedDB code. Until it is there, hooks report "still reading" (the pages'
 * skeletons) and commands and actions wait for it.
 */
import { useSyncExternalStore } from "react";
import type { MyEarnings } from "@shared/schemas/my-earnings.ts";
import { yieldToBrowser } from "../lib/yield-to-browser.ts";
import type { Commands } from "./commands.ts";
import type { DataLayerOptions } from "./create-data-layer.ts";
import { explainStorageError } from "./storage-full.ts";

export type AppLayer = typeof import("./data-layer-instance.ts");

let loaded: AppLayer | undefined;
let loading: Promise<AppLayer> | undefined;
const listeners = new Set<() => void>();

/** The data layer's module, fetched once; a failed fetch (a flaky network) is tried again on the next call. */
export function loadAppLayer(): Promise<AppLayer> {
  loading ??= import("./data-layer-instance.ts").then(
    async (module) => {
      // IndexedDB, or memory where it is missing or unusable (decisions 037, 056): chosen before any screen reads.
      await module.openAppDb();
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The data layer's module once it has loaded; undefined before (components re-render when it arrives). */
export function useAppLayer(): AppLayer | undefined {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => undefined,
  );
}

/**
 * Where the app keeps its data, once the layer has loaded: 'memory' when this browser lets it keep nothing
 * (offline use unavailable, decision 037).
 */
export function useLocalStoreKind(): "device" | "memory" | undefined {
  return useAppLayer()?.localStoreKind();
}

/**
 * Fetches the data layer and starts it: the first sync, the outbox sender and their triggers. If the fetch
 * fails (the connection dropped during a first visit, before the service worker held the app), it is tried
 * again when the browser is back online. Settles once the first pulls have ended, or the fetch failed.
 */
export function startApp(
  options: Pick<DataLayerOptions, "api" | "getRole" | "getAccount" | "getSender" | "subscribeSession">,
): Promise<void> {
  return (
    loadAppLayer()
      // Evaluating the layer's module and starting it (opening IndexedDB, the first pulls) are two tasks.
      .then(async (layer) => {
        await yieldToBrowser();
        await layer.startDataLayer(options).sync.idle();
      })
      .catch((error: unknown) => {
        console.error("The local data layer failed to load", error);
        window.addEventListener("online", () => void startApp(options), { once: true });
      })
  );
}

type CommandName = keyof Commands;

/** The app's commands (see commands.ts); each waits for the data layer if it has not loaded yet. */
export const commands = new Proxy({} as Commands, {
  get(_target, name) {
    // Not a thenable: `await commands` must not call a command.
    if (name === "then" || typeof name === "symbol") return undefined;
    return async (...args: unknown[]) => {
      const layer = await loadAppLayer();
      const command = layer.commands[name as CommandName] as (...a: unknown[]) => Promise<string>;
      try {
        return await command(...args);
      } catch (error) {
        throw explainStorageError(error);
      }
    };
  },
});

/** What screens may ask of the running data layer. */
export const dataLayerActions = {
  retry: async (id: string) => (await loadAppLayer()).dataLayerActions.retry(id),
  discard: async (id: string) => (await loadAppLayer()).dataLayerActions.discard(id),
  /** A refused update whose field someone else changed meanwhile (decision 038): drop those fields, or re-send. */
  resolveConflict: async (id: string, choice: "theirs" | "yours") =>
    (await loadAppLayer()).dataLayerActions.resolveConflict(id, choice),
  /** Try the queue again after a login (also happens on its own when the session changes). */
  resume: async () => (await loadAppLayer()).dataLayerActions.resume(),
  /** Pull everything now (a "sync now" button). */
  syncNow: async () => (await loadAppLayer()).dataLayerActions.syncNow(),
  forgetPrivateData: async () => (await loadAppLayer()).dataLayerActions.forgetPrivateData(),
};

/** Each account's last "My earnings" answer on this device (decision 051): kept online, read offline. */
export const myEarningsCopy = {
  save: async (userId: number, answer: MyEarnings) =>
    (await loadAppLayer()).myEarningsCopy.save(userId, answer),
  read: async (userId: number) => (await loadAppLayer()).myEarningsCopy.read(userId),
  forget: async (userId: number) => (await loadAppLayer()).myEarningsCopy.forget(userId),
};
