import { AlertCircle, UserPlus } from "lucide-react";
import { useState } from "react";
import { ACCOUNT_CALLS } from "@shared/contract/accounts.ts";
import type { Account } from "@shared/schemas/accounts.ts";
import { Button } from "@web/components/button.tsx";
import { Card } from "@web/components/card.tsx";
import { ConfirmDialog } from "@web/components/dialog.tsx";
import { NotStoredNotice } from "@web/components/online-only-notice.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { CreateAccountDialog, EditAccountDialog } from "@web/features/accounts/account-dialogs.tsx";
import { AccountsTable } from "@web/features/accounts/accounts-table.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { api, errorMessage } from "@web/lib/api-client.ts";
import { useAuthenticatedUser } from "@web/lib/signed-in.ts";
import { toast } from "@web/lib/toast.tsx";
import { useServerRead } from "@web/lib/use-server-read.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

/** The toast after signing an account out of every device: how many were signed in. */
export const signedOutEverywhere = (name: string, ended: number): string =>
  ended === 0
    ? `${name} was not signed in anywhere.`
    : `${name} is signed out of ${ended === 1 ? "1 device" : `${ended} devices`}.`;

/** Logins for raiders and admins (docs/product.md#accounts). Online only: accounts are not in the local store. */
export function AccountsPage() {
  useDocumentTitle((brand) => `Accounts - ${brand}`);
  const user = useAuthenticatedUser();
  const online = useOnline();
  const list = useServerRead(["accounts"], (signal) => api.call(ACCOUNT_CALLS.list, { signal }), online);
  const accounts = list.data?.accounts ?? null;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Account | null>(null);
  const [signingOut, setSigningOut] = useState<Account | null>(null);
  const signOutEverywhere = async (account: Account) => {
    setSigningOut(null);
    try {
      const { ended } = await api.call(ACCOUNT_CALLS.endSessions, { body: { id: account.id } });
      toast.success(signedOutEverywhere(account.displayName, ended));
    } catch (error) {
      toast.error("Failed to sign the account out.", { description: errorMessage(error) });
    }
  };

  return (
    <>
      <PageHeader
        title="Accounts"
        subtitle="Create logins for guild members and admins, reset passwords, disable access."
        actions={
          <Button onClick={() => setCreating(true)} disabled={!online}>
            <UserPlus className="size-4" aria-hidden="true" />
            New Account
          </Button>
        }
      />
      <div className="space-y-4">
        {!online ? <NotStoredNotice what="Accounts" /> : null}
        {online && list.status === "error" ? (
          <Card role="alert" className="flex items-start gap-3 border-danger/40">
            <AlertCircle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
            <p className="text-sm text-red-200">Failed to load accounts: {list.error}</p>
          </Card>
        ) : null}
        {online || accounts ? (
          <AccountsTable
            accounts={accounts}
            currentUserId={user.id}
            onEdit={online ? setEditing : undefined}
            onSignOutEverywhere={online ? setSigningOut : undefined}
          />
        ) : null}
      </div>
      <CreateAccountDialog open={creating} onOpenChange={setCreating} onSaved={list.reload} />
      <ConfirmDialog
        open={signingOut !== null}
        onOpenChange={(open) => {
          if (!open) setSigningOut(null);
        }}
        title="Sign Out Everywhere"
        description={
          signingOut
            ? `Sign ${signingOut.displayName} out of every device? They can sign in again; to keep them out, disable the account.`
            : ""
        }
        confirmLabel="Sign Out Everywhere"
        onConfirm={() => {
          if (signingOut) void signOutEverywhere(signingOut);
        }}
      />
      {editing ? (
        <EditAccountDialog
          key={editing.id}
          account={editing}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
          onSaved={list.reload}
        />
      ) : null}
    </>
  );
}
