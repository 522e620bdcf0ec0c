import { getDb } from "../db/client";
import { CLIENT_SCOPES } from "@/lib/contract/console/screens";
import { ClientInputError, disableClient, listClients, registerClient, rotateClientSecret, setClientScopes, type ClientKind } from "../oidc/clients";
import { PUBLISH_AHEAD, rotateSigningKeys } from "../oidc/signing-keys";
import { CliError } from "./commands";
import type { CommandAudit } from "./cli-audit";
import type { CliIo } from "./io";
import { table } from "./table";
import { parseCommand, requiredOption, UsageError } from "./usage";

/** The help lines of the OpenID Provider's client and signing-key commands (part of run.ts's USAGE; docs/oidc.md). */
export const CLIENT_USAGE = `  client:create --name NAME --kind public|client_secret_basic|private_key_jwt [--native]
               --redirect-uri URI [--redirect-uri URI …] [--post-logout-uri URI …]
               [--backchannel-logout-uri URI] [--brand CODE] [--jwks JSON] [--id-token-alg ES256|RS256]
               [--origin ORIGIN …] [--privacy-url URL] [--terms-url URL]
               [--scopes "SCOPE …"] [--third-party] --reason TEXT [--json]
                      Register an app with the OpenID Provider (first-party: no consent
                      screen; --third-party: another company's app, the user is asked
                      what it may have). A client_secret_basic app's secret is printed this once.
                      --native (public apps, RFC 8252): http://127.0.0.1 on any port,
                      claimed https, or a reverse-domain scheme (com.example.app:/cb).
                      --origin: a brand site that may sign in with FedCM (docs/fedcm.md).
                      --scopes: what it may ask for besides openid, of ${CLIENT_SCOPES.join(", ")}
                      (space- or comma-separated; "" for openid alone; left out: all).
                      Refresh tokens only with offline_access.
  client:list [--json]
                      The registered apps, without secrets.
  client:rotate-secret CLIENT_ID --reason TEXT [--json]
                      A new secret for a client_secret_basic app, printed once; the old
                      one stops working at once.
  client:scopes CLIENT_ID --scopes "SCOPE …" --reason TEXT
                      What the app may ask for from now on (as client:create's --scopes);
                      a sign-in asking for more is refused with invalid_scope.
  client:disable CLIENT_ID --reason TEXT
                      The app can no longer sign users in, and its tokens stop working.
  keys:rotate --reason TEXT
                      New signing keys (ES256 and RS256): published at once, used to sign
                      a minute later; the old ones stay published until their ID tokens
                      have expired, then are deleted.`;

const KINDS: readonly ClientKind[] = ["public", "client_secret_basic", "private_key_jwt"];

/** A repeatable option (`multiple`), whichever way the parser's types give it. */
function list(value: string | string[] | boolean | undefined): string[] {
  if (Array.isArray(value)) return value;
  return typeof value === "string" ? [value] : [];
}

function jwks(value: string | undefined): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new UsageError("--jwks must be JSON: {\"keys\":[…]}");
  }
}

async function refusedAsCliError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ClientInputError) throw new CliError(error.message);
    throw error;
  }
}

function printSecret(io: CliIo, clientId: string, secret: string, json: boolean): void {
  if (json) return io.out(JSON.stringify({ clientId, secret }));
  io.out(`Client secret: ${secret}`);
  io.out("It is shown only this once; keep it in the app's server configuration.");
}

