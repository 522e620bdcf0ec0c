/** Languages of server-written text (emails). The `lang` request header picks one. */
export type Lang = "en" | "zh";

/** `zh`, `zh-CN`, `zh_TW`, `ZH-Hans` → zh; anything else → en. */
export function langFromHeader(value: string | null | undefined): Lang {
  return /^zh(?:$|[-_])/i.test((value ?? "").trim()) ? "zh" : "en";
}
