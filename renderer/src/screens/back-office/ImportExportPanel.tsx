// CSV import and export. Import: choose a file → preview (what would be added or changed, the
// first rows, every bad row by line) → confirm. With bad rows nothing is imported unless the
// manager ticks "import only the good rows". Export saves the whole catalogue as one file.
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../../shared/money';
import { formatRate } from '../../../../shared/vat';
import { useCatalogue } from '../../state/catalogue';

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

export function ImportExportPanel() {
  const view = useCatalogue((s) => s.view)!;
  const busy = useCatalogue((s) => s.busy);
  const preview = useCatalogue((s) => s.importPreview);
  const exported = useCatalogue((s) => s.exported);
  const [fileName, setFileName] = useState<string | null>(null);
  const [skipBadRows, setSkipBadRows] = useState(false);
  const store = useCatalogue.getState();

  useEffect(() => {
    if (!exported) return;
    download(exported.fileName, exported.csv);
    store.exportTaken();
  }, [exported, store]);

  const badRows = preview?.problems.length ?? 0;
  const nothingToDo = preview !== null && preview.toAdd + preview.toUpdate === 0;

  return (
    <div className="import-panel">
      <section aria-labelledby="export-title">
        <h2 id="export-title">Export</h2>
        <p>
          The whole catalogue ({view.products.length.toLocaleString('en-GB')} products, archived ones too) as
          a CSV file. Pictures are not in the file.
        </p>
        <button type="button" disabled={busy} onClick={() => void store.exportCsv()}>
          Export the catalogue
        </button>
      </section>
      <section aria-labelledby="import-title">
        <h2 id="import-title">Import</h2>
        <p>
          A CSV file in UTF-8 with a header row; values separated by commas or semicolons. Columns: sku, name,
          category, price (with VAT, like 3.40), vat_rate (like 20), barcodes (separated by spaces), colour,
          status (active or archived). A row whose SKU is already in the catalogue changes that product.
        </p>
        <label className="field">
          Choose a CSV file
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              setFileName(file.name);
              setSkipBadRows(false);
              void file.text().then((text) => store.previewImport(text));
            }}
          />
        </label>
        {preview && (
          <div className="import-preview" aria-label="Import preview">
            <h3>{fileName ?? 'The file'}: what importing it would do</h3>
            {preview.fileProblem ? (
              <p className="notice notice-error" role="alert">
                {preview.fileProblem}
              </p>
            ) : (
              <>
                <p data-testid="import-counts">
                  {preview.rows.toLocaleString('en-GB')} rows: {preview.toAdd.toLocaleString('en-GB')} new,{' '}
                  {preview.toUpdate.toLocaleString('en-GB')} changed,{' '}
                  {preview.unchanged.toLocaleString('en-GB')} already as they are,{' '}
                  {badRows.toLocaleString('en-GB')} with problems.
                </p>
                {preview.firstRows.length > 0 && (
                  <table className="product-table">
                    <caption>The first rows</caption>
                    <thead>
                      <tr>
                        <th scope="col">Line</th>
                        <th scope="col">SKU</th>
                        <th scope="col">Name</th>
                        <th scope="col">Category</th>
                        <th scope="col">Price</th>
                        <th scope="col">VAT</th>
                        <th scope="col">Will be</th>
                      </tr>
                    </thead>
                    <tbody>
                      {preview.firstRows.map((r) => (
                        <tr key={r.line}>
                          <td>{r.line}</td>
                          <td>{r.sku || '(made up)'}</td>
                          <td>{r.name}</td>
                          <td>{r.category}</td>
                          <td className="money">{formatMoney(r.price, view.currency)}</td>
                          <td>{formatRate(r.vatRate)}</td>
                          <td>
                            {r.action === 'add' ? 'added' : r.action === 'update' ? 'changed' : 'unchanged'}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                {badRows > 0 && (
                  <div className="import-problems">
                    <h4>Rows with problems</h4>
                    <ul aria-label="Rows with problems">
                      {preview.problems.map((p) => (
                        <li key={p.line}>{p.reason}</li>
                      ))}
                    </ul>
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        checked={skipBadRows}
                        onChange={(e) => setSkipBadRows(e.target.checked)}
                      />
                      Import only the good rows (leave out the {badRows.toLocaleString('en-GB')} with
                      problems)
                    </label>
                  </div>
                )}
              </>
            )}
            <div className="row">
              <button
                type="button"
                className="primary"
                disabled={
                  busy || preview.fileProblem !== null || nothingToDo || (badRows > 0 && !skipBadRows)
                }
                onClick={() => void store.confirmImport(skipBadRows)}
              >
                Import now
              </button>
              <button type="button" onClick={() => store.cancelImport()}>
                Cancel
              </button>
            </div>
            {badRows > 0 && !skipBadRows && !preview.fileProblem && (
              <p>
                Nothing is imported while rows have problems: fix the file and choose it again, or tick the
                box.
              </p>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
