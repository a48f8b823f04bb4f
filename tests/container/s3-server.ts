/**
 * The container smoke test's S3-protocol server (tests/support/s3-server.ts) as a process of its own:
 * `tsx tests/container/s3-server.ts` prints one JSON line with its endpoint, bucket and folder, then serves until
 * it is stopped.
 */
import { startS3Server } from '../support/s3-server';

const server = await startS3Server('clientflow-smoke');
process.stdout.write(
  `${JSON.stringify({ endpoint: server.endpoint, bucket: server.bucket, directory: server.directory })}\n`,
);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
