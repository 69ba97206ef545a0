/**
 * The boss page's "Spawn alerts" button. The dialog behind it (Radix's dialog, the choices, the push
 * subscription) is a chunk of its own, fetched as a finger or pointer comes down on the button or the
 * keyboard reaches it, so the boss page's first download leaves it out (decision 062); the service worker's
 * precache holds it for offline use.
 */
import { BellRing } from "lucide-react";
import { useState } from "react";
import { Button } from "@web/components/button.tsx";
import { toast } from "@web/lib/toast.tsx";
import { SPAWN_ALERTS_TITLE } from "./spawn-alerts-title.ts";

type DialogButton = typeof import("./spawn-alerts-dialog.tsx").SpawnAlertsDialogButton;

let loaded: DialogButton | undefined;
let loading: Promise<DialogButton> | undefined;

/** The dialog's chunk, fetched once; a failed fetch is tried again on the next press. */
function loadDialog(): Promise<DialogButton> {
  loading ??= import("./spawn-alerts-dialog.tsx").then(
    (module) => {
      loaded = module.SpawnAlertsDialogButton;
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const preload = () => void loadDialog().catch(() => undefined);

/**
 * The plain button until the first press; from then on the dialog's own trigger, opened at once, so focus
 * returns to it when the dialog closes.
 */
export function SpawnAlertsButton() {
  const [dialogButton, setDialogButton] = useState(() => loaded);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  if (dialogButton) {
    const SpawnAlertsDialogButton = dialogButton;
    return <SpawnAlertsDialogButton openAtOnce={openAtOnce} />;
  }
  const open = () =>
    loadDialog().then(
      (component) => {
        setOpenAtOnce(true);
        setDialogButton(() => component);
      },
      () => toast.error("Spawn alerts could not be opened. Check your connection and try again."),
    );
  return (
    <Button
      variant="secondary"
      aria-haspopup="dialog"
      onPointerDown={preload}
      onFocus={preload}
      onClick={open}
    >
      <BellRing className="size-4" aria-hidden="true" />
      {SPAWN_ALERTS_TITLE}
    </Button>
  );
}
