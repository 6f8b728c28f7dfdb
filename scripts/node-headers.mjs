// The folder holding the running Node's C headers (include/node), for native addons that must be
// built against the Node that runs them (better-sqlite3, when no prebuilt binary can be fetched).
// A Node installed from the npm registry's `node` package keeps them beside its binary, in
// node_modules/node-linux-*; a system Node keeps them under its prefix. Prints the folder when run.
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export function nodeHeadersDir(execPath = process.execPath) {
  const prefix = dirname(dirname(realpathSync(execPath)));
  const candidates = [prefix];
  const bundled = join(prefix, 'node_modules');
  if (existsSync(bundled))
    for (const name of readdirSync(bundled))
      if (name.startsWith('node-linux-') || name.startsWith('node-darwin-'))
        candidates.push(join(bundled, name));
  return candidates.find((dir) => existsSync(join(dir, 'include', 'node', 'node_version.h'))) ?? null;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = nodeHeadersDir();
  if (dir) console.log(dir);
}
