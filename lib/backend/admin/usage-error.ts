/** Bad usage of an operator command: the CLI prints the message and the help, and exits with 2. */
export class UsageError extends Error {}
