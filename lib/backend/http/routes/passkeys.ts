import { createRoute, z } from "@hono/zod-openapi";
import {
  authenticationOptionsResponse,
  autoRegisterPasskeyRequest,
  autoRegistrationOptionsResponse,
  passkeyUpgradeSetting,
  passkeyItem,
  passkeyListResponse,
  passkeyLoginRequest,
  passkeyLoginResponse,
  passkeyProofRequest,
  registerPasskeyRequest,
  registrationOptionsResponse,
  renamePasskeyRequest,
} from "@/lib/contract/passkeys";
import { listPasskeys, passkeyRegistrationOptions, registerPasskey, removePasskey, renamePasskey } from "../../services/passkeys/manage";
import { autoRegisterPasskey, autoRegistrationOptions, passkeyUpgradeSetting as readUpgradeSetting, setPasskeyUpgrade } from "../../services/passkeys/auto-register";
import { loginWithPasskey, passkeySignInOptions } from "../../services/passkeys/sign-in";
import { passkeyProofOptions, provePasskey } from "../../services/passkeys/step-up";
import { authenticate } from "../../services/sessions";
import { stepUpResponse } from "@/lib/contract/step-up";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok, optionalJson, SESSION } from "../openapi";

/** Passkeys (WebAuthn): a user's own passkeys, and sign-in with one. */
const tags = ["passkeys"];
const empty = z.object({});
const idParam = z.object({ id: z.uuid() });

export function passkeyRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "post", path: "/v1/user/passkey/register/options", tags, summary: "Options for adding a passkey, bound to this session (five minutes, once)", security: SESSION, request: { body: optionalJson(empty) }, responses: ok(registrationOptionsResponse) }),
    async (c) => {
      const { user, session } = await authenticate(c.var.token);
      return reply(c, await passkeyRegistrationOptions(user, session));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/user/passkey/register", tags, summary: "Add a passkey: the browser's answer to this session's attempt, and its name", security: SESSION, request: { body: json(registerPasskeyRequest) }, responses: ok(passkeyItem) }),
    async (c) => {
      const { user, session } = await authenticate(c.var.token);
      return reply(c, await registerPasskey(user, session, c.req.valid("json"), c.var.client));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/user/passkey/auto-register/options", tags, summary: "Options for the automatic passkey upgrade (conditional create) right after a password sign-in; {enabled: false} when the account turned it off", security: SESSION, request: { body: optionalJson(empty) }, responses: ok(autoRegistrationOptionsResponse) }),
    async (c) => {
      const { user, session } = await authenticate(c.var.token);
      return reply(c, await autoRegistrationOptions(user, session));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/user/passkey/auto-register", tags, summary: "Add the passkey the browser made without a prompt (user presence not required), named after the device", security: SESSION, request: { body: json(autoRegisterPasskeyRequest) }, responses: ok(passkeyItem) }),
    async (c) => {
      const { user, session } = await authenticate(c.var.token);
      return reply(c, await autoRegisterPasskey(user, session, c.var.client, c.req.valid("json")));
    },
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/user/passkey/upgrade", tags, summary: "Whether the automatic passkey upgrade is on for the account (default on)", security: SESSION, responses: ok(passkeyUpgradeSetting) }),
    async (c) => reply(c, readUpgradeSetting((await authenticate(c.var.token)).user)),
  );

  app.openapi(
    createRoute({ method: "patch", path: "/v1/user/passkey/upgrade", tags, summary: "Turn the automatic passkey upgrade on or off", security: SESSION, request: { body: json(passkeyUpgradeSetting) }, responses: ok(passkeyUpgradeSetting) }),
    async (c) => reply(c, await setPasskeyUpgrade((await authenticate(c.var.token)).user, c.req.valid("json").enabled)),
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/user/passkeys", tags, summary: "The account's passkeys, newest first", security: SESSION, responses: ok(passkeyListResponse) }),
    async (c) => reply(c, await listPasskeys((await authenticate(c.var.token)).user)),
  );

  app.openapi(
    createRoute({ method: "patch", path: "/v1/user/passkey/{id}", tags, summary: "Rename a passkey", security: SESSION, request: { params: idParam, body: json(renamePasskeyRequest) }, responses: ok(passkeyItem) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      return reply(c, await renamePasskey(user, c.req.valid("param").id, c.req.valid("json").name, c.var.client));
    },
  );

  app.openapi(
    createRoute({ method: "delete", path: "/v1/user/passkey/{id}", tags, summary: "Remove a passkey (never the account's last way in: 20304), with a recent step-up proof", security: SESSION, request: { params: idParam }, responses: ok(empty) }),
    async (c) => {
      const { user, session } = await authenticate(c.var.token);
      await removePasskey(user, session, c.req.valid("param").id, c.var.client);
      return reply(c, {});
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/login/passkey/options", tags: ["sign-in"], summary: "Options for signing in with a passkey (a discoverable credential: no account named)", request: { body: optionalJson(empty) }, responses: ok(authenticationOptionsResponse) }),
    async (c) => reply(c, await passkeySignInOptions(c.var.client.ip)),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/login/passkey", tags: ["sign-in"], summary: "Sign in with a passkey: the browser's answer to the attempt; no device code, no second step", request: { body: json(passkeyLoginRequest) }, responses: ok(passkeyLoginResponse) }),
    async (c) => reply(c, await loginWithPasskey(c.req.valid("json"), c.var.client)),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/user/step-up/passkey/options", tags: ["security"], summary: "Options for proving with one of the account's passkeys (step-up), bound to this session", security: SESSION, request: { body: optionalJson(empty) }, responses: ok(authenticationOptionsResponse) }),
    async (c) => reply(c, await passkeyProofOptions(await authenticate(c.var.token))),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/user/step-up/passkey", tags: ["security"], summary: "Prove it is the owner with a passkey; good for 5 minutes in this session", security: SESSION, request: { body: json(passkeyProofRequest) }, responses: ok(stepUpResponse) }),
    async (c) => reply(c, await provePasskey(await authenticate(c.var.token), c.req.valid("json"), c.var.client.ip)),
  );
}
