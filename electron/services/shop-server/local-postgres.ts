// A PostgreSQL server of our own on this computer, in a data folder: for trying a shop server on
// one PC (`npm run shop-server`) and for the tests. It uses the PostgreSQL the machine has
// (Debian's `postgresql` package, Homebrew, Postgres.app, the Windows installer): see
// docs/decisions.md for why not a bundled one. PostgreSQL refuses to run as root, so as root it
// runs as the `postgres` user (runuser), which then owns the data folder.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';

/** Where the usual installers put PostgreSQL's programs, newest version first. */
function candidateBinFolders(): string[] {
  const versioned = (root: string, tail: string[]) => {
    try {
      return readdirSync(root)
        .filter((name) => /^\d+(\.\d+)?$/.test(name) || /^postgresql@\d+$/.test(name))
        .sort((a, b) => Number(b.replace(/\D+/g, '')) - Number(a.replace(/\D+/g, '')))
        .map((name) => join(root, name, ...tail));
    } catch {
      return [];
    }
  };
  return [
    ...(process.env.PAYDESK_POSTGRES_BIN ? [process.env.PAYDESK_POSTGRES_BIN] : []),
    ...versioned('/usr/lib/postgresql', ['bin']), // Debian, Ubuntu
    ...(process.env.PATH ?? '').split(delimiter).filter(Boolean),
    ...versioned('/opt/homebrew/opt', ['bin']), // Homebrew on Apple silicon
    ...versioned('/usr/local/opt', ['bin']), // Homebrew on Intel Macs
    '/Applications/Postgres.app/Contents/Versions/latest/bin',
    ...versioned('C:\\Program Files\\PostgreSQL', ['bin']), // the Windows installer
  ];
}

const exe = (name: string) => (process.platform === 'win32' ? `${name}.exe` : name);

/** The folder holding `initdb`, `pg_ctl` and `postgres`, or a worded error saying what to install. */
export function findPostgresPrograms(): string {
  for (const folder of candidateBinFolders()) {
    if (['initdb', 'pg_ctl', 'postgres'].every((p) => existsSync(join(folder, exe(p))))) return folder;
  }
  throw new TillError(
    'not_configured',
    'PostgreSQL is not installed on this computer. Install it (Debian or Ubuntu: sudo apt-get install ' +
      'postgresql; macOS: brew install postgresql; Windows: the installer from postgresql.org), then try again.',
  );
}

/** A free loopback port (the system picks one; a race with another program is retried by the caller). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface LocalPostgresOptions {
  /** The folder that holds this server's files (its data in `pgdata` inside). */
  folder: string;
  /** The superuser's name and password (the owner of the shop's tables). */
  superuser?: string;
  /** Tests turn off fsync: faster, and a stopped (not crashed) computer loses nothing. */
  durable?: boolean;
  /** A port to listen on; a free one is chosen when absent. */
  port?: number;
  /** TLS with this certificate and key (PEM), as a shop's server offers it; none when absent. */
  tls?: { cert: string; key: string };
}

export interface LocalPostgres {
  readonly port: number;
  readonly superuser: string;
  readonly password: string;
  /** `postgres://user:password@127.0.0.1:port/<database>` */
  url(database: string, user?: string, password?: string): string;
  /** Starts it again after stop() or kill(), on the same port. */
  start(): Promise<void>;
  /** A clean stop (`pg_ctl stop -m fast`). */
  stop(): Promise<void>;
  /** Stops it the way a crash would (`-m immediate`: no checkpoint, connections cut). */
  kill(): Promise<void>;
}

