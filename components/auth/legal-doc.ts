/** The two legal documents the sign-in screens link to. */
export type LegalDoc = "privacy" | "terms";
