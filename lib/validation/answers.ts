import type { DeviceSecurity, KnownDevice, RegionItem, LoginSessionItem } from "@/lib/contract/user";
import type { UserFullInfo } from "@/lib/contract/passport";
import { booleanField, fieldSchema, formSchema, nested, oneOf, type FieldCheck, type FormSchema } from "./form-schema";

/**
 * The portal's own /api answers as the browser checks them before it shows them: the shapes of
 * the contract's schemas (lib/contract/user.ts, passport.ts) on formSchema, so no client bundle
 * carries zod. Each is typed with the contract's own type, so the compiler fails here when the
 * contract gains a field the check would drop.
 */

export const anyText: FieldCheck<string> = (raw) => (typeof raw === "string" ? { ok: true, value: raw } : { ok: false, message: "invalid" });
const integer: FieldCheck<number> = (raw) => (typeof raw === "number" && Number.isInteger(raw) ? { ok: true, value: raw } : { ok: false, message: "invalid" });

export function nullable<V>(check: FieldCheck<V>): FieldCheck<V | null> {
  return (raw) => (raw === null ? { ok: true, value: null } : check(raw));
}

function optional<V>(check: FieldCheck<V>): FieldCheck<V | undefined> {
  return (raw) => (raw === undefined ? { ok: true, value: undefined } : check(raw));
}

export function listOf<V>(check: FieldCheck<V>): FieldCheck<V[]> {
  return (raw) => {
    if (!Array.isArray(raw)) return { ok: false, message: "invalid" };
    const values: V[] = [];
    for (const item of raw) {
      const result = check(item);
      if (!result.ok) return result;
      values.push(result.value);
    }
    return { ok: true, value: values };
  };
}

const regionItem: FormSchema<RegionItem> = formSchema({ id: integer, name: anyText });
const regionItemField = nested(regionItem);
export const regionListField = listOf(regionItemField);
export const regionListAnswer: FormSchema<RegionItem[]> = fieldSchema(regionListField);

const loginSessionItem: FormSchema<LoginSessionItem> = formSchema({
  id: anyText,
  ip: nullable(anyText),
  location: nullable(anyText),
  firstLogin: anyText,
  lastLogin: anyText,
  application: nullable(anyText),
  provider: optional(nullable(anyText)),
  app: optional(nullable(anyText)),
  platform: nullable(oneOf(["pc", "pad", "mobile", "web-pc", "web-mobile", "web-pad", "os"])),
  os: nullable(anyText),
  current: booleanField,
});
export const sessionLogAnswer = formSchema({ list: listOf(nested(loginSessionItem)), total: integer, page: integer, pageSize: integer });

const knownDevice: FormSchema<KnownDevice> = formSchema({ id: anyText, name: anyText, firstSeen: anyText, lastSeen: anyText, current: booleanField });
export const deviceSecurityAnswer: FormSchema<DeviceSecurity> = formSchema({
  enabled: booleanField,
  devices: listOf(nested(knownDevice)),
  total: integer,
  page: integer,
  pageSize: integer,
});

const enterpriseUser = formSchema({ uid: anyText, account: anyText, name: anyText, defaultPassword: booleanField });
export const userFullInfoAnswer: FormSchema<UserFullInfo> = formSchema({
  uid: anyText,
  email: anyText,
  nickname: nullable(anyText),
  headpic: nullable(anyText),
  enterpriseUser: nullable(nested(enterpriseUser)),
  introduction: nullable(anyText),
  gender: nullable(oneOf(["male", "female"])),
  birthday: nullable(anyText),
  country: nullable(integer),
  region: nullable(integer),
  countryRegion: nullable(anyText),
  createdAt: anyText,
});
