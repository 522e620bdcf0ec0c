/**
 * Operator roles (docs/operators.md). Each role may do what the roles below it may:
 * viewer reads, support acts on users, bans and messages, admin manages operators,
 * enterprises, codes, announcements and settings.
 */
export const OPERATOR_ROLES = ["viewer", "support", "admin"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

const RANK: Record<OperatorRole, number> = { viewer: 1, support: 2, admin: 3 };

/** True when an operator of role `has` may do what needs `needs`. */
export function roleAllows(has: OperatorRole, needs: OperatorRole): boolean {
  return RANK[has] >= RANK[needs];
}

/** The header the portal sends an operator session's token in (never `utoken`: the two never mix). */
export const OPERATOR_TOKEN_HEADER = "x-operator-token";

/** Idle and absolute lifetimes of an operator session, in seconds. */
export const OPERATOR_IDLE_SECONDS = 30 * 60;
export const OPERATOR_ABSOLUTE_SECONDS = 12 * 60 * 60;

/** The reason every changing console action carries into the audit log: characters, trimmed. */
export const REASON_MIN = 3;
export const REASON_MAX = 500;

/** The shortest password an operator may choose (the services' rule, and the form's; zod-free for the browser). */
export const OPERATOR_PASSWORD_MIN = 12;
