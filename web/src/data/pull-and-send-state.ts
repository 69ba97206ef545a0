/**
 * The data layer's in-memory state that does not belong in IndexedDB: which pulls are in flight in this
 * tab and whether the outbox is paused for a login. Screens read it through hooks.ts.
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import type { CollectionName } from "./portal-db.ts";

export interface LayerState {
  syncing: Partial<Record<CollectionName, boolean>>;
  /** True after a send answered 401: queued writes wait for the next login. */
  paused: boolean;
}

export type LayerStore = StoreApi<LayerState>;

export function createLayerStore(): LayerStore {
  return createStore<LayerState>(() => ({ syncing: {}, paused: false }));
}

export function setSyncing(store: LayerStore, collection: CollectionName, syncing: boolean): void {
  store.setState((state) => ({ syncing: { ...state.syncing, [collection]: syncing } }));
}
