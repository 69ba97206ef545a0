/**
 * The Characters screen's dialogs (docs/decisions/051): add an alt to a main character and unlink one (member
 * updates through the outbox, so they work offline), and link an account to its main character (online: the
 * server checks that nobody else holds the character).
 */
import { type FormEvent, useState } from "react";
import { ACCOUNT_LINK_CALLS } from "@shared/contract/accounts.ts";
import { changedFields, MEMBER_FIELD_RULES } from "@shared/merge/field-merge.ts";
import type { Account } from "@shared/schemas/accounts.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import { Button } from "@web/components/button.tsx";
import { ConfirmDialog, Dialog, Field, FormActions, FormError } from "@web/components/dialog.tsx";
import { inputClass } from "@web/components/filter-select.tsx";
import { commands } from "@web/data/lazy-data-layer.ts";
import { api, errorMessage } from "@web/lib/api-client.ts";
import { runWrite } from "@web/lib/run-write.ts";
import { toast } from "@web/lib/toast.tsx";
import type { AccountLinks } from "./account-links.ts";
import { accountCandidates, altCandidates, memberCandidates } from "./characters-model.ts";

/** Sets a member's main character (null: makes it a main of its own), merged with other devices' edits. */
function setMain(member: GuildMember, mainMemberId: number | null) {
  const { changes, base } = changedFields(MEMBER_FIELD_RULES, member, { mainMemberId });
  return commands.updateMember({ id: member.id, ...changes, base });
}

export function AddAltDialog({
  main,
  members,
  onClose,
}: {
  main: GuildMember;
  members: readonly GuildMember[];
  onClose: () => void;
}) {
  const candidates = altCandidates(members, main);
  const [altId, setAltId] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const alt = candidates.find((m) => String(m.id) === altId);
    if (!alt) {
      setError("Choose the character to link.");
      return;
    }
    const done = await runWrite(
      () => setMain(alt, main.id),
      `${alt.playerName} is now an alt of ${main.playerName}.`,
      "Failed to link the alt.",
    );
    if (done) onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Add an alt to ${main.playerName}`}
      description="The alt's shares count for the same player as its main (their shares of one item are pooled and split by raids)."
      footer={<FormActions form="add-alt-form" submitLabel="Link alt" />}
    >
      <form id="add-alt-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field
          label="Alt character"
          error={error}
          hint={
            candidates.length === 0
              ? "No member can be linked: members with alts of their own or with a player alias cannot be alts."
              : "Members with alts of their own or with a player alias cannot be alts."
          }
        >
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={altId}
              onChange={(e) => {
                setAltId(e.target.value);
                setError(undefined);
              }}
            >
              <option value="">Choose a member…</option>
              {candidates.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.playerName}
                  {m.mainMemberId !== null ? " (alt of another main: moves here)" : ""}
                  {m.status !== "active" ? ` (${m.status.replace("_", " ")})` : ""}
                </option>
              ))}
            </select>
          )}
        </Field>
      </form>
    </Dialog>
  );
}

export function UnlinkAltDialog({
  main,
  alt,
  onClose,
}: {
  main: GuildMember;
  alt: GuildMember;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Unlink ${alt.playerName}?`}
      description={`${alt.playerName} stops being an alt of ${main.playerName} and becomes a main character of its own. Salaries of items both took part in are recalculated.`}
      confirmLabel={`Unlink ${alt.playerName}`}
      tone="primary"
      dismissible
      onConfirm={() => {
        void runWrite(
          () => setMain(alt, null),
          `${alt.playerName} is no longer an alt of ${main.playerName}.`,
          "Failed to unlink the alt.",
        );
        onClose();
      }}
    />
  );
}

/** Which side the link dialog starts from: a main character (choose its account) or an account (choose its main). */
export type LinkTarget = { kind: "member"; member: GuildMember } | { kind: "account"; account: Account };

export function LinkAccountDialog({
  target,
  members,
  data,
  onClose,
  onSaved,
}: {
  target: LinkTarget;
  members: readonly GuildMember[];
  data: AccountLinks;
  onClose: () => void;
  onSaved: () => void;
}) {
  const current =
    target.kind === "member"
      ? data.links.find((l) => l.memberId === target.member.id)
      : data.links.find((l) => l.userId === target.account.id);
  const [choice, setChoice] = useState(
    current ? String(target.kind === "member" ? current.userId : current.memberId) : "",
  );
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const options =
    target.kind === "member"
      ? [
          ...(current ? data.accounts.filter((a) => a.id === current.userId) : []),
          ...accountCandidates(data.accounts, data.links),
        ].map((a) => ({ value: String(a.id), label: `${a.displayName} (${a.email})` }))
      : memberCandidates(members, data.links, target.account.id).map((m) => ({
          value: String(m.id),
          label: m.status === "active" ? m.playerName : `${m.playerName} (${m.status.replace("_", " ")})`,
        }));

  const send = async (userId: number, memberId: number | null) => {
    setPending(true);
    setError(undefined);
    try {
      await api.call(ACCOUNT_LINK_CALLS.linkMember, { body: { userId, memberId } });
      toast.success(memberId === null ? "Account unlinked." : "Account linked to its character.");
      onSaved();
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === "") {
      setError(target.kind === "member" ? "Choose an account." : "Choose a main character.");
      return;
    }
    const picked = Number(choice);
    if (target.kind === "member") void send(picked, target.member.id);
    else void send(target.account.id, picked);
  };

  const unlinkUserId = current ? current.userId : null;
  const title =
    target.kind === "member"
      ? `Account of ${target.member.playerName}`
      : `Character of ${target.account.displayName}`;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description="The account's owner sees this main character's and its alts' earnings under My earnings."
      footer={
        <>
          {unlinkUserId !== null ? (
            <Button variant="danger" disabled={pending} onClick={() => void send(unlinkUserId, null)}>
              Unlink
            </Button>
          ) : null}
          <FormActions form="link-account-form" submitLabel="Link" pending={pending} />
        </>
      }
    >
      <form id="link-account-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormError message={error} />
        <Field
          label={target.kind === "member" ? "Account" : "Main character"}
          hint={
            target.kind === "member"
              ? "Accounts already linked to another character are not listed."
              : "Only main characters without an account are listed; alts come with their main."
          }
        >
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={choice}
              onChange={(e) => {
                setChoice(e.target.value);
                setError(undefined);
              }}
            >
              <option value="">
                {target.kind === "member" ? "Choose an account…" : "Choose a character…"}
              </option>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </form>
    </Dialog>
  );
}
