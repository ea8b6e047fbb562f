import cluster, { type Worker } from 'node:cluster';
import { channelMessages, primaryRequests, sendToWorker, withRequestId, type ChannelMessage } from '@db/cluster-messages';

/**
 * A client's places among the writes running on the whole machine (see `WriteAdmission`): one
 * address, /64 or staff session runs at most `limit` writes at once and has at most
 * `maxWaiting` waiting, however many web processes its connections land in.
 */
export interface WriteTickets {
  /**
   * Asks for one of client `key`'s `limit` places: calls `granted` once it has one (at once if
   * free, else in its turn, first come first served), or `refused` if `maxWaiting` of the
   * client's writes wait already. Answers the way to give the place back, or withdraw the ask
   * (call it once, whatever became of the ask).
   */
  take(key: string, limit: number, maxWaiting: number, granted: () => void, refused: () => void): () => void;
}

interface Client<T> {
  limit: number;
  running: Set<T>;
  /** Insertion order is arrival order. */
  waiting: Map<T, () => void>;
}

/** The running and waiting places of each client (kept only while it has any), first come first served within a client. */
export class TicketBook<T> {
  readonly #clients = new Map<string, Client<T>>();

  /** Clients holding or waiting for a place now (for tests). */
  get size(): number {
    return this.#clients.size;
  }

  /** Takes a place for `ticket`: 'granted' now, 'waiting' (then `grant` is called in its turn), or 'refused'. */
  take(key: string, ticket: T, limit: number, maxWaiting: number, grant: () => void): 'granted' | 'waiting' | 'refused' {
    let client = this.#clients.get(key);
    if (!client) this.#clients.set(key, (client = { limit, running: new Set(), waiting: new Map() }));
    client.limit = limit;
    if (client.running.size < limit && client.waiting.size === 0) {
      client.running.add(ticket);
      return 'granted';
    }
    if (client.waiting.size >= maxWaiting) {
      this.#forgetIfIdle(key, client);
      return 'refused';
    }
    client.waiting.set(ticket, grant);
    return 'waiting';
  }

  /** Gives back `ticket`'s place (the next waiting ticket of the client gets it), or withdraws it from the waiting. */
  release(key: string, ticket: T): void {
    const client = this.#clients.get(key);
    if (!client) return;
    if (!client.waiting.delete(ticket) && client.running.delete(ticket)) {
      while (client.running.size < client.limit && client.waiting.size > 0) {
        const [next, grant] = client.waiting.entries().next().value as [T, () => void];
        client.waiting.delete(next);
        client.running.add(next);
        grant();
      }
    }
    this.#forgetIfIdle(key, client);
  }

  #forgetIfIdle(key: string, client: Client<T>): void {
    if (client.running.size === 0 && client.waiting.size === 0) this.#clients.delete(key);
  }
}

/** One process's tickets, counted in its own memory (a single web process, or a fallback once the primary is gone). */
export function localWriteTickets(book = new TicketBook<object>()): WriteTickets {
  return {
    take(key, limit, maxWaiting, granted, refused) {
      const ticket = {};
      let done = false;
      const outcome = book.take(key, ticket, limit, maxWaiting, () => {
        if (!done) granted();
      });
      if (outcome === 'granted') granted();
      else if (outcome === 'refused') {
        refused();
        return () => undefined;
      }
      return () => {
        if (done) return;
        done = true;
        book.release(key, ticket);
      };
    },
  };
}

const TAKE = 'write-ticket:take';
const GRANT = 'write-ticket:grant';
const REFUSE = 'write-ticket:refuse';
const RELEASE = 'write-ticket:release';

interface TicketMessage extends ChannelMessage {
  key?: string;
  limit?: number;
  maxWaiting?: number;
}

const isTicketMessage = channelMessages<TicketMessage>('write-ticket', withRequestId);

/**
 * The machine's tickets for this process: in a cluster worker, kept by the primary
 * (`serveWriteTickets`, over IPC: a message to take, one to answer, one to give back, for
 * each write, never for a read); in a single process, in its own memory. Once the primary is
 * gone (the process stops), what is left is counted here, an ask still waiting included.
 */
export function processWriteTickets(): WriteTickets {
  const local = localWriteTickets();
  if (!cluster.isWorker || !process.send) return local;
  // No deadline: an ask waits its turn among the client's writes (each write has its own deadline, and withdraws it).
  const ask = primaryRequests(
    (message: unknown): message is TicketMessage => isTicketMessage(message) && (message.type === GRANT || message.type === REFUSE),
  );
  return {
    take(key, limit, maxWaiting, granted, refused) {
      if (!process.connected) return local.take(key, limit, maxWaiting, granted, refused);
      const { id, answer, withdraw } = ask.request({ type: TAKE, key, limit, maxWaiting });
      let done = false;
      let here: (() => void) | undefined;
      void answer.then((answered) => {
        if (done) return;
        if (answered === undefined) here = local.take(key, limit, maxWaiting, granted, refused);
        else if (answered.type === GRANT) granted();
        else {
          done = true;
          refused();
        }
      });
      return () => {
        if (done) return;
        done = true;
        if (here) here();
        else {
          withdraw();
          if (process.connected) process.send?.({ type: RELEASE, id } satisfies TicketMessage);
        }
      };
    },
  };
}

/**
 * In the cluster's primary: keeps every web process's write tickets in one book, so a
 * client's caps hold for the machine. A process that stops gives back every place it held.
 */
export function serveWriteTickets(): void {
  const book = new TicketBook<string>();
  /** Each worker's tickets (its request id to the client's key). */
  const held = new Map<Worker, Map<number, string>>();
  // A worker that is going is sent nothing: its exit gives its places back.
  const send = (worker: Worker, message: TicketMessage) => sendToWorker(worker, message);
  cluster.on('message', (worker, message: unknown) => {
    if (!isTicketMessage(message)) return;
    let tickets = held.get(worker);
    if (!tickets) held.set(worker, (tickets = new Map<number, string>()));
    const ticket = `${worker.id}:${message.id}`;
    if (message.type === TAKE && message.key !== undefined) {
      const { key, id } = message;
      tickets.set(id, key);
      const outcome = book.take(key, ticket, message.limit ?? 1, message.maxWaiting ?? 0, () => send(worker, { type: GRANT, id }));
      if (outcome === 'granted') send(worker, { type: GRANT, id });
      else if (outcome === 'refused') {
        tickets.delete(id);
        send(worker, { type: REFUSE, id });
      }
    } else if (message.type === RELEASE) {
      const key = tickets.get(message.id);
      if (key === undefined) return;
      tickets.delete(message.id);
      book.release(key, ticket);
    }
  });
  cluster.on('exit', (worker) => {
    const tickets = held.get(worker);
    held.delete(worker);
    for (const [id, key] of tickets ?? []) book.release(key, `${worker.id}:${id}`);
  });
}
