/**
 * The members' items fetched while the receipt page is open, so a row closed and opened again shows them at
 * once. One list per member (names are unique case-insensitively) for one summary: when the summary changes,
 * everything fetched for the previous one is forgotten, and an answer still on its way for it is dropped.
 */
import { errorMessage } from "@web/lib/api-client.ts";
import type { ReceiptItem } from "./receipt-model.ts";

export type MemberItems =
  | { status: "loading" }
  | { status: "ready"; items: readonly ReceiptItem[] }
  | { status: "error"; message: string };

export interface MemberItemsCache {
  /** What is known of a member's items under `summary` (undefined: never asked); one object per change. */
  read(summary: string, memberName: string): MemberItems | undefined;
  /** Fetches a member's items unless they are there or on their way; a failed fetch is tried again. */
  request(summary: string, memberName: string): void;
  /** For useSyncExternalStore: called whenever an entry changes. */
  subscribe(listener: () => void): () => void;
}

const LOADING: MemberItems = { status: "loading" };

export function createMemberItemsCache(
  load: (memberName: string) => Promise<readonly ReceiptItem[]>,
): MemberItemsCache {
  let summaryOfEntries: string | null = null;
  let entries = new Map<string, MemberItems>();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  function settle(of: Map<string, MemberItems>, key: string, result: MemberItems): void {
    // Fetched for a summary that has been replaced meanwhile.
    if (of !== entries) return;
    of.set(key, result);
    notify();
  }

  return {
    read(summary, memberName) {
      return summary === summaryOfEntries ? entries.get(memberName.toLowerCase()) : undefined;
    },
    request(summary, memberName) {
      if (summary !== summaryOfEntries) {
        summaryOfEntries = summary;
        entries = new Map();
      }
      const key = memberName.toLowerCase();
      const known = entries.get(key);
      if (known && known.status !== "error") return;
      const of = entries;
      of.set(key, LOADING);
      notify();
      load(memberName).then(
        (items) => settle(of, key, { status: "ready", items }),
        (error: unknown) => settle(of, key, { status: "error", message: errorMessage(error) }),
      );
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
