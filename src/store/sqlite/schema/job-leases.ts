/**
 * Migration 15: job leases. A process claims a job for a while and renews the claim as it runs; a job whose lease ran
 * out is claimed again (its process stopped), so processes sharing a store never run one job at once.
 */
export const jobLeasesMigration = `
  ALTER TABLE jobs ADD COLUMN lease_owner TEXT;
  ALTER TABLE jobs ADD COLUMN lease_until TEXT;
  CREATE INDEX jobs_lease ON jobs (state, lease_until);
`;
