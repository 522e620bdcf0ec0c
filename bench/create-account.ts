/**
 * The account of the bench's signed-in measurements (bench/run.ts runs it before the portal
 * starts, on the portal's fresh DATA_DIR): a consumer made with the services' own functions,
 * as /v1/register makes one, without the proof of work and the emailed code around it.
 * BENCH_EMAIL and BENCH_PASSWORD name it; BENCH_EMAILS (comma-separated) makes several with
 * that password (the per-core part's sign-ins spread over a few accounts, as real ones are).
 * BENCH_OIDC_REDIRECT also registers a public app with the OpenID Provider, with that redirect
 * URI, and prints its client id as the last line (the per-core part's OpenID lines use it).
 */
import { shutdownBackend } from "@/lib/backend/lifecycle";
import { registerClient } from "@/lib/backend/oidc/clients";
import { hashPassword } from "@/lib/backend/services/passwords";
import { createUser } from "@/lib/backend/services/users";

async function main(): Promise<void> {
  const emails = (process.env.BENCH_EMAILS ?? process.env.BENCH_EMAIL ?? "").split(",").map((email) => email.trim()).filter(Boolean);
  const password = process.env.BENCH_PASSWORD;
  if (emails.length === 0 || !password) throw new Error("BENCH_EMAIL (or BENCH_EMAILS) and BENCH_PASSWORD are required");
  try {
    for (const email of emails) await createUser({ email, passwordHash: await hashPassword(password) });
    const redirect = process.env.BENCH_OIDC_REDIRECT;
    if (redirect) process.stdout.write(`${(await registerClient({ name: "Bench app", kind: "public", redirectUris: [redirect] })).clientId}\n`);
  } finally {
    await shutdownBackend();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
