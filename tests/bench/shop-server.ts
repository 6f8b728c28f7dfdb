// The shop server's outbox against a real PostgreSQL of its own (durable: fsync and synchronous
// commit on, as a shop's server runs): one till catching up after 10,000 offline sales, and 50
// tills × 2,000 sales at once, each at a few batch sizes (the outbox's BATCH_SIZE is chosen from
// these: docs/decisions.md). Without PostgreSQL on the computer it says so in one line and
// reports nothing.
import { TillError } from '../../shared/contract/errors';
import { BATCH_SIZE } from '../../electron/services/shop-server/outbox';
import { findPostgresPrograms } from '../../electron/services/shop-server/local-postgres';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { catchUp, readAllBatches } from './shop-server-catch-up';
import { fleet, journalOf } from './shop-server-fleet';
import { tillWithSales } from './shop-server-till';
import type { BenchFigure } from './types';

const OFFLINE_SALES = 10_000;
const FLEET_TILLS = 50;
const FLEET_SALES = 2_000;
/** The sizes tried; the outbox's own is among them. */
const SIZES = [...new Set([200, 500, 1_000, BATCH_SIZE])].sort((a, b) => a - b);

const round = (n: number) => Math.round(n);
const perSecond = (count: number, ms: number) => Math.round((count * 1000) / ms);
const mark = (size: number) => (size === BATCH_SIZE ? ' (the outbox’s)' : '');

async function benchCatchUp(server: TestPostgres): Promise<BenchFigure[]> {
  const side = tillWithSales(OFFLINE_SALES);
  const figures: BenchFigure[] = [];
  try {
    for (const size of SIZES) {
      const read = readAllBatches(side, size);
      const run = await catchUp(server, side, OFFLINE_SALES, size);
      const name = `shop server: one till’s catch-up after 10,000 offline sales (${run.rows} journal rows), batches of ${size}${mark(size)}`;
      figures.push(
        { name: `${name}: server back → up to date`, value: round(run.totalMs), unit: 'ms' },
        {
          name: `${name}: of which waiting for the till’s next try`,
          value: round(run.reconnectMs),
          unit: 'ms',
        },
        { name: `${name}: connected → up to date`, value: round(run.sendMs), unit: 'ms' },
        {
          name: `${name}: sales per second sent`,
          value: perSecond(OFFLINE_SALES, run.sendMs),
          unit: 'sales/s',
        },
        { name: `${name}: the till reading its journal alone`, value: round(read.ms), unit: 'ms' },
      );
    }
  } finally {
    side.close();
  }
  return figures;
}

async function benchFleet(server: TestPostgres): Promise<BenchFigure[]> {
  const side = tillWithSales(FLEET_SALES);
  const journal = journalOf(side);
  side.close();
  const figures: BenchFigure[] = [];
  for (const size of SIZES) {
    const run = await fleet(server, journal, FLEET_TILLS, size);
    const name = `shop server: ${FLEET_TILLS} tills × ${FLEET_SALES.toLocaleString('en-GB')} sales at once (${run.rows.toLocaleString('en-GB')} journal rows), batches of ${size}${mark(size)}`;
    figures.push(
      { name: `${name}: total`, value: round(run.ms), unit: 'ms' },
      { name: `${name}: sales per second`, value: perSecond(run.sales, run.ms), unit: 'sales/s' },
    );
  }
  return figures;
}

/** The one line said when this computer cannot run a PostgreSQL of its own, else null. */
function noPostgres(error: unknown): string | null {
  return error instanceof TillError && error.code === 'not_configured'
    ? `shop-server: measured nothing: ${error.message}`
    : null;
}

export async function benchShopServer(): Promise<BenchFigure[]> {
  let server: TestPostgres;
  try {
    findPostgresPrograms();
    server = await startTestPostgres({ durable: true });
  } catch (error) {
    const line = noPostgres(error);
    if (!line) throw error;
    console.error(line);
    return [];
  }
  try {
    return [...(await benchCatchUp(server)), ...(await benchFleet(server))];
  } finally {
    await server.close();
  }
}
