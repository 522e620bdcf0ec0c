import { MESSAGE_CATEGORIES } from "@/lib/contract/message-rules";
import { SEND_TARGETS } from "@/lib/contract/console/screens";
import { formSchema, oneOf, type FieldCheck, type Infer } from "./form-schema";

/**
 * The console's forms that the services judge field by field (an address or range, a batch, an
 * enterprise, a message, an announcement, a code): the form holds what was typed as typed and
 * the action's refusal marks the field it names (components/console/use-console-action.ts), so
 * the one rule lives in lib/backend/services and is not written twice.
 */
const typed: FieldCheck<string> = (raw) => ({ ok: true, value: typeof raw === "string" ? raw : "" });

type Bilingual = Record<"en" | "zh", { title: string; body: string }>;
const side = (raw: unknown) => {
  const source = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  return { title: typeof source.title === "string" ? source.title : "", body: typeof source.body === "string" ? source.body : "" };
};
const bilingual: FieldCheck<Bilingual> = (raw) => {
  const source = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  return { ok: true, value: { en: side(source.en), zh: side(source.zh) } };
};

export const banFormSchema = formSchema({ network: typed, expiresOn: typed, reason: typed });
export type BanInput = Infer<typeof banFormSchema>;

export const reasonFormSchema = formSchema({ reason: typed });
export type ReasonFormInput = Infer<typeof reasonFormSchema>;

export const codeLookupSchema = formSchema({ code: typed });
export type CodeLookupInput = Infer<typeof codeLookupSchema>;

export const codeBatchSchema = formSchema({ benefitEn: typed, benefitZh: typed, count: typed, benefitDays: typed, validUntil: typed, reason: typed });
export type BatchInput = Infer<typeof codeBatchSchema>;

export const enterpriseCreateSchema = formSchema({ account: typed, name: typed, email: typed, reason: typed });
export type EnterpriseInput = Infer<typeof enterpriseCreateSchema>;

export const announcementSchema = formSchema({ texts: bilingual, until: typed, reason: typed });
export type AnnouncementInput = Infer<typeof announcementSchema>;

export const messageSchema = formSchema({
  appCode: typed,
  category: oneOf(MESSAGE_CATEGORIES),
  target: oneOf(SEND_TARGETS),
  email: typed,
  texts: bilingual,
  reason: typed,
});
export type MessageInput = Infer<typeof messageSchema>;
