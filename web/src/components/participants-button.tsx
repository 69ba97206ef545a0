/**
 * A market row's participants button, on the public and the admin market: the participants' count beside an icon.
 * Its name starts with the count it shows ("20 participants of Obsidian Greatblade"), so a person who says what
 * they see ("click 20") finds it, as axe's label-content-name-mismatch rule and WCAG 2.5.3 want (decision 090).
 */
import { Users } from "lucide-react";
import type { ButtonHTMLAttributes } from "react";
import { Button } from "./button.tsx";

export const participantsButtonName = (count: number, lootName: string) =>
  `${count} ${count === 1 ? "participant" : "participants"} of ${lootName}`;

export function ParticipantsButton({
  count,
  lootName,
  ...props
}: { count: number; lootName: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label">) {
  return (
    <Button
      variant="secondary"
      className="px-3!"
      aria-label={participantsButtonName(count, lootName)}
      aria-haspopup="dialog"
      {...props}
    >
      <Users className="size-4" aria-hidden="true" />
      <span className="tabular-nums">{count}</span>
    </Button>
  );
}
