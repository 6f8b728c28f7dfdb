// An audit entry in the shop's language: who, which area, what was done, and before → after as
// people say it ("Price of Latte: £3.20 → £3.40", "Anna: Cashier → Supervisor"). The services
// keep each change as fields and their values; how a value reads depends on its field: money,
// a rate, a role, on/off, a list. Never an id: printers by name, card machines by their last digits.
import type { AuditEntry, AuditValues } from '../../../../shared/contract';
import type { Currency } from '../../../../shared/money';
import { lastDigitsOf } from '../../../../shared/terminal-names';
import { currentFormat, i18n } from '../../i18n';

type Json = AuditValues[string];
const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options ?? {});
/** The words under `key`, or null when there are none (or only a group of them). */
function wordsOr(key: string): string | null {
  return (i18n.exists(key) && i18n.t(key)) || null;
}

/** A card machine's name in the settings, by its terminal id. */
const TERMINAL_NAME = /^payAtCounter\.terminalNames\.(.+)$/;
/** The last part of a path: "counter.discountLimitBasisPoints" → "discountLimitBasisPoints". */
const leaf = (field: string) => field.slice(field.lastIndexOf('.') + 1);

const MONEY = new Set(['price']);
const RATES = new Set(['vatRate', 'discountLimitBasisPoints', 'vatRateBasisPoints']);
const ADDRESSES = new Set(['liveBaseUrl']);
const TOKENS = new Set(['pin']);
const MODES = new Set(['mode']);
const ITEMS_SHOWN = 3;

export function fieldLabel(field: string): string {
  const terminal = TERMINAL_NAME.exec(field);
  if (terminal) return t('audit.field.terminalName', { digits: lastDigitsOf(terminal[1]!) });
  return wordsOr(`audit.field.${field}`) ?? t('audit.field.other');
}

function list(values: readonly Json[], field: string, currency: Currency): string {
  return values.length === 0
    ? t('audit.value.none')
    : values.map((v) => valueText(field, v, currency)).join(', ');
}

/** One value of `field`, in words. */
export function valueText(field: string, value: Json | undefined, currency: Currency): string {
  const name = leaf(field);
  const format = currentFormat();
  if (value === null || value === undefined || value === '') {
    return name === 'name' && TERMINAL_NAME.test(field) ? t('audit.value.noName') : t('audit.value.none');
  }
  if (TERMINAL_NAME.test(field)) return String(value);
  if (name === 'picture') return t(`audit.value.picture.${String(value)}`);
  if (TOKENS.has(name)) return t(`audit.value.${String(value)}`);
  if (MONEY.has(name) && typeof value === 'number') return format.money(value, currency);
  if (RATES.has(name) && typeof value === 'number') return format.percent(value);
  if (name === 'role') return t(`signIn.role.${String(value)}`);
  if (MODES.has(name)) return t(`audit.value.${String(value)}`);
  if (name === 'active' && typeof value === 'boolean')
    return t(value ? 'audit.value.forSale' : 'audit.value.archived');
  if (typeof value === 'boolean') return t(value ? 'audit.value.on' : 'audit.value.off');
  if (name === 'idleSignOutMinutes' && typeof value === 'number') {
    return value === 0 ? t('audit.value.never') : t('audit.value.minutes', { count: value });
  }
  if (name === 'defaultTerminalId')
    return t('audit.value.cardMachine', { digits: lastDigitsOf(String(value)) });
  if (name === 'receiptAfterSale') return t(`audit.value.${String(value)}`);
  if (name === 'country' && typeof value === 'string') return value;
  if (name === 'rates' && Array.isArray(value)) {
    return value
      .map((r) => {
        const rate = r as { basisPoints: number; label: string };
        return `${rate.label} ${format.percent(rate.basisPoints)}`;
      })
      .join(', ');
  }
  if (name === 'printers' && Array.isArray(value)) {
    return list(
      value.map((p) => {
        const printer = p as { name?: string; transport?: string };
        return printer.name || printer.transport || '';
      }),
      'name',
      currency,
    );
  }
  if (Array.isArray(value)) return list(value, name, currency);
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([key, v]) => `${key} ${valueText(name, v, currency)}`)
      .join(', ');
  }
  if (typeof value === 'number') return format.number(value);
  return String(value);
}

/** A web address a manager typed stays in the CSV; the screen only says it changed. */
function hidden(field: string): boolean {
  return ADDRESSES.has(leaf(field));
}

/** "{{field}}: before → after" for one field, or "{{field}}: changed" for an address. */
function fieldChange(
  field: string,
  before: Json | undefined,
  after: Json | undefined,
  currency: Currency,
): string {
  const label = fieldLabel(field);
  if (hidden(field)) return t('audit.change.set', { field: label, after: t('audit.value.changed') });
  if (before === undefined)
    return t('audit.change.set', { field: label, after: valueText(field, after, currency) });
  return t('audit.change.field', {
    field: label,
    before: valueText(field, before, currency),
    after: valueText(field, after, currency),
  });
}

