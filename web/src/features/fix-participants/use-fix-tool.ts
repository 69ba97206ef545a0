/**
 * The repair tool's calls: a dry-run analysis, then one of the two fixes after the user confirms. Toasts and
 * the error card follow docs/product.md#fix-participants.
 */
import { useState } from "react";
import { FIX_PARTICIPANTS_CALLS } from "@shared/contract/fix-participants.ts";
import type {
  CorruptionAnalysis,
  FixAction,
  RecalculateAllResult,
  ResetParticipantsResult,
} from "@shared/schemas/fix-participants.ts";
import { ApiError, api, errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";
import { OPERATION_FAILED, OPERATION_SUCCESSFUL, UNEXPECTED_ERROR } from "./fix-model.ts";

/** One call does all three: a dry run answers the analysis, a fix its result. */
const send = (body: { dryRun: boolean; fixAction?: FixAction }) =>
  api.call(FIX_PARTICIPANTS_CALLS.fixParticipants, { body });

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
      setAnalysis((await send({ dryRun: true })) as CorruptionAnalysis);
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
      const answer = (await send({ dryRun: false, fixAction: action })) as
        | ResetParticipantsResult
        | RecalculateAllResult;
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
