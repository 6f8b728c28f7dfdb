// Receipt printers: add, change and remove them, and choose which one prints receipts. The
// whole list is saved at once, and the services check it (addresses, paths, ids) before keeping it.
import { useState } from 'react';
import type { PrinterSettings } from '../../../../shared/settings';
import { till } from '../../till';
import { useSettings } from '../../state/settings';
import { errorMessage } from '../../components/ErrorNotice';
import { Field, SectionCard, Segmented, Toggle, useAction, useDraft } from './section';
import { i18n, useTranslation } from '../../i18n';
import { printerName } from '../printer/printer-words';

type Transport = PrinterSettings['transport'];

/** The printer's name as staff know it: the shop's name for it, else its kind, never its id. */
const shownName = (printer: Pick<PrinterSettings, 'name' | 'transport'>) =>
  printerName({ name: printer.name ?? '', kind: printer.transport });
type UsbPrinter = { vendorId: number; productId: number; label: string };

/** In the order the form offers them; their words are `printerSettings.*.<value>`. */
const TRANSPORTS: Transport[] = ['preview', 'network', 'usb', 'device'];
const CODE_PAGES: PrinterSettings['codePage'][] = ['cp858', 'cp850', 'cp437', 'cp1252'];
const PROFILES: PrinterSettings['profile'][] = ['escpos-portable', 'epson-tm'];
/** Examples in hints and placeholders: addresses, not words, so the same in every language. */
const EXAMPLE = { address: '192.168.1.50:9100', devicePath: '/dev/usb/lp0' };

const hex = (n: number | null) => (n === null ? '' : n.toString(16).padStart(4, '0'));
function parseHex(text: string): number | null {
  const clean = text.trim().replace(/^0x/i, '');
  return /^[0-9a-f]{1,4}$/i.test(clean) ? parseInt(clean, 16) : null;
}

function newPrinter(existing: PrinterSettings[]): PrinterSettings {
  let n = existing.length + 1;
  while (existing.some((p) => p.id === `printer-${n}`)) n += 1;
  return {
    id: `printer-${n}`,
    name: i18n.t('printerSettings.newName', { number: n }),
    transport: 'network',
    address: '',
    devicePath: null,
    usbVendorId: null,
    usbProductId: null,
    paperWidth: 80,
    codePage: 'cp858',
    profile: 'escpos-portable',
    drawer: { enabled: false, pin: 2 },
  };
}

/** Blank text fields are "not set" (null), as the settings expect. */
function withoutBlanks(printer: PrinterSettings): PrinterSettings {
  return {
    ...printer,
    name: printer.name.trim(),
    address: printer.address?.trim() || null,
    devicePath: printer.devicePath?.trim() || null,
  };
}

function describe(printer: PrinterSettings): string {
  switch (printer.transport) {
    case 'preview':
      return i18n.t('printerSettings.describe.preview');
    case 'network':
      return i18n.t('printerSettings.describe.network', { address: printer.address ?? '' });
    case 'device':
      return i18n.t('printerSettings.describe.device', { path: printer.devicePath ?? '' });
    case 'usb':
      return printer.usbVendorId === null || printer.usbProductId === null
        ? i18n.t('printerSettings.describe.usbNotChosen')
        : i18n.t('printerSettings.describe.usb', {
            ids: `${hex(printer.usbVendorId)}:${hex(printer.usbProductId)}`,
          });
  }
}

