// Helpers for the catalogue tests: an in-process till with an empty catalogue, and uploading a
// CSV file through the contract in the parts the browser host would carry.
import { IMPORT_CHUNK_CHARS, type ImportPreview } from '../../../shared/contract';
import { startTestTill, type TestTill } from '../../support/till';

export const MANAGER_PIN = '4826';

/**
 * A till (sandbox services, real SQLite in its own temp folder) whose catalogue starts empty,
 * with its first manager signed in (the back office is theirs).
 */
export async function startEmptyTill(): Promise<TestTill> {
  const till = await startTestTill({ catalogueSeedSize: 0 });
  await till.call('staff.createFirstManager', { name: 'Maria', pin: MANAGER_PIN });
  return till;
}

/** Sends `csv` in parts and asks for the preview. */
export async function previewCsv(t: TestTill, csv: string): Promise<ImportPreview> {
  let uploadId: string | null = null;
  for (let at = 0; at === 0 || at < csv.length; at += IMPORT_CHUNK_CHARS) {
    ({ uploadId } = await t.call('catalogue.uploadImport', {
      uploadId,
      text: csv.slice(at, at + IMPORT_CHUNK_CHARS),
    }));
  }
  return t.call('catalogue.previewImport', { uploadId: uploadId! });
}

/** A product as the export writes it, without the till's own id (to compare two tills). */
export function withoutIds<T extends { id: string }>(products: readonly T[]): Omit<T, 'id'>[] {
  return products.map(({ id: _id, ...rest }) => rest);
}
