/**
 * The data layer's in-memory state that does not belong in IndexedDB: which pulls are in flight in this
 * tab, whether the outbox is paused for a login, and how often the server answered a full pull. Screens read
 * it through hooks.ts.
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import type { CollectionName } from "./portal-db.ts";

export interface LayerState {
  syncing: Partial<Record<CollectionName, boolean>>;
  /** True after a send answered 401: queued writes wait for the next login. */
  paused: boolean;
  /**
   * Counts the full pulls the server answered (on start, focus, the minute's poll, and each time the live feed
   * is back up): each one tells the outbox that writes waiting because the server gave no answer may go now
   * (decision 057).
   */
  serverAnswers: number;
}

export type LayerStore = StoreApi<LayerState>;

export function createLayerStore(): LayerStore {
  return createStore<LayerState>(() => ({ syncing: {}, paused: false, serverAnswers: 0 }));
}

export function setSyncing(store: LayerStore, collection: CollectionName, syncing: boolean): void {
  store.setState((state) => ({ syncing: { ...state.syncing, [collection]: syncing } }));
}

/** The server answered a full pull: it is there. */
export function noteServerAnswered(store: LayerStore): void {
  store.setState((state) => ({ serverAnswers: state.serverAnswers + 1 }));
}
