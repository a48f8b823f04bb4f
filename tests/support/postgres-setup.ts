// Global setup of the migrations project, whose PostgreSQL half needs a server: the run's PostgreSQL
// (tests/support/postgres.ts), stopped at the end if it was started for the run.
import { postgresForRun } from './postgres';

export default function setup() {
  return postgresForRun();
}
