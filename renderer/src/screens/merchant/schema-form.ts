// A form from a tool's input schema (JSON Schema, the subset tools use): text, whole and decimal
// numbers, amounts of money (whole numbers that say they are money, money-fields.ts: typed as a
// cashier writes an amount in the shop's locale, sent in minor units, shown in the account's
// currency), yes/no, a choice from a list; required fields and defaults; every problem in words.
// Anything the form cannot fill in (a list, nested details) is said so, and a tool that needs one
// cannot run here. Pure, so the rules are tested without a browser.
import { amountText, parseAmount } from '../../../../shared/money';
import { i18n } from '../../i18n';
import { moneyText, schemaSaysMoney, withoutMoneySuffix } from './money-fields';

export type FieldKind = 'string' | 'number' | 'integer' | 'money' | 'boolean' | 'enum' | 'unsupported';

export interface FormField {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  /** The words shown under the field (the schema's description, or the form's own for money). */
  description: string;
  /** A choice's options as shown; `optionValues` holds what is sent for each. */
  options: string[];
  optionValues: unknown[];
  defaultValue: string | boolean | undefined;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  /** For an amount: the account's currency, when the dashboard said (null: written without one). */
  currency: string | null;
}

export type FormValues = Record<string, string | boolean>;

interface PropertySchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  title?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

/** "price_minor" → "Price", "venueId" → "Venue id"; a schema title wins. */
function labelOf(name: string, schema: PropertySchema, kind: FieldKind): string {
  if (schema.title) return schema.title;
  const words = (kind === 'money' ? withoutMoneySuffix(name) : name)
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function kindOf(name: string, schema: PropertySchema): FieldKind {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return 'enum';
  if (schema.const !== undefined) return 'enum';
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== 'null');
  // A value that may be one of several kinds (or of none named) has no single box to type it in.
  if (types.length !== 1) return 'unsupported';
  const [type] = types;
  if (type === 'integer' && schemaSaysMoney(name, schema)) return 'money';
  if (type === 'integer' || type === 'number' || type === 'boolean' || type === 'string') return type;
  return 'unsupported'; // object, array: details the form cannot take
}

function descriptionOf(kind: FieldKind, schema: PropertySchema, currency: string | null): string {
  if (kind === 'money') return i18n.t('merchant.form.moneyHint', { example: moneyText(345, currency) });
  if (kind === 'unsupported') return i18n.t('merchant.form.unsupported');
  return schema.description ?? '';
}

/** A default the field can show: an amount for money, the option's words for a choice. */
function defaultOf(kind: FieldKind, value: unknown): string | boolean | undefined {
  if (value === undefined || value === null || kind === 'unsupported') return undefined;
  if (kind === 'boolean') return value === true;
  if (kind === 'money') return Number.isSafeInteger(value) ? amountText(value as number) : undefined;
  return typeof value === 'object' ? undefined : String(value);
}

/** The form for a tool's input schema; `currency` is the account's, for its amounts. */
export function fieldsOf(inputSchema: unknown, currency: string | null = null): FormField[] {
  const schema = (inputSchema ?? {}) as { properties?: Record<string, PropertySchema>; required?: string[] };
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const kind = kindOf(name, property);
    const listed = Array.isArray(property.enum) && property.enum.length > 0;
    const values = kind !== 'enum' ? [] : listed ? property.enum! : [property.const];
    return {
      name,
      label: labelOf(name, property, kind),
      kind,
      required: required.has(name),
      description: descriptionOf(kind, property, currency),
      options: values.map(String),
      optionValues: values,
      defaultValue: defaultOf(kind, property.default),
      ...(property.minimum !== undefined && { minimum: property.minimum }),
      ...(property.maximum !== undefined && { maximum: property.maximum }),
      ...(property.minLength !== undefined && { minLength: property.minLength }),
      ...(property.maxLength !== undefined && { maxLength: property.maxLength }),
      currency: kind === 'money' ? currency : null,
    };
  });
}

export function initialValues(fields: readonly FormField[]): FormValues {
  return Object.fromEntries(
    fields.map((f) => [f.name, f.defaultValue ?? (f.kind === 'boolean' ? false : '')]),
  );
}