function UsbPicker({ printer, onPick }: { printer: PrinterSettings; onPick: (p: UsbPrinter) => void }) {
  const { t } = useTranslation();
  const [found, setFound] = useState<UsbPrinter[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const search = () => {
    setProblem(null);
    till
      ?.invoke('printing.usbPrinters', {})
      .then(setFound)
      .catch((e: unknown) => setProblem(errorMessage(e)));
  };
  const current = `${printer.usbVendorId}:${printer.usbProductId}`;
  return (
    <div className="usb-picker">
      <button type="button" onClick={search}>
        {t('printerSettings.findUsb')}
      </button>
      {found && found.length === 0 && <span className="field-hint">{t('printerSettings.noUsb')}</span>}
      {found && found.length > 0 && (
        <select
          aria-label={t('printerSettings.usbPrinter')}
          value={found.some((p) => `${p.vendorId}:${p.productId}` === current) ? current : ''}
          onChange={(e) => {
            const pick = found.find((p) => `${p.vendorId}:${p.productId}` === e.target.value);
            if (pick) onPick(pick);
          }}
        >
          <option value="">{t('printerSettings.choose')}</option>
          {found.map((p) => (
            <option key={`${p.vendorId}:${p.productId}`} value={`${p.vendorId}:${p.productId}`}>
              {t('printerSettings.usbOption', {
                label: p.label,
                ids: `${hex(p.vendorId)}:${hex(p.productId)}`,
              })}
            </option>
          ))}
        </select>
      )}
      {problem && <span className="field-hint field-problem">{problem}</span>}
    </div>
  );
}

function PrinterEditor({
  printer,
  onChange,
  onDone,
}: {
  printer: PrinterSettings;
  onChange: (printer: PrinterSettings) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const set = (change: Partial<PrinterSettings>) => onChange({ ...printer, ...change });
  // Hex ids are edited as text so a half-typed value is not lost.
  const [vendorText, setVendorText] = useState(hex(printer.usbVendorId));
  const [productText, setProductText] = useState(hex(printer.usbProductId));
  return (
    <div
      className="printer-editor"
      role="group"
      aria-label={t('printerSettings.editLabel', { name: shownName(printer) })}
    >
      <div className="field-grid">
        <Field label={t('printerSettings.name')}>
          <input value={printer.name} maxLength={80} onChange={(e) => set({ name: e.target.value })} />
        </Field>
        <Field
          label={t('printerSettings.connection')}
          hint={t(`printerSettings.transport.${printer.transport}.hint`, { example: EXAMPLE.devicePath })}
        >
          <select value={printer.transport} onChange={(e) => set({ transport: e.target.value as Transport })}>
            {TRANSPORTS.map((transport) => (
              <option key={transport} value={transport}>
                {t(`printerSettings.transport.${transport}.label`)}
              </option>
            ))}
          </select>
        </Field>
        {printer.transport === 'network' && (
          <Field
            label={t('printerSettings.address')}
            hint={t('printerSettings.addressHint', { example: EXAMPLE.address })}
          >
            <input
              value={printer.address ?? ''}
              spellCheck={false}
              placeholder={EXAMPLE.address}
              onChange={(e) => set({ address: e.target.value || null })}
            />
          </Field>
        )}
        {printer.transport === 'device' && (
          <Field
            label={t('printerSettings.devicePath')}
            hint={t('printerSettings.devicePathHint', { example: EXAMPLE.devicePath })}
          >
            <input
              value={printer.devicePath ?? ''}
              spellCheck={false}
              placeholder={EXAMPLE.devicePath}
              onChange={(e) => set({ devicePath: e.target.value || null })}
            />
          </Field>
        )}
        {printer.transport === 'usb' && (
          <>
            <UsbPicker
              printer={printer}
              onPick={(p) => {
                setVendorText(hex(p.vendorId));
                setProductText(hex(p.productId));
                set({ usbVendorId: p.vendorId, usbProductId: p.productId });
              }}
            />
            <Field label={t('printerSettings.vendorId')}>
              <input
                value={vendorText}
                spellCheck={false}
                placeholder="04b8"
                onChange={(e) => {
                  setVendorText(e.target.value);
                  set({ usbVendorId: parseHex(e.target.value) });
                }}
              />
            </Field>
            <Field label={t('printerSettings.productId')}>
              <input
                value={productText}
                spellCheck={false}
                placeholder="0e15"
                onChange={(e) => {
                  setProductText(e.target.value);
                  set({ usbProductId: parseHex(e.target.value) });
                }}
              />
            </Field>
          </>
        )}
        <Segmented<58 | 80>
          name={`paper-${printer.id}`}
          legend={t('printerSettings.paperWidth')}
          value={printer.paperWidth}
          options={[
            { value: 58, label: t('printerSettings.mm', { width: 58 }) },
            { value: 80, label: t('printerSettings.mm', { width: 80 }) },
          ]}
          onChange={(paperWidth) => set({ paperWidth })}
        />
        <Field label={t('printerSettings.codePageLabel')} hint={t('printerSettings.codePageHint')}>
          <select
            value={printer.codePage}
            onChange={(e) => set({ codePage: e.target.value as PrinterSettings['codePage'] })}
          >
            {CODE_PAGES.map((codePage) => (
              <option key={codePage} value={codePage}>
                {t(`printerSettings.codePage.${codePage}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('printerSettings.type')}>
          <select
            value={printer.profile}
            onChange={(e) => set({ profile: e.target.value as PrinterSettings['profile'] })}
          >
            {PROFILES.map((profile) => (
              <option key={profile} value={profile}>
                {t(`printerSettings.profile.${profile}`)}
              </option>
            ))}
          </select>
        </Field>
        <Toggle
          label={t('printerSettings.drawer')}
          hint={t('printerSettings.drawerHint')}
          checked={printer.drawer.enabled}
          onChange={(enabled) => set({ drawer: { ...printer.drawer, enabled } })}
        />
        {printer.drawer.enabled && (
          <Segmented<2 | 5>
            name={`drawer-${printer.id}`}
            legend={t('printerSettings.drawerPin')}
            value={printer.drawer.pin}
            options={[
              { value: 2, label: t('printerSettings.pin2') },
              { value: 5, label: t('printerSettings.pin5') },
            ]}
            onChange={(pin) => set({ drawer: { ...printer.drawer, pin } })}
          />
        )}
      </div>
      <div className="editor-actions">
        <button type="button" onClick={onDone}>
          {t('printerSettings.done')}
        </button>
      </div>
    </div>
  );
}

export function PrintersSection() {
  const { t } = useTranslation();
  const settings = useSettings((s) => s.view?.settings);
  const source = {
    printers: settings?.printers ?? [],
    receiptPrinterId: settings?.receiptPrinterId ?? '',
  };
  const { draft, setDraft, dirty, reset } = useDraft(source);
  const [editing, setEditing] = useState<string | null>(null);
  const save = useAction();

  const replace = (id: string, printer: PrinterSettings) =>
    setDraft((d) => ({
      printers: d.printers.map((p) => (p.id === id ? printer : p)),
      receiptPrinterId: d.receiptPrinterId === id ? printer.id : d.receiptPrinterId,
    }));
  const add = () => {
    const printer = newPrinter(draft.printers);
    setDraft((d) => ({ ...d, printers: [...d.printers, printer] }));
    setEditing(printer.id);
  };
  const remove = (id: string) =>
    setDraft((d) => ({
      printers: d.printers.filter((p) => p.id !== id),
      receiptPrinterId: d.receiptPrinterId === id ? '' : d.receiptPrinterId,
    }));
  const onSave = () =>
    void save
      .run(() =>
        useSettings.getState().update({
          printers: draft.printers.map(withoutBlanks),
          receiptPrinterId: draft.receiptPrinterId || null,
        }),
      )
      .then((ok) => ok && setEditing(null));

  return (
    <SectionCard
      id="printers"
      title={t('settings.sections.printers')}
      intro={t('printerSettings.intro')}
      save={{
        dirty,
        state: save.state,
        onSave,
        onUndo: () => {
          reset();
          setEditing(null);
        },
      }}
    >
      <ul className="printer-list" aria-label={t('printerSettings.list')}>
        {draft.printers.map((printer) => (
          <li key={printer.id} className="printer-item">
            <div className="printer-item-row">
              <div className="printer-item-text">
                <strong>{shownName(printer)}</strong>
                <span className="field-hint">
                  {t(printer.drawer.enabled ? 'printerSettings.summaryDrawer' : 'printerSettings.summary', {
                    connection: describe(printer),
                    width: printer.paperWidth,
                    pin: printer.drawer.pin,
                  })}
                </span>
              </div>
              {draft.receiptPrinterId === printer.id && (
                <span className="badge badge-receipts">{t('printerSettings.printsReceipts')}</span>
              )}
              <button
                type="button"
                aria-expanded={editing === printer.id}
                aria-label={t('printerSettings.editName', { name: shownName(printer) })}
                onClick={() => setEditing(editing === printer.id ? null : printer.id)}
              >
                {editing === printer.id ? t('printerSettings.close') : t('printerSettings.edit')}
              </button>
              <button
                type="button"
                aria-label={t('printerSettings.removeName', { name: shownName(printer) })}
                onClick={() => remove(printer.id)}
              >
                {t('printerSettings.remove')}
              </button>
            </div>
            {editing === printer.id && (
              <PrinterEditor
                printer={printer}
                onChange={(changed) => replace(printer.id, changed)}
                onDone={() => setEditing(null)}
              />
            )}
          </li>
        ))}
      </ul>
      <div className="field-grid">
        <button type="button" onClick={add} disabled={draft.printers.length >= 8}>
          {t('printerSettings.add')}
        </button>
        <Field label={t('printerSettings.printsReceipts')}>
          <select
            value={draft.receiptPrinterId}
            onChange={(e) => setDraft((d) => ({ ...d, receiptPrinterId: e.target.value }))}
          >
            <option value="">{t('printerSettings.noReceipts')}</option>
            {draft.printers.map((p) => (
              <option key={p.id} value={p.id}>
                {shownName(p)}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </SectionCard>
  );
}
