/**
 * The one way a screen reads what the local store does not keep (decision 061; online-only tools, decision 013):
 * the answer of a read, asked again whenever `key` changes or reload() is called. A new key or leaving the screen
 * aborts the request on its way; a reload while one is on its way waits for its answer and then asks once more
 * (however many reloads came meanwhile), so a stream of live notices (twenty check-ins in a minute) shows each
 * answer as it comes instead of aborting every read before it lands. Offline (`enabled` false) nothing is asked
 * and the state stays as it was.
 *
 * `data` is the answer for the current key once it arrives; while a new one is on its way, or after it failed,
 * it is the last answer received (for an earlier key or before a reload), so a screen may keep showing it.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "./api-client.ts";

export type ServerReadState<T> =
  | { status: "loading"; data: T | null; error: null; failure: null }
  | { status: "ready"; data: T; error: null; failure: null }
  /** `error` is the message to show; `failure` what was thrown (an ApiError's status, for one). */
  | { status: "error"; data: T | null; error: string; failure: unknown };

export type ServerRead<T> = ServerReadState<T> & {
  /** Asks again with the same key. */
  reload: () => void;
  /** Shows `data` as the answer (a write answered with the new value) without asking. */
  replace: (data: T) => void;
};

interface Held<T> {
  /** The key (and reload count) the state answers. */
  asked: string;
  state: ServerReadState<T>;
}

const loading = <T>(data: T | null): ServerReadState<T> => ({
  status: "loading",
  data,
  error: null,
  failure: null,
});

export function useServerRead<T>(
  key: readonly unknown[],
  read: (signal: AbortSignal) => Promise<T>,
  enabled = true,
): ServerRead<T> {
  const [attempt, setAttempt] = useState(0);
  const asked = `${JSON.stringify(key)}#${attempt}`;
  const [held, setHeld] = useState<Held<T>>({ asked, state: loading<T>(null) });
  // The latest read function: a screen passes a new closure on every render, the request runs per key.
  const latestRead = useRef(read);
  latestRead.current = read;
  // Whether a read is on its way, and whether a reload asked for another once it is answered.
  const flight = useRef({ busy: false, again: false });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const settled = () => {
      flight.current.busy = false;
      if (!flight.current.again) return;
      flight.current.again = false;
      setAttempt((n) => n + 1);
    };
    flight.current = { busy: true, again: false };
    setHeld((previous) => ({ asked, state: loading(previous.state.data) }));
    latestRead.current(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setHeld({ asked, state: { status: "ready", data, error: null, failure: null } });
        settled();
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setHeld((previous) => ({
          asked,
          state: { status: "error", data: previous.state.data, error: errorMessage(failure), failure },
        }));
        settled();
      },
    );
    return () => {
      controller.abort();
      flight.current.busy = false;
    };
  }, [asked, enabled]);

  const reload = useCallback(() => {
    if (flight.current.busy) flight.current.again = true;
    else setAttempt((n) => n + 1);
  }, []);
  const replace = useCallback(
    (data: T) =>
      setHeld((previous) => ({ ...previous, state: { status: "ready", data, error: null, failure: null } })),
    [],
  );
  // Until the effect has asked for a new key, the state of the previous one is not this key's answer.
  const state = held.asked === asked ? held.state : loading(held.state.data);
  return { ...state, reload, replace };
}
