// The test preload (bunfig.toml [test]): after the last test file, the shared PostgreSQL cluster stops.
import { afterAll } from 'bun:test';
import { stopSharedCluster } from './postgres';

afterAll(stopSharedCluster);
