/** The accounts the person filter offers (a guild has a handful of officers: one small request). */
import { useEffect, useState } from "react";
import { api } from "@web/lib/api-client.ts";

export interface AuditPerson {
  id: number;
  displayName: string;
  email: string;
}

export function useAuditPeople(online: boolean): AuditPerson[] {
  const [people, setPeople] = useState<AuditPerson[]>([]);
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    api
      .get<{ accounts: AuditPerson[] }>("/admin/accounts", controller.signal)
      .then(({ accounts }) =>
        setPeople(
          accounts
            .map(({ id, displayName, email }) => ({ id, displayName, email }))
            .sort((a, b) => a.displayName.localeCompare(b.displayName)),
        ),
      )
      // Without the list the log still works, unfiltered by person.
      .catch(() => undefined);
    return () => controller.abort();
  }, [online]);
  return people;
}
