import { messageLangOf } from "@/lib/contract/error-messages";
import type { MessageLang } from "@/lib/contract/errors";

/** Languages of server-written text (emails). The `lang` request header picks one. */
export type Lang = MessageLang;

/** `zh`, `zh-CN`, `zh_TW`, `ZH-Hans` → zh; anything else → en (the contract's rule, shared with the portal's server). */
export const langFromHeader = messageLangOf;
