import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { CategoryBadge } from "../../components/badge.tsx";
import { Button } from "../../components/button.tsx";
import type { ParticipantView } from "./market-view.ts";

/**
 * The dialog listing a market row's participants with their categories. Loaded on first use
 * (market-table.tsx), so the market page's first download carries no dialog code; closing it returns focus
 * to the row's button.
 */
export function ParticipantsDialog({
  lootName,
  participants,
  onClose,
}: {
  lootName: string;
  participants: readonly ParticipantView[];
  onClose: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[85dvh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-line bg-surface shadow-2xl">
          <div className="flex items-start justify-between gap-3 border-b border-line p-5 pb-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-ink">Participants</Dialog.Title>
              <Dialog.Description className="mt-0.5 break-words text-sm text-ink-muted">
                {lootName} · {participants.length}{" "}
                {participants.length === 1 ? "participant" : "participants"}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X className="size-5" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          {participants.length === 0 ? (
            <p className="p-5 text-sm text-ink-muted">No participants were recorded for this item.</p>
          ) : (
            <ul className="overflow-y-auto p-2">
              {participants.map((participant) => (
                <li
                  key={participant.name}
                  className="flex min-h-11 items-center justify-between gap-3 rounded-lg px-3 py-2 hover:bg-surface-raised/50"
                >
                  <span className="truncate font-medium text-ink">{participant.name}</span>
                  <CategoryBadge category={participant.category} />
                </li>
              ))}
            </ul>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
