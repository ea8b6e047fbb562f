import cluster, { type Worker } from 'node:cluster';
import { channelMessages, sendToWorker } from '@db/cluster-messages';
import { shareFullDisk } from '@/server/errors';

const FULL_DISK = 'machine-flag:full-disk';

interface FlagMessage {
  type: string;
  refused: boolean;
}

const isFlagMessage = channelMessages<FlagMessage>('machine-flag', (message) => message.type === FULL_DISK && typeof message.refused === 'boolean');

/**
 * In a cluster worker: shares the full-disk flag (`writesRefusedForFullDisk`) with the machine's
 * other web processes through the primary (`serveMachineFlags`), so a full disk one process met
 * makes every process's /readyz say not ready for writes, and room one found makes all ready.
 */
export function shareMachineFlags(): void {
  if (!cluster.isWorker || !process.send) return;
  const send = process.send.bind(process);
  const set = shareFullDisk((refused) => {
    if (process.connected) send({ type: FULL_DISK, refused });
  });
  process.on('message', (message: unknown) => {
    if (isFlagMessage(message)) set(message.refused);
  });
}

/** In the cluster's primary: passes a flag one web process changed to every other, and tells a new process the flag as it stands. */
export function serveMachineFlags(): void {
  let refused = false;
  const send = (worker: Worker, message: FlagMessage) => sendToWorker(worker, message);
  cluster.on('online', (worker) => {
    if (refused) send(worker, { type: FULL_DISK, refused });
  });
  cluster.on('message', (from, message: unknown) => {
    if (!isFlagMessage(message)) return;
    refused = message.refused;
    for (const worker of Object.values(cluster.workers ?? {})) if (worker && worker !== from) send(worker, message);
  });
}
