// The card machines the till can use, loaded once per screen that shows them (again on request),
// and which of them a card charge may go to.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Terminal } from '../../../shared/contract';
import { till } from '../till';
import { i18n } from '../i18n';
import { terminalName } from '../../../shared/terminal-names';
import { describeCallError } from './call-errors';
import { useSettings } from './settings';

/** A card machine's status in words; an undocumented value is shown, not hidden. */
export function terminalStatusWords(status: string): string {
  const key = `terminals.statusWord.${status}`;
  if (i18n.exists(key)) return i18n.t(key as never);
  return status.charAt(0).toUpperCase() + status.slice(1).toLowerCase().replace(/_/g, ' ');
}

/** The words for a card machine the shop has not named, in the screen's language. */
const unnamedWords = (lastDigits: string) => i18n.t('terminals.unnamed', { digits: lastDigits });

/** A listed card machine as staff call it: the shop's name, else its last digits in their words. */
export function listedTerminalName(terminal: Pick<Terminal, 'terminalId' | 'name' | 'named'>): string {
  return terminal.named ? terminal.name : terminalName({}, terminal.terminalId, unnamedWords);
}

/** What a picker prefers: the shop's currency, and the machine Settings name as the default. */
export interface TerminalPreference {
  currency?: string | null | undefined;
  terminalId?: string | null | undefined;
}

/**
 * The card machine a payment (or a report) goes to unless the cashier picks another: the one
 * Settings name, when it takes `currency`; else an AVAILABLE one in `currency`, else any in it;
 * only then another currency's (the first AVAILABLE one).
 */
export function defaultTerminal(
  terminals: readonly Terminal[],
  prefer: TerminalPreference = {},
): Terminal | undefined {
  const inCurrency = (t: Terminal) => !prefer.currency || t.currency === prefer.currency;
  const chosen = terminals.find((t) => t.terminalId === prefer.terminalId && inCurrency(t));
  const available = (t: Terminal) => t.status === 'AVAILABLE';
  return (
    chosen ??
    terminals.find((t) => inCurrency(t) && available(t)) ??
    terminals.find(inCurrency) ??
    terminals.find(available) ??
    terminals[0]
  );
}

/** The machines in the shop's currency first, then the others, each group in the service's order. */
export function shopCurrencyFirst(
  terminals: readonly Terminal[],
  currency: string | null | undefined,
): Terminal[] {
  if (!currency) return [...terminals];
  return [
    ...terminals.filter((t) => t.currency === currency),
    ...terminals.filter((t) => t.currency !== currency),
  ];
}

/** The shop's settings as the pickers need them, loaded once if no screen has yet. */
function useShopPreference(): { currency: string | null; terminalId: string | null } {
  const currency = useSettings((s) => s.view?.settings.shop.currency ?? null);
  const terminalId = useSettings((s) => s.view?.settings.payAtCounter.defaultTerminalId ?? null);
  useEffect(() => {
    if (!useSettings.getState().view) void useSettings.getState().load();
  }, []);
  return { currency, terminalId };
}

/** Why a card charge cannot go yet: the list is loading, did not load, is empty, or none is chosen. */
export type ChargeBlock = 'finding' | 'not_listed' | 'none' | 'not_chosen';

/**
 * The card machine a charge goes to: one the cashier sees in the list and has chosen, never one
 * remembered from before that the list does not show (it failed to load, or no longer has it).
 */
export function chargeTerminal(
  terminals: readonly Terminal[] | null,
  listProblem: string | null,
  chosenId: string | null,
): { terminal: Terminal; blocked: null } | { terminal: null; blocked: ChargeBlock } {
  if (terminals === null) return { terminal: null, blocked: listProblem === null ? 'finding' : 'not_listed' };
  if (terminals.length === 0) return { terminal: null, blocked: 'none' };
  const terminal = terminals.find((t) => t.terminalId === chosenId);
  return terminal ? { terminal, blocked: null } : { terminal: null, blocked: 'not_chosen' };
}

/**
 * The card machines, only those in `currency` when given, else all with the shop's currency
 * first; `preferred` is the one a picker starts on (defaultTerminal); `problem` says why the list
 * is missing, and `retry` asks for it again (the list shows as loading meanwhile).
 */
export function useTerminals(currency: string | null): {
  terminals: Terminal[] | null;
  preferred: Terminal | undefined;
  problem: string | null;
  retry: () => void;
} {
  const [listed, setListed] = useState<Terminal[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const shop = useShopPreference();
  useEffect(() => {
    if (!till) return;
    let live = true;
    till
      .invoke('terminals.list', currency ? { currency } : {})
      .then((list) => {
        if (!live) return;
        setListed(list);
        setProblem(null);
      })
      .catch((error: unknown) => live && setProblem(describeCallError(error)));
    return () => {
      live = false;
    };
  }, [currency, attempt]);
  const retry = useCallback(() => {
    setListed(null);
    setProblem(null);
    setAttempt((n) => n + 1);
  }, []);
  const wanted = currency ?? shop.currency;
  const terminals = useMemo(() => listed && shopCurrencyFirst(listed, wanted), [listed, wanted]);
  const preferred = terminals
    ? defaultTerminal(terminals, { currency: wanted, terminalId: shop.terminalId })
    : undefined;
  return { terminals, preferred, problem, retry };
}

/**
 * A card machine's name by its id, for screens that only hold the id (a payment, a report):
 * the shop's name from the settings, else its last digits (shared/terminal-names.ts).
 */
export function useTerminalName(): (terminalId: string) => string {
  const names = useSettings((s) => s.view?.settings.payAtCounter.terminalNames);
  useEffect(() => {
    if (!useSettings.getState().view) void useSettings.getState().load();
  }, []);
  return (terminalId) => terminalName(names ?? {}, terminalId, unnamedWords);
}
