/** A command line that cannot be run; its message is shown as is. */
export class UsageError extends Error {}
