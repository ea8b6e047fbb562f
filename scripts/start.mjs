// @ts-check
// `npm start`: refuses an old Node, builds when needed, then migrates, seeds and serves.
import './require-node.mjs';
import './aliases.mjs';
import { buildIfNeeded } from './build.mjs';

buildIfNeeded();
const { startServer } = await import('./serve.ts');
await startServer();
