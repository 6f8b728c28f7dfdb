// Receipt printers: add, change and remove them, and choose which one prints receipts. The
// whole list is saved at once, and the services check it (addresses, paths, ids) before keeping it.
import { useState } from 'react';
import type { PrinterSettings } from '../../../../shared/settings';
import { till } from '../../till';
import { useSettings } from '../../state/settings';
import { errorMessage } from '../../components/ErrorNotice';
import { Field, SaveBar, SectionCard, Segmented, Toggle, useAction, useDraft } from './section';

type Transport = PrinterSettings['transport'];
type UsbPrinter = { vendorId: number; productId: number; label: string };

const TRANSPORTS: { value: Transport; label: string; hint: string }[] = [
  { value: 'preview', label: 'On-screen preview', hint: 'Receipts show on the Printer screen only.' },
  { value: 'network', label: 'Network', hint: 'An Ethernet or Wi-Fi printer (raw TCP, usually port 9100).' },
  { value: 'usb', label: 'USB', hint: 'A USB receipt printer, talked to directly.' },
  { value: 'device', label: 'Linux device', hint: 'A printer file such as /dev/usb/lp0 (user in group lp).' },
];

const CODE_PAGES: { value: PrinterSettings['codePage']; label: string }[] = [
  { value: 'cp858', label: 'CP858 — Western Europe with € (most printers)' },
  { value: 'cp850', label: 'CP850 — Western Europe, no €' },
  { value: 'cp437', label: 'CP437 — US, no €' },
  { value: 'cp1252', label: 'Windows-1252 (some printers)' },
];

const PROFILES: { value: PrinterSettings['profile']; label: string }[] = [
  { value: 'escpos-portable', label: 'Standard ESC/POS (most printers)' },
  { value: 'epson-tm', label: 'Epson TM (confirms each printed receipt)' },
];

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
    name: `Printer ${n}`,
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
      return 'On-screen preview';
    case 'network':
      return `Network ${printer.address ?? ''}`;
    case 'device':
      return `Device ${printer.devicePath ?? ''}`;
    case 'usb':
      return printer.usbVendorId === null || printer.usbProductId === null
        ? 'USB, printer not chosen yet'
        : `USB ${hex(printer.usbVendorId)}:${hex(printer.usbProductId)}`;
  }
}

