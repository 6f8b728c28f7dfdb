// The card machines on the card service, each under the name the shop gives it (kept in the
// settings and used wherever a card machine is mentioned). Renaming is a settings change.
import { useCallback, useEffect, useState } from 'react';
import type { Terminal } from '../../../shared/contract';
import { terminalNameSchema } from '../../../shared/settings';
import { till } from '../till';
import { ErrorNotice } from '../components/ErrorNotice';
import { useSettings } from '../state/settings';
import { listedTerminalName, terminalStatusWords } from '../state/terminals';
import { useFormat, useTranslation } from '../i18n';

const REFRESH_MS = 10_000;

type StatusFilter = '' | 'AVAILABLE' | 'BUSY';

function RenameForm({ terminal, onDone }: { terminal: Terminal; onDone: (renamed: boolean) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(listedTerminalName(terminal));
  const [error, setError] = useState<unknown>(null);
  const save = async () => {
    const checked = terminalNameSchema.safeParse(name);
    if (!checked.success) {
      setError(new Error(checked.error.issues[0]?.message ?? t('terminals.nameNeeded')));
      return;
    }
    try {
      await useSettings
        .getState()
        .update({ payAtCounter: { terminalNames: { [terminal.terminalId]: checked.data } } });
      onDone(true);
    } catch (e) {
      setError(e);
    }
  };
  return (
    <form
      className="rename-form"
      aria-label={t('terminals.renameName', { name: listedTerminalName(terminal) })}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label>
        {t('terminals.name')}
        <input
          value={name}
          maxLength={40}
          autoFocus
          onChange={(e) => setName(e.target.value)}
          placeholder={t('terminals.namePlaceholder')}
        />
      </label>
      <button type="submit" className="primary">
        {t('terminals.saveName')}
      </button>
      <button type="button" onClick={() => onDone(false)}>
        {t('terminals.cancel')}
      </button>
      <ErrorNotice error={error} />
    </form>
  );
}

export function TerminalsScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const [terminals, setTerminals] = useState<Terminal[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [currency, setCurrency] = useState('');
  const [status, setStatus] = useState<StatusFilter>('');
  const [renaming, setRenaming] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!till) return;
    try {
      const list = await till.invoke('terminals.list', {
        ...(currency && { currency }),
        ...(status && { status }),
      });
      setTerminals(list);
      setError(null);
    } catch (e) {
      setError(e);
    }
  }, [currency, status]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{t('terminals.title')}</h1>
      <div className="toolbar">
        <label>
          {t('terminals.currency')}
          <select
            value={currency}
            onChange={(e) => setCurrency(e.target.value)}
            aria-label={t('terminals.currencyFilter')}
          >
            <option value="">{t('terminals.all')}</option>
            <option value="GBP">GBP</option>
            <option value="EUR">EUR</option>
          </select>
        </label>
        <label>
          {t('terminals.status')}
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as StatusFilter)}
            aria-label={t('terminals.statusFilter')}
          >
            <option value="">{t('terminals.all')}</option>
            <option value="AVAILABLE">{t('terminals.statusWord.AVAILABLE')}</option>
            <option value="BUSY">{t('terminals.statusWord.BUSY')}</option>
          </select>
        </label>
        <button type="button" onClick={() => void load()}>
          {t('terminals.refresh')}
        </button>
      </div>
      <ErrorNotice error={error} />
      {terminals === null && !error && <p>{t('terminals.loading')}</p>}
      {terminals && terminals.length === 0 && <p>{t('terminals.none')}</p>}
      {terminals && terminals.length > 0 && (
        <table className="data-table" aria-label={t('terminals.table')}>
          <thead>
            <tr>
              <th scope="col">{t('terminals.name')}</th>
              <th scope="col">{t('terminals.terminalId')}</th>
              <th scope="col">{t('terminals.currency')}</th>
              <th scope="col">{t('terminals.status')}</th>
              <th scope="col">{t('terminals.lastActivity')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('terminals.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {terminals.map((terminal) => (
              <tr key={terminal.terminalId} data-testid="terminal-row">
                <td data-testid="terminal-name">
                  {renaming === terminal.terminalId ? (
                    <RenameForm
                      terminal={terminal}
                      onDone={(renamed) => {
                        setRenaming(null);
                        if (renamed) void load();
                      }}
                    />
                  ) : (
                    listedTerminalName(terminal)
                  )}
                </td>
                <td>{terminal.terminalId}</td>
                <td>{terminal.currency}</td>
                <td>
                  <span className={`badge badge-${terminal.status.toLowerCase()}`}>
                    {terminalStatusWords(terminal.status)}
                  </span>
                </td>
                <td>{terminal.lastActivity ? format.dateTime(terminal.lastActivity) : '—'}</td>
                <td>
                  {renaming !== terminal.terminalId && (
                    <button
                      type="button"
                      aria-label={t('terminals.renameName', { name: listedTerminalName(terminal) })}
                      onClick={() => setRenaming(terminal.terminalId)}
                    >
                      {t('terminals.rename')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
