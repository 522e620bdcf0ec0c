/** The passkeys' limits, without zod, for the client forms and the contract alike. */
export const PASSKEY_NAME_MAX = 64;
/** a user's passkeys at most; one more is refused (20703) */
export const PASSKEYS_PER_USER_MAX = 20;
