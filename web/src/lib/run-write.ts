/**
 * Toasts for queued writes (docs/product.md#queued-changes): the success text once the change is stored on this
 * device and queued; offline it adds that the change will sync later. A command that refuses before storing anything
 * shows the fallback with its reason.
 */

import { errorMessage } from "./api-client.ts";
import { toast } from "./toast.tsx";

export const SAVED_OFFLINE = "Saved on this device; it will sync when you are back online.";

export async function runWrite(
  write: () => Promise<unknown>,
  success: string,
  failure: string,
): Promise<boolean> {
  try {
    await write();
    toast.success(success, navigator.onLine ? undefined : { description: SAVED_OFFLINE });
    return true;
  } catch (error) {
    toast.error(failure, { description: errorMessage(error) });
    return false;
  }
}
