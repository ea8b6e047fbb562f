// Refuses to go on under a Node.js older than Astro 7 needs. Plain JavaScript on purpose:
// it must run (and explain) on the system's Node 20 too.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `This project needs Node.js >= 22.12 but ${process.execPath} is ${process.version}.\n` +
      'Run it through npm (npm start, npm test, npm run …): the project pins Node 24 as a ' +
      'devDependency and npm puts it first on PATH. Run `npm install` first if node_modules is missing.',
  );
  process.exit(1);
}
