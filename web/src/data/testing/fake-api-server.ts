/**
 * For data-layer tests: a real HTTP server on 127.0.0.1 that answers the /_api calls the data layer makes
 * the way the API does (superjson bodies, `{ error }` failures, Idempotency-Key replay and 422 on a
 * reused key), with scripted failures: a dropped connection, any status, or a write applied whose answer
 * never arrives.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import superjson from "superjson";

export type Scripted =
  /** Answer as the API would. */
  | { kind: "answer" }
  /** Close the connection without an answer (the client sees a network failure). */
  | { kind: "drop" }
  /** Answer this status with `{ error }`. */
  | { kind: "status"; status: number; error?: string }
  /** Apply the write and record its key, then close the connection without the answer. */
  | { kind: "lose-answer" }
  /** Wait until `until` settles, then answer as the next scripted entry says (or normally). */
  | { kind: "hold"; until: Promise<unknown> };

export interface SeenRequest {
  method: string;
  path: string;
  key: string | undefined;
  body: unknown;
}

export interface AppliedWrite {
  key: string | undefined;
  path: string;
  body: Record<string, unknown>;
}

interface ServerMember {
  id: number;
  playerName: string;
  category: string;
  raidsParticipated: number;
  salary: string;
  status: string;
  kickedDate: Date | null;
  finalSalaryAmount: string | null;
  mainMemberId: number | null;
  playerAlias: string | null;
  createdAt: Date;
  updatedAt: Date;
}

interface ServerTimer {
  bossId: number;
  bossName: string;
  respawnTimeHours: number;
  startTime: Date | null;
  endTime: Date | null;
  durationHours: number | null;
  isActive: boolean;
  status: "active" | "expired" | null;
}

export const KEY_REUSED = "This Idempotency-Key was already used for a different request.";
export const fixedScheduleRefusal = (bossName: string) =>
  `${bossName} spawns on a fixed schedule; its timer cannot be started.`;

const SEEDED_AT = new Date("2025-01-01T00:00:00Z");

function member(id: number, playerName: string, category: string, status = "active"): ServerMember {
  return {
    id,
    playerName,
    category,
    raidsParticipated: 3,
    salary: "440.00",
    status,
    kickedDate: null,
    finalSalaryAmount: null,
    mainMemberId: null,
    playerAlias: null,
    createdAt: SEEDED_AT,
    updatedAt: SEEDED_AT,
  };
}

const BOSSES = [
  { id: 1, name: "VENATUS", respawnTimeHours: 10 },
  { id: 2, name: "VIORENT", respawnTimeHours: 10 },
  { id: 3, name: "EGO", respawnTimeHours: 21 },
  { id: 4, name: "LIVERA", respawnTimeHours: 24 },
  { id: 5, name: "CLEMANTIS", respawnTimeHours: -8 },
];

export class FakeApiServer {
  readonly requests: SeenRequest[] = [];
  readonly applied: AppliedWrite[] = [];
  /** Answers for the next POSTs, in order; empty: answer normally. */
  readonly writeScript: Scripted[] = [];
  /** Answers for the next GETs of a path (without /_api), in order. */
  readonly readScript = new Map<string, Scripted[]>();
  sessionValid = true;
  origin = "";

  members: ServerMember[] = [
    member(1, "Aldric", "Guild Master"),
    member(2, "Brina", "Core"),
    member(3, "Corvin", "Members"),
    member(4, "Dagny", "Members", "kicked"),
  ];
  bossNames = BOSSES.map((b) => ({ ...b }));
  timers = new Map<string, ServerTimer>(
    BOSSES.map((b) => [
      b.name,
      {
        bossId: b.id,
        bossName: b.name,
        respawnTimeHours: b.respawnTimeHours,
        startTime: null,
        endTime: null,
        durationHours: null,
        isActive: false,
        status: null,
      },
    ]),
  );
  funds = { id: 1, reservedGuildFunds: "320.00", adminFund: "160.00" };

  private server: Server | undefined;
  private readonly processed = new Map<string, { hash: string; status: number; text: string }>();
  private nextMemberId = 100;

