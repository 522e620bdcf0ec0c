/**
 * The console's user search, what its form and the services share (no zod: the form runs in the
 * browser). `any`, the default, reads the text: a user id, a sign-in address, or else a part of
 * an email or nickname, or an enterprise account ID.
 */
export const USER_SEARCH_FIELDS = ["any", "email", "id", "enterprise", "nickname", "ip"] as const;
export type UserSearchField = (typeof USER_SEARCH_FIELDS)[number];
export const USER_SORTS = ["created", "lastSignIn", "email"] as const;
export const SEARCH_MAX = 254;
export const SEARCH_PAGE_MAX = 1000;
export const SEARCH_PAGE_SIZE_MAX = 100;
/** The count stops here ("10,000+"): counting every match of a million rows is not worth its time. */
export const SEARCH_COUNT_MAX = 10_000;
export const USER_STATUSES = ["active", "restricted", "banned"] as const;
export const YES_NO = ["yes", "no"] as const;
/** a social provider's name as a filter (google, …) */
export const SOCIAL_FILTER = /^[a-z0-9_-]{0,32}$/;
/** the filters of the address besides the text, in the form's order */
export const USER_FILTERS = ["status", "twoStep", "passkey", "social", "brand", "createdFrom", "createdTo", "signedInFrom", "signedInTo"] as const;
