/**
 * An online-only save from a form (a guild setting, a server maintenance): `saving` while the call runs, the server's
 * message in `error` when it refuses, `onSaved` with its answer when it succeeds.
 */
import { useState } from "react";
import { errorMessage } from "./api-client.ts";

export function useOnlineSave() {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async <T>(call: () => Promise<T>, onSaved: (answer: T) => void) => {
    setSaving(true);
    setError(null);
    try {
      onSaved(await call());
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return { saving, error, setError, save };
}
