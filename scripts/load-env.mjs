// @ts-check
// Loads the settings of `.env` (or the file ENV_FILE names) into process.env before anything
// reads them, so `cp .env.example .env` and an edit configure `npm start`, `npm run dev` and
// the db:* scripts. Variables set in the environment win over the file. The tests start the
// server without it, so a developer's `.env` never reaches them.
import { existsSync } from 'node:fs';

const file = process.env['ENV_FILE'] ?? '.env';
if (existsSync(file)) process.loadEnvFile(file);
else if (process.env['ENV_FILE']) {
  console.error(`ENV_FILE names ${file}, which does not exist.`);
  process.exit(1);
}
