/**
 * Calls the app makes to itself on behalf of an account that is not signed in here: a Discord slash command acts as
 * the caller's linked account (decision 096). The request object is the proof: only code holding it can mark it,
 * so nothing a client sends can make a request act as anyone.
 */
import type { SessionUser } from "@shared/schemas/login.ts";

export interface Actor {
  user: SessionUser;
  via: "discord";
}

const actors = new WeakMap<Request, Actor>();

export function actAs(request: Request, actor: Actor): void {
  actors.set(request, actor);
}

export function actorOf(request: Request): Actor | undefined {
  return actors.get(request);
}
