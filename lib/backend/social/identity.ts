import { z } from "zod";
import { canonicalEmail } from "@/lib/contract/fields";
import { ErrorCode, ServiceError } from "../errors";

/** A provider's account as a sign-in sees it, after the provider's token was checked. */
export type Identity = {
  channel: string;
  /** the provider's stable id of its user (`sub`) */
  subject: string;
  /** canonical form, or null when the provider shared none */
  email: string | null;
  emailVerified: boolean;
  /** a display name, when the provider shares one */
  name: string | null;
};

const emailSchema = z.email();

/** Apple sends email_verified as the string "true". */
function verified(value: unknown): boolean {
  return value === true || value === "true";
}

function text(value: unknown, max = 128): string | null {
  return typeof value === "string" && value.trim() ? value.trim().slice(0, max) : null;
}

/**
 * The identity in checked claims (an ID token, a userinfo answer). A claim that is no valid
 * email counts as no email; `fallbackName` is Apple's first-authorization `user` field.
 */
export function identityFromClaims(channel: string, claims: Record<string, unknown>, fallbackName: string | null = null): Identity {
  const subject = text(claims.sub, 255);
  if (!subject) throw new ServiceError(ErrorCode.socialAuthFailed);
  const email = typeof claims.email === "string" && emailSchema.safeParse(claims.email.trim()).success ? canonicalEmail(claims.email) : null;
  const given = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(" ");
  return {
    channel,
    subject,
    email,
    emailVerified: email !== null && verified(claims.email_verified),
    name: text(claims.name) ?? (given || null) ?? fallbackName ?? email,
  };
}

/** Apple's `user` form field ({"name":{"firstName","lastName"}}) on the first authorization: the name only. */
export function appleUserName(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const parsed = z
      .object({ name: z.object({ firstName: z.string().max(64).optional(), lastName: z.string().max(64).optional() }).optional() })
      .safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const name = [parsed.data.name?.firstName, parsed.data.name?.lastName].filter(Boolean).join(" ").trim();
    return name || null;
  } catch {
    return null;
  }
}
