import { AVATAR_MAX_BYTES, birthdayRequest, countryRequest, genderRequest, otherInfoRequest } from "@/lib/contract/user";
import { setAvatar, storedFile } from "../../services/avatars";
import { countries, regionsOf, setBirthday, setCountry, setGender, setOtherInfo } from "../../services/profile";
import { authenticate } from "../../services/sessions";
import { readBody } from "../context";
import { readFormFile } from "../multipart";
import type { Route } from "../types";

/** The user centre: avatar, personal information, the country and region lists, stored files. */
export const profileRoutes: Route[] = [
  {
    method: "PATCH",
    path: "/v1/user/headpic",
    handler: async (ctx) => {
      const { user } = await authenticate(ctx.token);
      return setAvatar(user, await readFormFile(ctx, "headpic", AVATAR_MAX_BYTES));
    },
  },
  {
    method: "GET",
    path: "/v1/files/*key",
    handler: async (ctx) => {
      const file = await storedFile(ctx.params.key ?? "");
      return new Response(new Uint8Array(file.body), { status: file.status, headers: file.headers });
    },
  },
  {
    method: "PATCH",
    path: "/v1/user/otherinfo",
    handler: async (ctx) => {
      const { user } = await authenticate(ctx.token);
      await setOtherInfo(user, await readBody(ctx, otherInfoRequest));
      return {};
    },
  },
  {
    method: "PATCH",
    path: "/v1/user/gender",
    handler: async (ctx) => {
      const { user } = await authenticate(ctx.token);
      await setGender(user, (await readBody(ctx, genderRequest)).gender);
      return {};
    },
  },
  {
    method: "PATCH",
    path: "/v1/user/birthday",
    handler: async (ctx) => {
      const { user } = await authenticate(ctx.token);
      await setBirthday(user, (await readBody(ctx, birthdayRequest)).birthday);
      return {};
    },
  },
  {
    method: "PATCH",
    path: "/v1/user/country",
    handler: async (ctx) => {
      const { user } = await authenticate(ctx.token);
      await setCountry(user, await readBody(ctx, countryRequest));
      return {};
    },
  },
  {
    method: "GET",
    path: "/v1/region/country",
    handler: async (ctx) => countries(ctx.lang),
  },
  {
    method: "GET",
    path: "/v1/region/country/:id/states",
    handler: async (ctx) => regionsOf(ctx.params.id ?? "", ctx.lang),
  },
];
