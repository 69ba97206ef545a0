/**
 * Toasts without sonner in the first download. Public pages rarely toast (a started timer, the update
 * prompt), so sonner (about 9 kB gzipped) is fetched the first time a toast is asked for, or when an admin
 * page mounts `<Toaster />` eagerly. `toast` here queues the call until sonner is there; sonner replays
 * toasts created before its `Toaster` subscribed, so nothing asked for early is lost.
 */
import { type ComponentProps, useSyncExternalStore } from "react";

type Sonner = typeof import("sonner");
type ToastOptions = Parameters<Sonner["toast"]>[1];

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

/** Fetches sonner once and mounts the Toaster; resolves with the module. */
export function loadToasts(): Promise<Sonner> {
  loading ??= import("sonner").then((module) => {
    sonner = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

function later(show: (module: Sonner) => void): void {
  if (sonner) show(sonner);
  else void loadToasts().then(show);
}

export const toast = {
  message: (message: string, options?: ToastOptions) => later((m) => m.toast(message, options)),
  success: (message: string, options?: ToastOptions) => later((m) => m.toast.success(message, options)),
  error: (message: string, options?: ToastOptions) => later((m) => m.toast.error(message, options)),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** sonner's Toaster, rendered once sonner has been fetched (and nothing until then). */
export function Toaster(props: ComponentProps<Sonner["Toaster"]>) {
  const module = useSyncExternalStore(
    subscribe,
    () => sonner,
    () => undefined,
  );
  return module ? <module.Toaster {...props} /> : null;
}