  async start(): Promise<string> {
    this.server = createServer((req, res) => this.handle(req, res));
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.origin;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  failWrites(...answers: Scripted[]): void {
    this.writeScript.push(...answers);
  }

  failReads(path: string, ...answers: Scripted[]): void {
    this.readScript.set(path, [...(this.readScript.get(path) ?? []), ...answers]);
  }

  /** GETs of a path (without /_api) so far. */
  readsOf(path: string): number {
    return this.requests.filter((r) => r.method === "GET" && r.path === path).length;
  }

  /** Resolves once `condition` holds (checked as requests arrive); for requests still on their way. */
  async until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error("The fake API server never saw the expected request");
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  writes(): SeenRequest[] {
    return this.requests.filter((r) => r.method === "POST");
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    let text = "";
    req.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    req.on("end", () => {
      const path = (req.url ?? "").replace(/^\/_api/, "");
      const key = req.headers["idempotency-key"];
      const body = text === "" ? undefined : superjson.parse<Record<string, unknown>>(text);
      const method = req.method ?? "GET";
      this.requests.push({ method, path, key: typeof key === "string" ? key : undefined, body });
      if (method === "GET") this.answerRead(path, res);
      else this.answerWrite(path, typeof key === "string" ? key : undefined, text, body ?? {}, res);
    });
  }

  private answerRead(path: string, res: ServerResponse): void {
    const scripted = this.readScript.get(path)?.shift();
    if (scripted?.kind === "hold") {
      void scripted.until.then(() => this.answerRead(path, res));
    } else if (scripted?.kind === "drop" || scripted?.kind === "lose-answer") {
      res.socket?.destroy();
    } else if (scripted?.kind === "status") {
      send(res, scripted.status, JSON.stringify({ error: scripted.error ?? "" }));
    } else if (!path.startsWith("/public/") && path !== "/boss-timers" && !this.sessionValid) {
      send(res, 401, JSON.stringify({ error: "Authentication required" }));
    } else {
      const body = this.read(path);
      if (body === undefined) send(res, 404, JSON.stringify({ error: "Not found" }));
      else send(res, 200, superjson.stringify(body));
    }
  }

  private read(path: string): unknown {
    switch (path) {
      case "/public/guild-members":
        return { guildMembers: this.members.filter((m) => m.status === "active") };
      case "/guild-members?status=all":
        return { guildMembers: this.members };
      case "/public/boss-names":
        return { bossNames: this.bossNames };
      case "/boss-timers":
        return { timers: [...this.timers.values()] };
      case "/public/market-exchange":
      case "/market-exchange":
        return { marketExchangeItems: [] };
      case "/guild-funds":
        return { guildFunds: this.funds };
      case "/attendance":
        return { attendanceRecords: [] };
      case "/public/salary-calculation":
        return {
          calculationDetails: [],
          summaryTotals: { totalProcessedItems: 0 },
          processedItems: 0,
          membersWithSalaries: 0,
        };
      default:
        return undefined;
    }
  }

  private answerWrite(
    path: string,
    key: string | undefined,
    text: string,
    body: Record<string, unknown>,
    res: ServerResponse,
  ): void {
    const scripted = this.writeScript.shift();
    if (scripted?.kind === "hold") {
      void scripted.until.then(() => this.answerWrite(path, key, text, body, res));
      return;
    }
    if (scripted?.kind === "drop") {
      res.socket?.destroy();
      return;
    }
    // Like the API, a processed key is answered from the store before any route check: only what stands
    // in front of the app (a proxy's 429 or 5xx) can still refuse it.
    const processed = key !== undefined && this.processed.has(key);
    const routeRefusal = scripted?.kind === "status" && scripted.status < 500 && scripted.status !== 429;
    if (scripted?.kind === "status" && !(processed && routeRefusal)) {
      send(res, scripted.status, JSON.stringify({ error: scripted.error ?? "" }));
      return;
    }
    if (!this.sessionValid && !processed) {
      send(res, 401, JSON.stringify({ error: "Authentication required" }));
      return;
    }

    const hash = createHash("sha256").update(`POST ${path}\n${text}`).digest("hex");
    const stored = key === undefined ? undefined : this.processed.get(key);
    if (stored) {
      if (stored.hash === hash) send(res, stored.status, stored.text, { "Idempotent-Replayed": "true" });
      else send(res, 422, JSON.stringify({ error: KEY_REUSED }));
      return;
    }

    const [status, answer] = this.apply(path, body);
    const answerText = status < 300 ? superjson.stringify(answer) : JSON.stringify(answer);
    if (status < 300) {
      this.applied.push({ key, path, body });
      if (key !== undefined) this.processed.set(key, { hash, status, text: answerText });
    }
    if (scripted?.kind === "lose-answer") res.socket?.destroy();
    else send(res, status, answerText);
  }

  private apply(path: string, body: Record<string, unknown>): [number, unknown] {
    switch (path) {
      case "/boss-timers": {
        const bossName = String(body.bossName ?? "");
        const timer = this.timers.get(bossName);
        if (!timer) return [404, { error: `Unknown boss: ${bossName}` }];
        if (timer.respawnTimeHours <= 0) return [400, { error: fixedScheduleRefusal(bossName) }];
        const start = body.startTime instanceof Date ? body.startTime : new Date();
        const updated: ServerTimer = {
          ...timer,
          startTime: start,
          endTime: new Date(start.getTime() + timer.respawnTimeHours * 3_600_000),
          durationHours: timer.respawnTimeHours,
          isActive: true,
          status: "active",
        };
        this.timers.set(bossName, updated);
        return [201, { timer: updated }];
      }
      case "/boss-timers/delete": {
        const names = typeof body.bossName === "string" ? [body.bossName] : [...this.timers.keys()];
        for (const name of names) {
          const timer = this.timers.get(name);
          if (timer) {
            this.timers.set(name, {
              ...timer,
              startTime: null,
              endTime: null,
              durationHours: null,
              isActive: false,
              status: null,
            });
          }
        }
        return [200, { success: true, message: "All boss timers have been reset successfully" }];
      }
      case "/guild-members": {
        const playerName = String(body.playerName ?? "").trim();
        if (playerName === "") return [400, { error: "Player name is required" }];
        if (this.members.some((m) => m.playerName.toLowerCase() === playerName.toLowerCase())) {
          return [409, { error: "A member with this name already exists." }];
        }
        const created = member(this.nextMemberId++, playerName, String(body.category));
        created.raidsParticipated = 0;
        created.salary = "0.00";
        this.members.push(created);
        return [201, { guildMember: created }];
      }
      case "/guild-member/update": {
        const found = this.members.find((m) => m.id === body.id);
        if (!found) return [404, { error: "Guild member not found" }];
        if (typeof body.playerName === "string") found.playerName = body.playerName;
        if (typeof body.category === "string") found.category = body.category;
        return [200, { guildMember: found }];
      }
      default:
        return [404, { error: "Not found" }];
    }
  }
}

function send(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(text);
}
