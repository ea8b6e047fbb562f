import { EventEmitter } from 'node:events';
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { WRITE_ADMISSION, WriteAdmission, type WriteClient } from '@/server/front/write-admission';
import { TicketBook, localWriteTickets } from '@/server/front/write-tickets';

/** A write offered to `admission`: what became of it, and a way to end its response. */
function offer(admission: WriteAdmission, client: WriteClient) {
  const res = new EventEmitter() as unknown as http.ServerResponse;
  const write = { state: 'waiting' as 'waiting' | 'running' | 'refused', close: () => (res as unknown as EventEmitter).emit('close') };
  admission.admit(
    res,
    client,
    () => (write.state = 'running'),
    () => (write.state = 'refused'),
  );
  return write;
}

const anonymous = (key: string): WriteClient => ({ lane: 'anonymous', key });
const signIn = (key: string): WriteClient => ({ lane: 'sign-in', key });
const staff = (key: string): WriteClient => ({ lane: 'staff', key });

describe('write admission', () => {
  const options = { ...WRITE_ADMISSION, maxWaitMs: { anonymous: 60_000, 'sign-in': 60_000, staff: 60_000 } };

  it('runs at most perClient writes of one address; the rest wait, and others pass them', () => {
    const admission = new WriteAdmission(options);
    const flood = Array.from({ length: 20 }, () => offer(admission, anonymous('192.0.2.1')));
    expect(flood.filter((w) => w.state === 'running')).toHaveLength(WRITE_ADMISSION.perClient.anonymous);
    expect(admission.waiting).toBe(20 - WRITE_ADMISSION.perClient.anonymous);
    const other = offer(admission, anonymous('192.0.2.2'));
    expect(other.state).toBe('running');
    // One of the flood ends: the next of the same address takes its place, first come first served.
    flood[0]?.close();
    expect(flood[WRITE_ADMISSION.perClient.anonymous]?.state).toBe('running');
    expect(admission.running).toBe(WRITE_ADMISSION.perClient.anonymous + 1);
  });

  it('keeps slots from anonymous writes for sign-ins, and one more for staff', () => {
    const admission = new WriteAdmission(options);
    const anonymousSlots = options.slots - options.reserved.signIn - options.reserved.staff;
    const many = Array.from({ length: anonymousSlots + 3 }, (_, i) => offer(admission, anonymous(`198.51.100.${i}`)));
    expect(many.filter((w) => w.state === 'running')).toHaveLength(anonymousSlots);
    const signIns = Array.from({ length: 3 }, (_, i) => offer(admission, signIn(`203.0.113.${i}`)));
    expect(signIns.filter((w) => w.state === 'running')).toHaveLength(options.reserved.signIn);
    expect(offer(admission, staff('session-a')).state).toBe('running');
    expect(admission.running).toBe(options.slots);
    // Full: a staff write now waits too, and is first to run when any slot frees.
    const later = offer(admission, staff('session-b'));
    expect(later.state).toBe('waiting');
    many[0]?.close();
    expect(later.state).toBe('running');
  });

  it('caps the sign-ins of one address and the writes of a staff session at their own limits', () => {
    const admission = new WriteAdmission(options);
    const tries = Array.from({ length: WRITE_ADMISSION.perClient['sign-in'] + 2 }, () => offer(admission, signIn('192.0.2.9')));
    expect(tries.filter((w) => w.state === 'running')).toHaveLength(WRITE_ADMISSION.perClient['sign-in']);
    expect(tries.filter((w) => w.state === 'waiting')).toHaveLength(2);
    const saves = Array.from({ length: WRITE_ADMISSION.perClient.staff + 1 }, () => offer(admission, staff('session-c')));
    expect(saves.filter((w) => w.state === 'running')).toHaveLength(WRITE_ADMISSION.perClient.staff);
  });

  it('refuses at once past the waiting limit of one client, and when the wait runs out', async () => {
    const admission = new WriteAdmission({ ...options, maxWaitMs: { anonymous: 50, 'sign-in': 50, staff: 50 } });
    const limit = WRITE_ADMISSION.perClient.anonymous + WRITE_ADMISSION.maxWaitingPerClient;
    const writes = Array.from({ length: limit + 1 }, () => offer(admission, anonymous('192.0.2.7')));
    expect(writes.at(-1)?.state).toBe('refused');
    expect(admission.waiting).toBe(WRITE_ADMISSION.maxWaitingPerClient);
    await expect.poll(() => admission.waiting).toBe(0);
    expect(writes.filter((w) => w.state === 'refused')).toHaveLength(WRITE_ADMISSION.maxWaitingPerClient + 1);
  });

  it('forgets a waiting write whose client hangs up, and gives back a running one', () => {
    const admission = new WriteAdmission(options);
    const running = Array.from({ length: 2 }, () => offer(admission, anonymous('192.0.2.5')));
    const waiting = offer(admission, anonymous('192.0.2.5'));
    waiting.close();
    expect(admission.waiting).toBe(0);
    running.forEach((w) => w.close());
    expect(admission.running).toBe(0);
    expect(waiting.state).toBe('waiting');
  });
});

describe('write tickets shared by processes', () => {
  const options = { ...WRITE_ADMISSION, maxWaitMs: { anonymous: 60_000, 'sign-in': 60_000, staff: 60_000 } };

  it("holds one client's caps across two processes that share the machine's book, and its places pass from one to the other", () => {
    const book = new TicketBook<object>();
    const first = new WriteAdmission(options, localWriteTickets(book));
    const second = new WriteAdmission(options, localWriteTickets(book));
    const writes = Array.from({ length: 10 }, (_, i) => offer(i % 2 === 0 ? first : second, anonymous('192.0.2.20')));
    expect(first.running + second.running).toBe(WRITE_ADMISSION.perClient.anonymous);
    expect(first.waiting + second.waiting).toBe(10 - WRITE_ADMISSION.perClient.anonymous);
    // The first process's write ends: the client's next write, waiting in the second process, takes the place.
    writes[0]?.close();
    expect(writes[2]?.state).toBe('running');
    expect(first.running + second.running).toBe(WRITE_ADMISSION.perClient.anonymous);
    writes.forEach((w) => w.close());
    expect(first.running + second.running + first.waiting + second.waiting).toBe(0);
    expect(book.size).toBe(0);
  });

  it("refuses past the client's waiting limit on the machine, not in each process", () => {
    const book = new TicketBook<object>();
    const processes = [new WriteAdmission(options, localWriteTickets(book)), new WriteAdmission(options, localWriteTickets(book))];
    const limit = WRITE_ADMISSION.perClient.anonymous + WRITE_ADMISSION.maxWaitingPerClient;
    const writes = Array.from({ length: limit + 2 }, (_, i) => offer(processes[i % 2] as WriteAdmission, anonymous('192.0.2.21')));
    expect(writes.filter((w) => w.state === 'refused')).toHaveLength(2);
  });
});
