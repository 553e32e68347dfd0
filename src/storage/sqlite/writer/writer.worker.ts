/**
 * The entry of the SQLite writer's thread (writer-loop.ts, docs/decisions/035), and of the WAL
 * checkpointer's (checkpointer.ts, docs/decisions/042): one file, so the binary embeds one more
 * entry point, not two. The first message opens the database (its `role` says which of the two
 * this thread is); every later one is a request. An exception that escapes ends the worker, and
 * the request thread notices (writer-client.ts): a lost writer stops the process, a lost
 * checkpointer gives the checkpoints back to the writer.
 */
import { createIdleTidy } from '../../../http/idle-tidy';
import { type CheckpointerInit, type CheckpointerRequest, openCheckpointer } from './checkpointer';
import { toWire, type WriterEvent, type WriterInit, type WriterRequest } from './messages';
import { openWriter } from './writer-loop';

declare const self: Worker;

type Opened = { handle: (request: never) => unknown };
let opened: Opened | undefined;
let handled = 0;
// This thread has a heap and an allocator of its own: after a burst of plays it collects and
// gives pages back once idle, as the request thread does (~10 MiB after the flood of issue 37).
createIdleTidy({ activity: () => handled, tidy: () => {} }).start();

self.onmessage = (
  message: MessageEvent<WriterInit | CheckpointerInit | WriterRequest | CheckpointerRequest>,
) => {
  handled++;
  if (opened) {
    void opened.handle(message.data as never);
    return;
  }
  const init = message.data as WriterInit | CheckpointerInit;
  const post = (event: unknown) => self.postMessage(event);
  try {
    opened =
      'role' in init && init.role === 'checkpointer'
        ? openCheckpointer(init, post)
        : openWriter(init as WriterInit, post as (event: WriterEvent) => void);
    post({ type: 'ready' });
  } catch (error) {
    post({ type: 'unusable', error: toWire(error) });
  }
};
