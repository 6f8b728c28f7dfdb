// Serves the built renderer. Only files under the root; the same CSP the Electron window uses.
import { createReadStream, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { answer, SECURITY_HEADERS } from './answers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

// The build names every file under assets/ by its content (`index-CeFWlmxJ.js`): a new build
// brings new names, so the browser may keep these and the code it compiled from them for good,
// and a kiosk's browser opens the till each morning without fetching or compiling them again.
// The page itself (index.html) is never kept: it names the current build's files.
const FOREVER = 'public, max-age=31536000, immutable';
const CONTENT_NAMED = /^assets\/[\w.-]+-[\w-]{8}\.[a-z0-9]+$/;

function isContentNamed(relative: string): boolean {
  return CONTENT_NAMED.test(relative.replaceAll('\\', '/'));
}

export function serveStatic(root: string, pathname: string, res: ServerResponse): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    answer(res, 400, 'Bad address');
    return;
  }
  const relative = decoded === '/' ? 'index.html' : normalize(decoded).replace(/^([/\\])+/, '');
  const file = join(root, relative);
  if (!file.startsWith(root + sep) || relative.split(/[/\\]/).includes('..')) {
    answer(res, 403, 'Forbidden');
    return;
  }
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new Error('not a file');
    size = stat.size;
  } catch {
    answer(res, 404, 'Not found');
    return;
  }
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    ...(isContentNamed(relative) && { 'cache-control': FOREVER }),
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': size,
  });
  // A file removed or unreadable mid-answer ends that answer, never the host process.
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
