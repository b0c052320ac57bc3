// The private PostgreSQL cluster of the tests (shared with bench/: plain JavaScript, typed beside it).
export { createDatabase, type PostgresCluster, startPostgres } from '../../scripts/postgres-cluster.mjs';
