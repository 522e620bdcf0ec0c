import { count } from "drizzle-orm";
import { getDb } from "@/lib/backend/db/client";
import { outboxMails, sessions, users } from "@/lib/backend/db/schema";
import { challengeOf, solvePayload } from "./harness";
import type { RemoteClient } from "./remote";

/** A human-verification ticket as a remote client gets one: challenge, proof of work, POST /v1/verify/pow. */
export async function ticketVia(client: RemoteClient, scene: string, email: string): Promise<string> {
  const challenge = await client.call("GET", `/v1/verify/challenge?${new URLSearchParams({ scene, email })}`);
  expect(challenge.code).toBe(0);
  const payload = await solvePayload(challengeOf(challenge.data));
  const ticket = await client.call("POST", "/v1/verify/pow", { body: { scene, email, payload } });
  expect(ticket.code).toBe(0);
  return String(ticket.data?.ticket);
}

/** A code request as a remote client makes it: verify/email, a ticket, then POST /v1/captcha. */
export async function askCodeVia(client: RemoteClient, email: string, type: "register" | "login" | "findpwd") {
  const verified = await client.call("POST", "/v1/verify/email", { body: { email } });
  expect(verified.code).toBe(0);
  const ticket = await ticketVia(client, type, email);
  return client.call("POST", "/v1/captcha", { body: { receiver: email, nonce: verified.data?.nonce, type, ticket } });
}

/** What an attack could have changed: accounts, sessions, mails sent. */
export async function stateCounts(): Promise<{ users: number; sessions: number; mails: number }> {
  const db = await getDb();
  const [u] = await db.select({ n: count() }).from(users);
  const [s] = await db.select({ n: count() }).from(sessions);
  const [m] = await db.select({ n: count() }).from(outboxMails);
  return { users: u?.n ?? 0, sessions: s?.n ?? 0, mails: m?.n ?? 0 };
}
