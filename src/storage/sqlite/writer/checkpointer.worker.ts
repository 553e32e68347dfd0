/**
 * The entry of the WAL checkpointer's thread (checkpointer.ts, docs/decisions/042). A file of its
 * own, not a role of the writer's: this thread then loads only bun:sqlite and a few lines, not
 * the writer's stores (measured idle: the thread adds 4.0 MiB of RSS, 5.3 MiB as a role of the
 * writer's file). The first message opens the database; the only later one closes it.
 */
import { type CheckpointerInit, type CheckpointerRequest, openCheckpointer } from './checkpointer';
import { toWire } from './messages';

declare const self: Worker;

let opened: ReturnType<typeof openCheckpointer> | undefined;

self.onmessage = (message: MessageEvent<CheckpointerInit | CheckpointerRequest>) => {
  if (opened) {
    opened.handle(message.data as CheckpointerRequest);
    return;
  }
  try {
    opened = openCheckpointer(message.data as CheckpointerInit, (event) => self.postMessage(event));
    self.postMessage({ type: 'ready' });
  } catch (error) {
    self.postMessage({ type: 'unusable', error: toWire(error) });
  }
};
