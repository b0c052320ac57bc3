import { fileURLToPath } from 'node:url';

/** The space templates of the installation: this module sits two folders below the package in src/, dist/ and dist/bundle/ alike. */
export const TEMPLATES_DIR = fileURLToPath(new URL('../../templates/content/', import.meta.url));