interface RunResult {
  code: number | null;
  output: string;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL program, as the `postgres` user when we are root. */
function runProgram(program: string, args: string[]): Promise<RunResult> {
  const [command, argv] = isRoot()
    ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
    : [program, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The `postgres` user's ids, when we are root (it owns the data folder). */
function postgresOwner(): { uid: number; gid: number } | null {
  if (!isRoot()) return null;
  for (const line of readFileLines('/etc/passwd')) {
    const [name, , uid, gid] = line.split(':');
    if (name === 'postgres') return { uid: Number(uid), gid: Number(gid) };
  }
  throw new TillError(
    'not_configured',
    'PostgreSQL will not run as root, and this computer has no "postgres" user to run it as. ' +
      'Install PostgreSQL from the system packages (it creates that user), or run this as another user.',
  );
}

function readFileLines(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split('\n');
  } catch {
    return [];
  }
}

/** Why PostgreSQL failed, for a person: the server's own output stays in its log file. */
function failed(what: string, logFile: string): TillError {
  return new TillError('service_error', `PostgreSQL could not ${what}. What it said is in ${logFile}.`);
}

/**
 * Starts (creating on first use) a PostgreSQL server in `folder`, listening on 127.0.0.1 only.
 * Password sign-in (SCRAM) for every connection over the network; no Unix socket.
 */
export async function startLocalPostgres(options: LocalPostgresOptions): Promise<LocalPostgres> {
  const bin = findPostgresPrograms();
  const owner = postgresOwner();
  const superuser = options.superuser ?? 'paydesk';
  const folder = options.folder;
  const data = join(folder, 'pgdata');
  const logFile = join(folder, 'postgresql.log');
  const passwordFile = join(folder, 'owner-password');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (owner) {
    chownSync(folder, owner.uid, owner.gid);
    const reachable = await runProgram('/usr/bin/test', ['-w', folder]).catch(() => ({
      code: 1,
      output: '',
    }));
    if (reachable.code !== 0)
      throw new TillError(
        'not_configured',
        `PostgreSQL runs as the user "postgres", which cannot reach ${folder}. Choose a data folder it can reach (for example under /var/lib or /tmp).`,
      );
  }

  // The owner's password is made once, with the data folder, and kept beside it (mode 0600).
  let password: string;
  if (!existsSync(join(data, 'PG_VERSION'))) {
    password = randomBytes(18).toString('base64url');
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (owner) chownSync(passwordFile, owner.uid, owner.gid);
    const init = await runProgram(join(bin, exe('initdb')), [
      '-D',
      data,
      '-U',
      superuser,
      `--pwfile=${passwordFile}`,
      '--auth-host=scram-sha-256',
      '--auth-local=scram-sha-256',
      '-E',
      'UTF8',
      '--locale=C',
      ...(options.durable === false ? ['--no-sync'] : []),
    ]);
    if (init.code !== 0) {
      writeFileSync(logFile, init.output);
      throw failed('set up its data folder', logFile);
    }
    writeFileSync(join(data, 'postgresql.conf'), "\ninclude_if_exists = 'paydesk.conf'\n", { flag: 'a' });
  } else {
    password = readFileLines(passwordFile)[0] ?? '';
  }

  let port = options.port ?? (await freePort());
  const writeConf = () => {
    if (options.tls) {
      for (const [name, text] of [
        ['server.crt', options.tls.cert],
        ['server.key', options.tls.key],
      ] as const) {
        writeFileSync(join(data, name), text, { mode: 0o600 });
        if (owner) chownSync(join(data, name), owner.uid, owner.gid);
      }
    }
    const conf = [
      ...(options.tls ? ['ssl = on', "ssl_cert_file = 'server.crt'", "ssl_key_file = 'server.key'"] : []),
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      "unix_socket_directories = ''",
      ...(options.durable === false
        ? ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']
        : []),
    ];
    const file = join(data, 'paydesk.conf');
    writeFileSync(file, `${conf.join('\n')}\n`);
    if (owner) chownSync(file, owner.uid, owner.gid);
  };
  const pgCtl = (...args: string[]) => runProgram(join(bin, exe('pg_ctl')), ['-D', data, ...args]);

  let started = false;
  const start = async () => {
    // Already running: after our own start, nothing to do; one an earlier run left behind (killed
    // without stopping it) is stopped and started again with this run's settings.
    if ((await pgCtl('status')).code === 0) {
      if (!started) await pgCtl('-m', 'fast', '-w', 'stop');
      else return;
    }
    for (let attempt = 0; ; attempt++) {
      writeConf();
      const run = await pgCtl('-l', logFile, '-w', '-t', '60', 'start');
      if (run.code === 0) {
        started = true;
        return;
      }
      // Another program may have taken the port between choosing and starting: choose again
      // (only the first time: afterwards the till's settings name this port).
      if (!started && options.port === undefined && attempt < 3) {
        port = await freePort();
        continue;
      }
      throw failed('start', logFile);
    }
  };
  const stopWith = async (mode: 'fast' | 'immediate') => {
    const stopped = await pgCtl('-m', mode, '-w', '-t', '60', 'stop');
    // "not running" is a stop that was already done.
    if (stopped.code !== 0 && !/not running|No such file/i.test(stopped.output))
      throw failed('stop', logFile);
  };
  await start();
  return {
    get port() {
      return port;
    },
    superuser,
    password,
    url: (database, user = superuser, pass = password) =>
      `postgres://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    start,
    stop: () => stopWith('fast'),
    kill: () => stopWith('immediate'),
  };
}

/** Whether a folder holds a PostgreSQL data folder made by startLocalPostgres. */
export function hasLocalPostgres(folder: string): boolean {
  return existsSync(join(folder, 'pgdata', 'PG_VERSION'));
}

/** Removes a stopped server's folder (tests). */
export function removeLocalPostgres(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}

/** Gives "others" the right to pass through each folder from `dir` up to `top` (tests' 0700 temp folders). */
export function letPostgresThrough(dir: string, top: string): void {
  if (!isRoot()) return;
  let current = dir;
  while (current.startsWith(top) && current.length >= top.length) {
    const mode = statSync(current).mode & 0o7777;
    if ((mode & 0o001) === 0) chmodSync(current, mode | 0o001);
    if (current === top) break;
    current = join(current, '..');
  }
}
