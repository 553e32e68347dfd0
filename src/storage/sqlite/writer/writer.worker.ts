/**
 * The entry of the SQLite writer's thread (writer-loop.ts, docs/decisions/035). The first
 * message opens the database; every later one is a request. An exception that escapes ends the
 * worker, and the request thread then stops the process (writer-client.ts): a server never goes
 * on answering while nothing is written.
 */
import { createIdleTidy } from '../../../http/idle-tidy';
import { toWire, type WriterEvent, type WriterInit, type WriterRequest } from './messages';
import { openWriter } from './writer-loop';

declare const self: Worker;

const post = (event: WriterEvent) => self.postMessage(event);
let writer: ReturnType<typeof openWriter> | undefined;
let handled = 0;
// This thread has a heap and an allocator of its own: after a burst of plays it collects and
// gives pages back once idle, as the request thread does (~10 MiB after the flood of issue 37).
// After every burst of its own: the process's RSS moves with the request thread's memory, not
// this thread's, and this heap's own size (`heapUsed`) is only read again at a collection.
createIdleTidy({ activity: () => handled, tidy: () => {}, resident: () => 0, growthBytes: 0 }).start();

self.onmessage = (message: MessageEvent<WriterInit | WriterRequest>) => {
  handled++;
  if (writer) {
    void writer.handle(message.data as WriterRequest);
    return;
  }
  try {
    writer = openWriter(message.data as WriterInit, post);
    post({ type: 'ready' });
  } catch (error) {
    post({ type: 'unusable', error: toWire(error) });
  }
};
