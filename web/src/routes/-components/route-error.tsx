import type { ErrorComponentProps } from "@tanstack/react-router";
import { RotateCw, TriangleAlert } from "lucide-react";
import { Button } from "@web/components/button.tsx";
import { errorMessage } from "@web/lib/api-client.ts";

/** What a page shows when it throws while rendering or loading, instead of a blank screen. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <TriangleAlert className="size-10 text-danger" aria-hidden="true" />
      <h1 className="text-xl font-bold text-ink">Something went wrong</h1>
      <p className="text-ink-muted">{errorMessage(error)}</p>
      <Button
        variant="secondary"
        onClick={() => {
          reset();
          window.location.reload();
        }}
      >
        <RotateCw className="size-4" aria-hidden="true" />
        Reload
      </Button>
    </div>
  );
}
