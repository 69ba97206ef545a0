import { LogOut, Pencil } from "lucide-react";
import { discordIdOfEmail } from "@shared/auth/discord-account.ts";
import { ROLE_LABELS } from "@shared/contract/roles.ts";
import { formatDate } from "@shared/format/format-date.ts";
import type { Account } from "@shared/schemas/accounts.ts";
import {
  FirstTd,
  FirstTh,
  rowClass,
  SkeletonRows,
  Table,
  TableCard,
  Td,
  Th,
} from "@web/components/data-table.tsx";
import { RowActions } from "@web/components/row-actions.tsx";

const pill = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1";

/** The column headers, which also name a phone card's fields. */
const HEADERS = {
  displayName: "Display Name",
  email: "Email",
  role: "Role",
  status: "Status",
  created: "Created",
} as const;

/** The email, or for an account made by a Discord sign-in (decision 070), which has none, its Discord id. */
function AccountEmail({ email }: { email: string }) {
  const discordId = discordIdOfEmail(email);
  if (discordId === null) return <>{email}</>;
  return (
    <span title={email}>
      Discord <span className="tabular-nums text-xs">{discordId}</span>
    </span>
  );
}

export function AccountsTable({
  accounts,
  currentUserId,
  onEdit,
  onSignOutEverywhere,
}: {
  accounts: Account[] | null;
  currentUserId: number;
  onEdit?: (account: Account) => void;
  /** Signs the account out of every device (decision 068); absent offline. */
  onSignOutEverywhere?: (account: Account) => void;
}) {
  return (
    <TableCard label="Accounts">
      <Table>
        <thead>
          <tr>
            <FirstTh>{HEADERS.displayName}</FirstTh>
            <Th>{HEADERS.email}</Th>
            <Th>{HEADERS.role}</Th>
            <Th>{HEADERS.status}</Th>
            <Th>{HEADERS.created}</Th>
            {onEdit ? <Th className="text-right">Actions</Th> : null}
          </tr>
        </thead>
        {accounts === null ? (
          <SkeletonRows rows={5} columns={onEdit ? 6 : 5} />
        ) : (
          <tbody>
            {accounts.map((account) => (
              <tr key={account.id} className={rowClass} data-account={account.email}>
                <FirstTd className="whitespace-nowrap">
                  {account.displayName}
                  {account.id === currentUserId ? (
                    <span className="ml-2 text-xs text-ink-muted">(you)</span>
                  ) : null}
                </FirstTd>
                <Td className="text-ink-muted" label={HEADERS.email} card="wide">
                  <AccountEmail email={account.email} />
                </Td>
                <Td label={HEADERS.role}>
                  <span
                    className={`${pill} ${account.role === "admin" ? "bg-gold/15 text-gold ring-gold/40" : "bg-surface-raised text-ink-muted ring-line"}`}
                  >
                    {ROLE_LABELS[account.role]}
                  </span>
                </Td>
                <Td label={HEADERS.status}>
                  <span
                    className={`${pill} ${account.disabled ? "bg-danger/10 text-danger ring-danger/30" : "bg-success/15 text-success ring-success/30"}`}
                  >
                    {account.disabled ? "Disabled" : "Active"}
                  </span>
                </Td>
                <Td className="whitespace-nowrap text-ink-muted" label={HEADERS.created}>
                  {formatDate(account.createdAt)}
                </Td>
                {onEdit ? (
                  <Td className="text-right" card="actions">
                    <RowActions
                      actions={[
                        {
                          icon: Pencil,
                          label: `Edit ${account.displayName}`,
                          onClick: () => onEdit(account),
                        },
                        onSignOutEverywhere && {
                          icon: LogOut,
                          label: `Sign ${account.displayName} out everywhere`,
                          title: "Sign out everywhere",
                          onClick: () => onSignOutEverywhere(account),
                        },
                      ].filter((action) => action !== undefined)}
                    />
                  </Td>
                ) : null}
              </tr>
            ))}
          </tbody>
        )}
      </Table>
    </TableCard>
  );
}
