// Conflicts (shown only while the till has a shop server): a row of shop-wide data (a product, the
// categories, the VAT rates, a person) changed on this till and on the shop server since this
// till's version. Both versions side by side, field by field; the manager keeps one. Nothing is
// ever applied over the other by itself (docs/shop-server.md, "Shop-wide data").
import { useEffect } from 'react';
import type { ShopDataConflict } from '../../../../shared/contract/shop-server';
import { formatMoney } from '../../../../shared/money';
import { formatRate } from '../../../../shared/vat';
import { useTranslation } from '../../i18n';
import { useCatalogue } from '../../state/catalogue';
import { useShopConflicts } from '../../state/shop-conflicts';

type Value = ShopDataConflict['fields'][number]['till'];

function useValueText() {
  const { t, i18n } = useTranslation();
  const currency = useCatalogue((s) => s.view?.currency ?? 'GBP');
  return (field: string, value: Value): string => {
    if (value === null || value === '') return t('backOffice.conflicts.none');
    if (typeof value === 'boolean') return t(value ? 'backOffice.conflicts.yes' : 'backOffice.conflicts.no');
    if (field === 'price' && typeof value === 'number') return formatMoney(value, currency);
    if ((field === 'vatRate' || field === 'discountLimit') && typeof value === 'number')
      return formatRate(value);
    if (field === 'role' && (value === 'cashier' || value === 'supervisor' || value === 'manager'))
      return t(`backOffice.conflicts.roles.${value}`);
    if (field === 'pinSetAt' && typeof value === 'string')
      return new Date(value).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    return String(value);
  };
}

function Conflict({ conflict, index }: { conflict: ShopDataConflict; index: number }) {
  const { t } = useTranslation();
  const busy = useShopConflicts((s) => s.busy);
  const text = useValueText();
  const headingId = `conflict-${index}`;
  const kind = t(`backOffice.conflicts.kinds.${conflict.kind}`);
  const keep = (side: 'till' | 'server') =>
    void useShopConflicts.getState().keep(conflict.kind, conflict.key, side);
  return (
    <li className="card conflict" aria-labelledby={headingId}>
      <h2 id={headingId}>{conflict.name ? `${kind}: ${conflict.name}` : kind}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('backOffice.conflicts.field')}</th>
            <th scope="col">{t('backOffice.conflicts.thisTill')}</th>
            <th scope="col">{t('backOffice.conflicts.shopServer')}</th>
          </tr>
        </thead>
        <tbody>
          {conflict.fields.map((f) => {
            const differs = f.till !== f.server;
            return (
              <tr key={f.field} className={differs ? 'differs' : undefined}>
                <th scope="row">
                  {t(`backOffice.conflicts.fields.${f.field}`, { defaultValue: f.field })}
                  {differs && <span className="visually-hidden"> {t('backOffice.conflicts.differs')}</span>}
                </th>
                <td>{differs ? <strong>{text(f.field, f.till)}</strong> : text(f.field, f.till)}</td>
                <td>{differs ? <strong>{text(f.field, f.server)}</strong> : text(f.field, f.server)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="row">
        <button type="button" disabled={busy} aria-describedby={headingId} onClick={() => keep('till')}>
          {t('backOffice.conflicts.keepTill')}
        </button>
        <button type="button" disabled={busy} aria-describedby={headingId} onClick={() => keep('server')}>
          {t('backOffice.conflicts.keepServer')}
        </button>
      </div>
    </li>
  );
}

export function ConflictsPanel() {
  const { t } = useTranslation();
  const view = useShopConflicts((s) => s.view);
  const problem = useShopConflicts((s) => s.problem);
  const busy = useShopConflicts((s) => s.busy);
  useEffect(() => {
    void useShopConflicts.getState().load();
  }, []);
  return (
    <div className="conflicts-panel">
      <p>{t('backOffice.conflicts.intro')}</p>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {view && view.waitingEdits > 0 && (
        <p className="notice" role="status">
          {t('backOffice.conflicts.waiting', { count: view.waitingEdits })}
        </p>
      )}
      {view && view.conflicts.length === 0 && <p role="status">{t('backOffice.conflicts.nothing')}</p>}
      {view && view.conflicts.length > 0 && (
        <ul className="conflict-list">
          {view.conflicts.map((c, i) => (
            <Conflict key={`${c.kind}|${c.key}`} conflict={c} index={i} />
          ))}
        </ul>
      )}
      <button type="button" disabled={busy} onClick={() => void useShopConflicts.getState().load()}>
        {t('backOffice.conflicts.lookAgain')}
      </button>
    </div>
  );
}
