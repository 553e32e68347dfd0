// Every page sends the plays waiting in the browser's outbox (docs/decisions/032-play-outbox.md).
import { startOutbox } from '../lib/outbox-sender';

try {
  startOutbox();
} catch {
  // storage disabled: there is no outbox
}
