// The card machines the till can use, loaded once per screen that shows them.
import { useEffect, useState } from 'react';
import type { Terminal } from '../../../shared/contract';
import { till } from '../till';
import { describeCallError } from './call-errors';

/** The card machines, only those in `currency` when given; `problem` says why the list is missing. */
export function useTerminals(currency: string | null): {
  terminals: Terminal[] | null;
  problem: string | null;
} {
  const [terminals, setTerminals] = useState<Terminal[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!till) return;
    let live = true;
    till
      .invoke('terminals.list', currency ? { currency } : {})
      .then((list) => {
        if (!live) return;
        setTerminals(list);
        setProblem(null);
      })
      .catch((error: unknown) => live && setProblem(describeCallError(error)));
    return () => {
      live = false;
    };
  }, [currency]);
  return { terminals, problem };
}
