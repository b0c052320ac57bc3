export interface PostgresCluster {
  /** The URL of its `postgres` database, as the superuser `quire`. */
  readonly url: string;
  stop(): void;
}

export function startPostgres(): Promise<PostgresCluster>;

/** A new database on the cluster at `url` (empty, or a copy of `template`), and its URL. */
export function createDatabase(url: string, name: string, template?: string): Promise<string>;
