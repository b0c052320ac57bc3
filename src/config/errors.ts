/** A mistake in docs.config.yaml: the message names the file, line and key; the CLI exits with 2. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
