// The test preload (bunfig.toml [test]): after the last test file, the shared PostgreSQL cluster stops.
import { afterAll } from 'bun:test';
import { stopSharedCluster } from './postgres';

// Stopping waits for the server to exit: seconds on a loaded machine, past the default hook timeout.
afterAll(stopSharedCluster, 60_000);