/** Minor units as a cashier writes the amount: 345 → "3.45" / "3,45" (no currency sign; the form has none). */
export { amountText };

/** Digits with an optional sign and decimals: what staff type, not 1e3, 0x10 or Infinity. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

type Reading = { ok: true; value: unknown } | { ok: false; problem: string };

/** One filled-in number or amount, checked against the schema's bounds. */
function readNumber(field: FormField, text: string): Reading {
  let value: number;
  let shown: (n: number) => string = String;
  if (field.kind === 'money') {
    const amount = parseAmount(text);
    if (!amount.ok)
      return {
        ok: false,
        problem: i18n.t('merchant.form.mustBeAmount', {
          label: field.label,
          example: moneyText(345, field.currency),
        }),
      };
    value = amount.minor;
    // A schema's bound may be any number; only whole minor units read as an amount.
    shown = (minor) => moneyText(minor, field.currency);
  } else {
    value = Number(text);
    if (!PLAIN_NUMBER.test(text) || !Number.isFinite(value))
      return {
        ok: false,
        problem: i18n.t(
          field.kind === 'integer' ? 'merchant.form.mustBeWhole' : 'merchant.form.mustBeNumber',
          {
            label: field.label,
          },
        ),
      };
    if (field.kind === 'integer' && !Number.isSafeInteger(value))
      return { ok: false, problem: i18n.t('merchant.form.mustBeWhole', { label: field.label }) };
  }
  if (field.minimum !== undefined && value < field.minimum)
    return {
      ok: false,
      problem: i18n.t('merchant.form.atLeast', { label: field.label, value: shown(field.minimum) }),
    };
  if (field.maximum !== undefined && value > field.maximum)
    return {
      ok: false,
      problem: i18n.t('merchant.form.atMost', { label: field.label, value: shown(field.maximum) }),
    };
  return { ok: true, value };
}

function readText(field: FormField, text: string): Reading {
  if (field.kind === 'enum') {
    const index = field.options.indexOf(text);
    return index < 0
      ? { ok: false, problem: i18n.t('merchant.form.chooseOption', { label: field.label.toLowerCase() }) }
      : { ok: true, value: field.optionValues[index] };
  }
  if (field.minLength !== undefined && text.length < field.minLength)
    return {
      ok: false,
      problem: i18n.t('merchant.form.minLength', { label: field.label, count: field.minLength }),
    };
  if (field.maxLength !== undefined && text.length > field.maxLength)
    return {
      ok: false,
      problem: i18n.t('merchant.form.maxLength', { label: field.label, count: field.maxLength }),
    };
  return { ok: true, value: text };
}

/** The arguments to send, or the problem with each field in words. */
export function readForm(
  fields: readonly FormField[],
  values: FormValues,
): { args: Record<string, unknown>; problems: Record<string, string> } {
  const args: Record<string, unknown> = {};
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const raw = values[field.name];
    if (field.kind === 'unsupported') {
      if (field.required) problems[field.name] = i18n.t('merchant.form.cannotFill', { label: field.label });
      continue;
    }
    if (field.kind === 'boolean') {
      args[field.name] = raw === true;
      continue;
    }
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (text === '') {
      if (field.required) problems[field.name] = i18n.t('merchant.form.needed', { label: field.label });
      continue;
    }
    const numeric = field.kind === 'integer' || field.kind === 'number' || field.kind === 'money';
    const reading = numeric ? readNumber(field, text) : readText(field, text);
    if (reading.ok) args[field.name] = reading.value;
    else problems[field.name] = reading.problem;
  }
  return { args, problems };
}

/** What a confirmation says will change: each value the tool is given, by its label. */
export function changeSummary(fields: readonly FormField[], args: Record<string, unknown>): string[] {
  return fields
    .filter((f) => args[f.name] !== undefined)
    .map((f) => {
      const value = args[f.name];
      const shown =
        typeof value === 'boolean'
          ? i18n.t(value ? 'merchant.form.yes' : 'merchant.form.no')
          : f.kind === 'money' && typeof value === 'number'
            ? moneyText(value, f.currency)
            : String(value);
      return i18n.t('merchant.form.summary', { label: f.label, value: shown });
    });
}
