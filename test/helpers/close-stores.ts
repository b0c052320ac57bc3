// Setup file of the PostgreSQL projects: a test file's stores are closed after it, so connections do not pile up.
import { afterAll } from 'vitest';
import { closeTestStores } from './store.js';

afterAll(closeTestStores);
