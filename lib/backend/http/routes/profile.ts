import { createRoute, z } from "@hono/zod-openapi";
import { AVATAR_MAX_BYTES, birthdayRequest, countryRequest, genderRequest, headpicResponse, otherInfoRequest, regionListResponse } from "@/lib/contract/user";
import { setAvatar, storedFile } from "../../services/avatars";
import { countries, regionsOf, setBirthday, setCountry, setGender, setOtherInfo } from "../../services/profile";
import { authenticate } from "../../services/sessions";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok, SESSION } from "../openapi";

/** The user centre: avatar, personal information, the country and region lists, stored files. */
const tags = ["profile"];
const empty = z.object({});

const headpicUpload = z.object({
  headpic: z.instanceof(File).openapi({ type: "string", format: "binary", description: "PNG, JPEG or WebP, at most 5 MB" }),
});

export function profileRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({
      method: "patch",
      path: "/v1/user/headpic",
      tags,
      summary: "Upload a new avatar (multipart/form-data, field headpic)",
      security: SESSION,
      request: { body: { content: { "multipart/form-data": { schema: headpicUpload } }, required: true } },
      responses: ok(headpicResponse),
    }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      const file = c.req.valid("form").headpic;
      const upload = file.size > AVATAR_MAX_BYTES ? ({ ok: false } as const) : ({ ok: true, bytes: new Uint8Array(await file.arrayBuffer()) } as const);
      return reply(c, await setAvatar(user, upload));
    },
  );

  // Keys have several segments (avatars/…/….webp), which the OpenAPI path syntax cannot say.
  app.get("/v1/files/:key{.+}", async (c) => {
    const file = await storedFile(c.req.param("key"));
    return new Response(new Uint8Array(file.body), { status: file.status, headers: file.headers });
  });
  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/v1/files/{key}",
    tags,
    summary: "A stored file (avatars) of the local storage; the key may contain '/'",
    request: { params: z.object({ key: z.string() }) },
    responses: { 200: { description: "The file, immutable", content: { "image/webp": { schema: z.string().openapi({ format: "binary" }) } } } },
  });

  app.openapi(
    createRoute({ method: "patch", path: "/v1/user/otherinfo", tags, summary: "Set nickname and introduction", security: SESSION, request: { body: json(otherInfoRequest) }, responses: ok(empty) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      await setOtherInfo(user, c.req.valid("json"));
      return reply(c, {});
    },
  );

  app.openapi(
    createRoute({ method: "patch", path: "/v1/user/gender", tags, summary: "Set gender", security: SESSION, request: { body: json(genderRequest) }, responses: ok(empty) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      await setGender(user, c.req.valid("json").gender);
      return reply(c, {});
    },
  );

  app.openapi(
    createRoute({ method: "patch", path: "/v1/user/birthday", tags, summary: "Set birthday (YYYY-MM-DD)", security: SESSION, request: { body: json(birthdayRequest) }, responses: ok(empty) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      await setBirthday(user, c.req.valid("json").birthday);
      return reply(c, {});
    },
  );

  app.openapi(
    createRoute({ method: "patch", path: "/v1/user/country", tags, summary: "Set country and region", security: SESSION, request: { body: json(countryRequest) }, responses: ok(empty) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      await setCountry(user, c.req.valid("json"));
      return reply(c, {});
    },
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/region/country", tags: ["regions"], summary: "Countries, named in the lang header's language", responses: ok(regionListResponse) }),
    async (c) => reply(c, countries(c.var.lang)),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/region/country/{id}/states",
      tags: ["regions"],
      summary: "Regions of a country",
      request: { params: z.object({ id: z.string().max(16) }) },
      responses: ok(regionListResponse),
    }),
    async (c) => reply(c, await regionsOf(c.req.valid("param").id, c.var.lang)),
  );
}
