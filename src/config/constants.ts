export const CONFIG_FILE = 'docs.config.yaml';
