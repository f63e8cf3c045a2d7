/** Thrown when the environment holds an unusable value; the message says which and why. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
