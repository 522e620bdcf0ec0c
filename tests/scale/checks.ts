import en from "@/messages/en.json";
import { checkAvatarShown } from "./browser";
import { request } from "./http";
import type { Ledger } from "./ledger";
import { verifyCodeFlows } from "./oidc";
import { BUCKET, SECRETS } from "./portals";
import type { Stack } from "./setup";
import type { Step } from "./verification";
import { verifyEmailLimit, verifyIpLimit, verifySessions, verifyWrites } from "./verify";

/**
 * After the load: the ledger's writes and sessions on every instance, the limits across the
 * instances, an avatar in the S3 bucket as a browser shows it (another origin than the portal's:
 * the pages' CSP must allow it), apps' OpenID code flows and refreshes across the instances, and each instance's metrics (on its METRICS_PORT; refused
 * anonymously on the main port). Returns every problem found, in words.
 */
export async function checkAfterwards({ stack, ledger, log }: { stack: Stack; ledger: Ledger; log: (line: string) => void }): Promise<string[]> {
  const problems: string[] = [];
  if (ledger.accounts.length === 0) problems.push("no registration was acknowledged");
  problems.push(...(await verifyWrites(ledger, stack.portals)));
  log(`${ledger.accounts.length} accounts: signed in on every instance, their writes read through another`);
  const sessions = await verifySessions(ledger, stack.portals);
  problems.push(...sessions.failures);
  log(`${sessions.checked} session checks (every session handed out, on every instance)`);
  const flows = await verifyCodeFlows({ accounts: ledger.accounts, portals: stack.portals, issuer: stack.base, clientId: stack.oidcClientId });
  problems.push(...flows.failures);
  log(`${flows.flows} OpenID code flows, each across the instances (authorization, code exchange, refresh, a reused refresh token refused on another): ${flows.failures.length === 0 ? "all as expected" : `${flows.failures.length} problem(s)`}`);
  const pictured = ledger.accounts.find((account) => account.headpic.acked !== null);
  if (pictured) {
    const bucketUrl = `http://127.0.0.1:${stack.ports.s3}/${BUCKET}`;
    const avatar = await checkAvatarShown(stack.base, pictured, bucketUrl, en.profile.avatar.alt);
    problems.push(...avatar);
    log(`an avatar from ${bucketUrl} in a browser through the balancer: ${avatar.length === 0 ? "shown, nothing refused by the CSP" : "NOT shown"}`);
  } else problems.push("no avatar upload was acknowledged");
  const ip = await verifyIpLimit(stack.portals);
  problems.push(...ip.failures);
  log(`per-IP limit across instances: ${ip.granted} of 130 email nonces handed out (cap 120)`);
  const probe: Step = async (_kind, call) => {
    const { envelope } = await call();
    return envelope.code === 0 ? envelope : null;
  };
  const account = ledger.accounts[0];
  if (account) {
    const email = await verifyEmailLimit(account, stack.portals, probe);
    problems.push(...email.failures);
    log(`per-email limit across instances: the wait began at wrong password ${String(email.refusedAt)} (expected 6)`);
  }
  for (const [i, portal] of stack.portals.entries()) {
    const metrics = (await request(`http://127.0.0.1:${stack.ports.metrics[i]}/metrics`)).body.toString("utf8");
    const signIns = [...metrics.matchAll(/^passport_sign_ins_total\{way="password",outcome="ok"\} (\d+)/gm)].map((match) => match[1]);
    if (!metrics.includes("passport_http_requests_total{")) problems.push(`${portal.name}: its metrics list no requests`);
    if ((await request(`${portal.url}/metrics`)).status !== 401) problems.push(`${portal.name}: /metrics on the main port without the token was not refused`);
    if ((await request(`${portal.url}/metrics`, { headers: { authorization: `Bearer ${SECRETS.METRICS_TOKEN}` } })).status !== 200) problems.push(`${portal.name}: /metrics with the token was refused`);
    log(`${portal.name} metrics: ${signIns[0] ?? 0} password sign-ins since its last start`);
  }
  return problems;
}
