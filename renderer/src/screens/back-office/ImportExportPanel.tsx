// CSV import and export. Import: choose a file → preview (what would be added or changed, the
// first rows, every bad row by line) → confirm. With bad rows nothing is imported unless the
// manager ticks "import only the good rows". Export saves the whole catalogue as one file.
import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../../../shared/money';
import { formatRate } from '../../../../shared/vat';
import { useCatalogue } from '../../state/catalogue';
import { useTranslation } from '../../i18n';
import { lineReasonsText, wordsText } from '../../i18n/words';

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

export function ImportExportPanel() {
  const { t } = useTranslation();
  const view = useCatalogue((s) => s.view)!;
  const busy = useCatalogue((s) => s.busy);
  const preview = useCatalogue((s) => s.importPreview);
  const exported = useCatalogue((s) => s.exported);
  const [fileName, setFileName] = useState<string | null>(null);
  const [skipBadRows, setSkipBadRows] = useState(false);
  const store = useCatalogue.getState();
  // Keyboard: a new preview takes focus (its heading), so Tab goes on through it; when it goes
  // (imported or cancelled, Escape too) focus returns to the file field.
  const fileField = useRef<HTMLInputElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const hadPreview = useRef(false);
  useEffect(() => {
    if (preview) previewHeading.current?.focus();
    else if (hadPreview.current) fileField.current?.focus();
    hadPreview.current = preview !== null;
  }, [preview]);

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
        <h2 id="export-title">{t('backOffice.csv.export')}</h2>
        <p>{t('backOffice.csv.exportIntro', { count: view.products.length })}</p>
        <button type="button" disabled={busy} onClick={() => void store.exportCsv()}>
          {t('backOffice.csv.exportButton')}
        </button>
      </section>
      <section aria-labelledby="import-title">
        <h2 id="import-title">{t('backOffice.csv.import')}</h2>
        <p>{t('backOffice.csv.importIntro')}</p>
        <label className="field">
          {t('backOffice.csv.choose')}
          <input
            ref={fileField}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              setFileName(file.name);
              setSkipBadRows(false);
              void file.text().then((text) => store.previewImport(text, file.name));
            }}
          />
        </label>
        {preview && (
          <div
            className="import-preview"
            role="group"
            aria-label={t('backOffice.csv.preview')}
            onKeyDown={(e) => {
              if (e.key !== 'Escape') return;
              e.preventDefault();
              store.cancelImport();
            }}
          >
            <h3 ref={previewHeading} tabIndex={-1}>
              {t('backOffice.csv.wouldDo', { file: fileName ?? t('backOffice.csv.theFile') })}
            </h3>
            {preview.fileProblem ? (
              <p className="notice notice-error" role="alert">
                {wordsText(preview.fileProblemWords, preview.fileProblem)}
              </p>
            ) : (
              <>
                <p data-testid="import-counts">
                  {t('backOffice.csv.counts', {
                    rows: preview.rows,
                    added: preview.toAdd,
                    changed: preview.toUpdate,
                    unchanged: preview.unchanged,
                    bad: badRows,
                  })}
                </p>
                {preview.firstRows.length > 0 && (
                  <table className="product-table">
                    <caption>{t('backOffice.csv.firstRows')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('backOffice.csv.line')}</th>
                        <th scope="col">{t('backOffice.products.sku')}</th>
                        <th scope="col">{t('backOffice.products.name')}</th>
                        <th scope="col">{t('backOffice.products.category')}</th>
                        <th scope="col">{t('backOffice.products.price')}</th>
                        <th scope="col">{t('backOffice.products.vat')}</th>
                        <th scope="col">{t('backOffice.csv.willBe')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {preview.firstRows.map((r) => (
                        <tr key={r.line}>
                          <td>{r.line}</td>
                          <td>{r.sku || t('backOffice.csv.madeUp')}</td>
                          <td>{r.name}</td>
                          <td>{r.category}</td>
                          <td className="money">{formatMoney(r.price, view.currency)}</td>
                          <td>{formatRate(r.vatRate)}</td>
                          <td>{t(`backOffice.csv.action.${r.action}`)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                {badRows > 0 && (
                  <div className="import-problems">
                    <h4>{t('backOffice.csv.problems')}</h4>
                    <ul aria-label={t('backOffice.csv.problems')}>
                      {preview.problems.map((p) => (
                        <li key={p.line}>{lineReasonsText(p.line, p.reasons, p.reason)}</li>
                      ))}
                    </ul>
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        checked={skipBadRows}
                        onChange={(e) => setSkipBadRows(e.target.checked)}
                      />
                      {t('backOffice.csv.onlyGood', { count: badRows })}
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
                {t('backOffice.csv.importNow')}
              </button>
              <button type="button" aria-keyshortcuts="Escape" onClick={() => store.cancelImport()}>
                {t('backOffice.csv.cancel')}
              </button>
            </div>
            {badRows > 0 && !skipBadRows && !preview.fileProblem && <p>{t('backOffice.csv.blocked')}</p>}
          </div>
        )}
      </section>
    </div>
  );
}