function UsbPicker({ printer, onPick }: { printer: PrinterSettings; onPick: (p: UsbPrinter) => void }) {
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
        Find USB printers
      </button>
      {found && found.length === 0 && (
        <span className="field-hint">No USB receipt printer is plugged in.</span>
      )}
      {found && found.length > 0 && (
        <select
          aria-label="USB printer"
          value={found.some((p) => `${p.vendorId}:${p.productId}` === current) ? current : ''}
          onChange={(e) => {
            const pick = found.find((p) => `${p.vendorId}:${p.productId}` === e.target.value);
            if (pick) onPick(pick);
          }}
        >
          <option value="">Choose…</option>
          {found.map((p) => (
            <option key={`${p.vendorId}:${p.productId}`} value={`${p.vendorId}:${p.productId}`}>
              {p.label} ({hex(p.vendorId)}:{hex(p.productId)})
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
  const set = (change: Partial<PrinterSettings>) => onChange({ ...printer, ...change });
  // Hex ids are edited as text so a half-typed value is not lost.
  const [vendorText, setVendorText] = useState(hex(printer.usbVendorId));
  const [productText, setProductText] = useState(hex(printer.usbProductId));
  return (
    <div className="printer-editor" role="group" aria-label={`Edit printer ${printer.name || printer.id}`}>
      <div className="field-grid">
        <Field label="Printer name">
          <input value={printer.name} maxLength={80} onChange={(e) => set({ name: e.target.value })} />
        </Field>
        <Field label="Connection" hint={TRANSPORTS.find((t) => t.value === printer.transport)?.hint}>
          <select value={printer.transport} onChange={(e) => set({ transport: e.target.value as Transport })}>
            {TRANSPORTS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </Field>
        {printer.transport === 'network' && (
          <Field label="Printer address" hint="Host and port, e.g. 192.168.1.50:9100">
            <input
              value={printer.address ?? ''}
              spellCheck={false}
              placeholder="192.168.1.50:9100"
              onChange={(e) => set({ address: e.target.value || null })}
            />
          </Field>
        )}
        {printer.transport === 'device' && (
          <Field label="Device path" hint="e.g. /dev/usb/lp0">
            <input
              value={printer.devicePath ?? ''}
              spellCheck={false}
              placeholder="/dev/usb/lp0"
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
            <Field label="USB vendor id (hex)">
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
            <Field label="USB product id (hex)">
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
          legend="Paper width"
          value={printer.paperWidth}
          options={[
            { value: 58, label: '58 mm' },
            { value: 80, label: '80 mm' },
          ]}
          onChange={(paperWidth) => set({ paperWidth })}
        />
        <Field label="Code page" hint="If £ or € print wrong on the test page, try another.">
          <select
            value={printer.codePage}
            onChange={(e) => set({ codePage: e.target.value as PrinterSettings['codePage'] })}
          >
            {CODE_PAGES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Printer type">
          <select
            value={printer.profile}
            onChange={(e) => set({ profile: e.target.value as PrinterSettings['profile'] })}
          >
            {PROFILES.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </Field>
        <Toggle
          label="Cash drawer"
          hint="A drawer plugged into this printer opens for cash sales."
          checked={printer.drawer.enabled}
          onChange={(enabled) => set({ drawer: { ...printer.drawer, enabled } })}
        />
        {printer.drawer.enabled && (
          <Segmented<2 | 5>
            name={`drawer-${printer.id}`}
            legend="Drawer pin"
            value={printer.drawer.pin}
            options={[
              { value: 2, label: 'Pin 2 (usual)' },
              { value: 5, label: 'Pin 5' },
            ]}
            onChange={(pin) => set({ drawer: { ...printer.drawer, pin } })}
          />
        )}
      </div>
      <div className="editor-actions">
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

export function PrintersSection() {
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
      title="Printers"
      intro="Receipt printers, and which one prints the receipts. Print a test page from the Printer screen after saving."
      footer={
        <SaveBar
          dirty={dirty}
          state={save.state}
          onSave={onSave}
          onUndo={() => {
            reset();
            setEditing(null);
          }}
          label="Save Printers"
        />
      }
    >
      <ul className="printer-list" aria-label="Configured printers">
        {draft.printers.map((printer) => (
          <li key={printer.id} className="printer-item">
            <div className="printer-item-row">
              <div className="printer-item-text">
                <strong>{printer.name || printer.id}</strong>
                <span className="field-hint">
                  {describe(printer)} · {printer.paperWidth} mm
                  {printer.drawer.enabled ? ` · drawer on pin ${printer.drawer.pin}` : ''}
                </span>
              </div>
              {draft.receiptPrinterId === printer.id && (
                <span className="badge badge-receipts">Prints receipts</span>
              )}
              <button
                type="button"
                aria-expanded={editing === printer.id}
                aria-label={`Edit ${printer.name || printer.id}`}
                onClick={() => setEditing(editing === printer.id ? null : printer.id)}
              >
                {editing === printer.id ? 'Close' : 'Edit'}
              </button>
              <button
                type="button"
                aria-label={`Remove ${printer.name || printer.id}`}
                onClick={() => remove(printer.id)}
              >
                Remove
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
          Add printer
        </button>
        <Field label="Prints receipts">
          <select
            value={draft.receiptPrinterId}
            onChange={(e) => setDraft((d) => ({ ...d, receiptPrinterId: e.target.value }))}
          >
            <option value="">No receipts</option>
            {draft.printers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name || p.id}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </SectionCard>
  );
}
