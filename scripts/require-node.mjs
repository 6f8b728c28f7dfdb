// Imported first by the commands people run (`npm start`, `npm run start:browser`, `npm test`):
// on a Node older than package.json's `engines` asks for, they say so in one sentence and stop,
// before anything that needs the newer Node is loaded.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
/** "22.12" from ">=22.12": the one place the required version is written is package.json. */
export const REQUIRED_NODE = String(engines.node).replace(/^>=\s*/, '');

/** True when `version` ("v22.23.3" or "22.23.3") is at least `required` ("22.12"). */
export function isNodeAtLeast(version, required = REQUIRED_NODE) {
  const have = version.replace(/^v/, '').split('.').map(Number);
  const need = required.split('.').map(Number);
  for (let i = 0; i < need.length; i++) {
    if ((have[i] ?? 0) !== need[i]) return (have[i] ?? 0) > need[i];
  }
  return true;
}

if (!isNodeAtLeast(process.version)) {
  console.error(
    `Paydesk needs Node.js ${REQUIRED_NODE} or newer, and this computer has Node.js ${process.versions.node}: ` +
      'install Node.js 22 LTS from nodejs.org (or your system’s packages), then run `npm install` and this command again.',
  );
  process.exit(1);
}