/** Runs a client command; false when `command` is not one of them. */
export async function dispatchClient(command: string, args: string[], io: CliIo, entry: CommandAudit): Promise<boolean> {
  switch (command) {
    case "client:create": {
      const { values } = parseCommand(
        args,
        {
          name: { type: "string" },
          kind: { type: "string" },
          "redirect-uri": { type: "string", multiple: true },
          "post-logout-uri": { type: "string", multiple: true },
          "backchannel-logout-uri": { type: "string" },
          origin: { type: "string", multiple: true },
          "privacy-url": { type: "string" },
          "terms-url": { type: "string" },
          brand: { type: "string" },
          jwks: { type: "string" },
          "id-token-alg": { type: "string" },
          native: { type: "boolean" },
          "third-party": { type: "boolean" },
          scopes: { type: "string" },
          json: { type: "boolean" },
        },
        0,
      );
      const kind = KINDS.find((candidate) => candidate === values.kind);
      if (!kind) throw new UsageError(`--kind must be one of ${KINDS.join(", ")}.`);
      const alg = values["id-token-alg"];
      if (alg !== undefined && alg !== "ES256" && alg !== "RS256") throw new UsageError("--id-token-alg must be ES256 or RS256.");
      const created = await refusedAsCliError(() =>
        registerClient({
          name: requiredOption(values.name, "name"),
          kind,
          redirectUris: list(values["redirect-uri"]),
          postLogoutRedirectUris: list(values["post-logout-uri"]),
          ...(values["backchannel-logout-uri"] === undefined ? {} : { backchannelLogoutUri: values["backchannel-logout-uri"] }),
          origins: list(values.origin),
          ...(values["privacy-url"] === undefined ? {} : { privacyUrl: values["privacy-url"] }),
          ...(values["terms-url"] === undefined ? {} : { termsUrl: values["terms-url"] }),
          brand: values.brand ?? null,
          jwks: jwks(values.jwks),
          native: values.native ?? false,
          firstParty: values["third-party"] !== true,
          ...(values.scopes === undefined ? {} : { scopes: [values.scopes] }),
          ...(alg ? { idTokenAlg: alg } : {}),
        }),
      );
      entry.target = { type: "client", id: created.clientId };
      entry.attempted.kind = kind;
      if (values["third-party"]) entry.attempted.thirdParty = true;
      if (values.scopes !== undefined) entry.attempted.scopes = values.scopes.slice(0, 100);
      if (values.json && created.secret === null) io.out(JSON.stringify({ clientId: created.clientId }));
      if (!values.json) io.out(`Registered ${kind} client ${created.clientId}.`);
      if (created.secret !== null) printSecret(io, created.clientId, created.secret, values.json ?? false);
      return true;
    }
    case "client:list": {
      const { values } = parseCommand(args, { json: { type: "boolean" } }, 0);
      const clients = await listClients();
      if (values.json) io.out(JSON.stringify(clients));
      else if (clients.length === 0) io.out("No clients registered.");
      else io.out(table(["client id", "name", "kind", "brand", "state", "scopes", "redirect URIs"], clients.map((c) => [c.clientId, c.name, c.kind, c.brand ?? "-", c.disabled ? "disabled" : "enabled", ["openid", ...c.scopes].join(" "), c.redirectUris.join(" ")])));
      return true;
    }
    case "client:rotate-secret": {
      const { positionals, values } = parseCommand(args, { json: { type: "boolean" } }, 1);
      const clientId = positionals[0] ?? "";
      entry.target = { type: "client", id: clientId };
      printSecret(io, clientId, await refusedAsCliError(() => rotateClientSecret(clientId)), values.json ?? false);
      return true;
    }
    case "client:scopes": {
      const { positionals, values } = parseCommand(args, { scopes: { type: "string" } }, 1);
      const clientId = positionals[0] ?? "";
      const scopes = values.scopes;
      if (scopes === undefined) throw new UsageError('Missing --scopes ("" for openid alone).');
      entry.target = { type: "client", id: clientId };
      entry.attempted.scopes = scopes.slice(0, 100);
      const allowed = await refusedAsCliError(() => setClientScopes(clientId, [scopes]));
      io.out(`Client ${clientId} may now ask for: ${["openid", ...allowed].join(" ")}.`);
      return true;
    }
    case "client:disable": {
      const { positionals } = parseCommand(args, {}, 1);
      const clientId = positionals[0] ?? "";
      entry.target = { type: "client", id: clientId };
      await refusedAsCliError(() => disableClient(clientId));
      io.out(`Disabled client ${clientId}: it can no longer sign users in.`);
      return true;
    }
    case "keys:rotate": {
      parseCommand(args, {}, 0);
      const kids = await rotateSigningKeys(await getDb());
      entry.target = { type: "signing-keys", id: kids.join(" ") };
      io.out(`New signing keys ${kids.join(", ")}: published now, signing in ${PUBLISH_AHEAD} s on every instance.`);
      return true;
    }
    default:
      return false;
  }
}
