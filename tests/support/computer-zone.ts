// The computer's time zone (TZ) for one test or one file's tests, put back after: the files of a
// unit lane share one process, so a zone set and never put back would follow into other files.
import { after, before } from 'node:test';

function setZone(zone: string): () => void {
  const was = process.env.TZ;
  process.env.TZ = zone;
  return () => {
    if (was === undefined) delete process.env.TZ;
    else process.env.TZ = was;
  };
}

/** For one test: the zone until the test ends. */
export function computerZoneForTest(zone: string, t: { after: (fn: () => void) => void }): void {
  t.after(setZone(zone));
}

/** For every test of the file that calls it (at its top level). */
export function computerZoneForFile(zone: string): void {
  let putBack = () => {};
  before(() => {
    putBack = setZone(zone);
  });
  after(() => putBack());
}