/** Many products in one change: "Price: Latte £3.20 → £3.36, Tea £2.00 → £2.10, and 8 more". */
function itemsChange(
  field: string,
  before: Json | undefined,
  after: Json | undefined,
  total: number,
  currency: Currency,
): string {
  const was = (before ?? {}) as Record<string, Json>;
  const now = (after ?? {}) as Record<string, Json>;
  const names = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  const items = names.slice(0, ITEMS_SHOWN).map((name) =>
    t('audit.change.item', {
      name,
      before: valueText(field, was[name], currency),
      after: valueText(field, now[name], currency),
    }),
  );
  const more = total - Math.min(names.length, ITEMS_SHOWN);
  if (more > 0) items.push(t('audit.change.more', { count: more }));
  return t('audit.change.set', { field: fieldLabel(field), after: items.join(', ') });
}

function fieldsOf(entry: AuditEntry): string[] {
  return [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])].filter(
    (f) => f !== 'products' && f !== 'names',
  );
}

/** What it was done to: the name it had, or "12 products". */
function subjectText(entry: AuditEntry): string {
  const count = entry.after?.products;
  return typeof count === 'number' ? t('audit.products', { count }) : entry.subject;
}

function details(values: AuditValues | null, currency: Currency): string {
  return Object.entries(values ?? {})
    .filter(
      ([field, value]) =>
        !['name', 'colour', 'barcodes', 'active', 'picture'].includes(field) ||
        (field === 'active' && value === false),
    )
    .map(([field, value]) =>
      t('audit.change.detail', { field: fieldLabel(field), value: valueText(field, value, currency) }),
    )
    .join(', ');
}

function secretText(entry: AuditEntry): string {
  const key = Object.keys(entry.after ?? {})[0] ?? '';
  return t(entry.action === 'secret-saved' ? 'audit.change.secretSaved' : 'audit.change.secretRemoved', {
    secret: wordsOr(`audit.secret.${key}`) ?? t('audit.secret.other'),
    profile: wordsOr(`audit.profile.${entry.subject}`) ?? entry.subject,
  });
}

/** Before → after of one entry, in a sentence. */
export function changeText(entry: AuditEntry, currency: Currency): string {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  switch (entry.action) {
    case 'secret-saved':
    case 'secret-removed':
      return secretText(entry);
    case 'product-added':
    case 'person-added':
      return t('audit.change.added', { subject: entry.subject, details: details(entry.after, currency) });
    case 'person-removed':
      return t('audit.change.removed', { subject: entry.subject, details: details(entry.before, currency) });
    case 'products-added':
      return t('audit.change.productsAdded', { count: after.products });
    case 'imported': {
      const counts = { added: after.added, updated: after.updated, skipped: after.skipped };
      return after.file
        ? t('audit.change.imported', { file: after.file, ...counts })
        : t('audit.change.importedNoName', counts);
    }
    case 'exported':
      return t('audit.change.exported', { count: after.entries });
    case 'card-machine-named':
      return t('audit.change.named', {
        subject: entry.subject,
        before: before.name ?? t('audit.value.noName'),
        after: after.name ?? t('audit.value.noName'),
      });
  }
  const fields = fieldsOf(entry);
  const total = typeof after.products === 'number' ? after.products : null;
  if (total !== null) {
    const changes = fields.map((f) => itemsChange(f, before[f], after[f], total, currency)).join('; ');
    return t('audit.change.subject', { subject: subjectText(entry), changes });
  }
  if (fields.length === 1 && entry.subject && before[fields[0]!] !== undefined && !hidden(fields[0]!)) {
    const field = fields[0]!;
    return t(field === 'role' ? 'audit.change.role' : 'audit.change.fieldOf', {
      field: fieldLabel(field),
      subject: entry.subject,
      before: valueText(field, before[field], currency),
      after: valueText(field, after[field], currency),
    });
  }
  const changes = fields.map((f) => fieldChange(f, before[f], after[f], currency)).join('; ');
  return entry.subject ? t('audit.change.subject', { subject: entry.subject, changes }) : changes;
}

/** Who made the change, and who approved it. */
export function whoText(entry: AuditEntry): string {
  if (!entry.by) return t('audit.theTill');
  return entry.approvedBy && entry.approvedBy.id !== entry.by.id
    ? t('audit.approvedBy', { name: entry.by.name, approver: entry.approvedBy.name })
    : entry.by.name;
}

export function actionText(entry: AuditEntry): string {
  return wordsOr(`audit.actions.${entry.action}`) ?? t('audit.actions.other');
}
