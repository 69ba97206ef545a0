/**
 * The spawn alerts dialog's state: this device's alerts read from the server each time the dialog opens (and
 * when the connection comes back), the form's choices, and turning alerts on, saving or off.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { SpawnAlertSettings } from "@shared/schemas/spawn-alerts.ts";
import { errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";
import {
  AlertsProblemError,
  type AlertsState,
  browserPushEnvironment,
  readAlerts,
  spawnAlertsApi,
  turnOffAlerts,
  turnOnAlerts,
} from "./push-alerts.ts";
import {
  ALERTS_SAVED,
  ALERTS_TURNED_OFF,
  ALERTS_TURNED_ON,
  type AlertChoices,
  choicesError,
  choicesFrom,
  describeAlerts,
  PROBLEM_MESSAGES,
  requestBosses,
} from "./spawn-alert-state.ts";

export type DialogState = { kind: "loading" } | { kind: "error"; message: string } | AlertsState;

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

function useOnlineNow(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine !== false,
    () => true,
  );
}

export function useSpawnAlerts(open: boolean, knownBosses: readonly string[], close: () => void) {
  const env = useMemo(browserPushEnvironment, []);
  const alertsApi = useMemo(() => spawnAlertsApi(), []);
  const online = useOnlineNow();
  const [state, setState] = useState<DialogState>({ kind: "loading" });
  const [choices, setChoices] = useState<AlertChoices>(() => choicesFrom(null));
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState<"on" | "off" | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `online` reads again when the connection comes back.
  useEffect(() => {
    if (!open) return;
    let live = true;
    setState({ kind: "loading" });
    setFormError(undefined);
    readAlerts(env, alertsApi)
      .then((next) => {
        if (!live) return;
        setState(next);
        if (next.kind === "ready") setChoices(choicesFrom(next.alerts));
      })
      .catch((error: unknown) => live && setState({ kind: "error", message: errorMessage(error) }));
    return () => {
      live = false;
    };
  }, [open, online, env, alertsApi]);

  const fail = useCallback((error: unknown) => {
    if (error instanceof AlertsProblemError && ["unsupported", "offline", "denied"].includes(error.problem))
      setState({ kind: "problem", problem: error.problem });
    else
      setFormError(
        error instanceof AlertsProblemError ? PROBLEM_MESSAGES[error.problem] : errorMessage(error),
      );
  }, []);

  const saved: SpawnAlertSettings | null = state.kind === "ready" ? state.alerts : null;

  const turnOn = useCallback(async () => {
    const invalid = choicesError(choices);
    if (invalid) return setFormError(invalid);
    setFormError(undefined);
    setPending("on");
    try {
      const alerts = await turnOnAlerts(env, alertsApi, {
        bosses: requestBosses(choices, knownBosses),
        leadMinutes: choices.leadMinutes,
      });
      setState({ kind: "ready", alerts });
      toast.success(saved ? ALERTS_SAVED : ALERTS_TURNED_ON, { description: describeAlerts(alerts) });
      close();
    } catch (error) {
      fail(error);
    } finally {
      setPending(null);
    }
  }, [choices, env, alertsApi, knownBosses, saved, close, fail]);

  const turnOff = useCallback(async () => {
    setFormError(undefined);
    setPending("off");
    try {
      await turnOffAlerts(env, alertsApi);
      setState({ kind: "ready", alerts: null });
      toast.success(ALERTS_TURNED_OFF);
      close();
    } catch (error) {
      fail(error);
    } finally {
      setPending(null);
    }
  }, [env, alertsApi, close, fail]);

  return { state, saved, choices, setChoices, formError, pending, turnOn, turnOff };
}
