/**
 * The repair tool's calls: a dry-run analysis, then one of the two fixes after the user confirms. Toasts and
 * the error card follow SPEC section 8.
 */
import { useState } from "react";
import type {
  CorruptionAnalysis,
  FixAction,
  RecalculateAllResult,
  ResetParticipantsResult,
} from "@shared/schemas/fix-participants.ts";
import { ApiError, api, errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";
import { OPERATION_FAILED, OPERATION_SUCCESSFUL, UNEXPECTED_ERROR } from "./fix-model.ts";

const PATH = "/admin/fix-corrupted-participants";

export type FixResult = (ResetParticipantsResult | RecalculateAllResult) & { action: FixAction; at: number };

export function useFixTool() {
  const [running, setRunning] = useState<"analyze" | FixAction | null>(null);
  const [analysis, setAnalysis] = useState<CorruptionAnalysis | null>(null);
  const [result, setResult] = useState<FixResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  function fail(cause: unknown) {
    if (cause instanceof ApiError && cause.source === "server") {
      toast.error(OPERATION_FAILED, { description: cause.message });
      return;
    }
    const message = errorMessage(cause);
    toast.error(UNEXPECTED_ERROR, { description: message });
    setError(message);
  }

  async function analyze() {
    setRunning("analyze");
    setError(null);
    try {
      setAnalysis(await api.post<CorruptionAnalysis>(PATH, { dryRun: true }));
    } catch (cause) {
      fail(cause);
    } finally {
      setRunning(null);
    }
  }

  async function fix(action: FixAction) {
    setRunning(action);
    setError(null);
    try {
      const answer = await api.post<ResetParticipantsResult | RecalculateAllResult>(PATH, {
        dryRun: false,
        fixAction: action,
      });
      toast.success(OPERATION_SUCCESSFUL, { description: answer.message });
      setResult({ ...answer, action, at: Date.now() });
      // The reset changed what an analysis would find: analyse again before another reset.
      if (action === "reset_participants") setAnalysis(null);
    } catch (cause) {
      fail(cause);
    } finally {
      setRunning(null);
    }
  }

  return { running, analysis, result, error, analyze, fix };
}
