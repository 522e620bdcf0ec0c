import { PASSKEY_NAME_MAX } from "@/lib/contract/passkey-rules";
import { formSchema, type FieldCheck, type Infer } from "./form-schema";

/** A passkey's name as the services count it (lib/contract/passkeys.ts): trimmed, at most PASSKEY_NAME_MAX. */
function passkeyName(required: boolean): FieldCheck<string> {
  return (raw) => {
    const value = typeof raw === "string" ? raw.trim() : "";
    if (required && value.length === 0) return { ok: false, message: "passkeyNameRequired" };
    return value.length <= PASSKEY_NAME_MAX ? { ok: true, value } : { ok: false, message: "passkeyNameTooLong" };
  };
}

/** Naming a new passkey: left empty, it takes the default name. */
export const newPasskeySchema = formSchema({ name: passkeyName(false) });
export type NewPasskeyInput = Infer<typeof newPasskeySchema>;

export const renamePasskeySchema = formSchema({ name: passkeyName(true) });
export type RenamePasskeyInput = Infer<typeof renamePasskeySchema>;
