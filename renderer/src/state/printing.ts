// The Printer screen's state: printers with their condition, the print queue and the receipts
// sent to the on-screen preview. Refreshed when the services say something changed (bursts of
// changes are gathered into one refresh), never on a fast timer.
import { create } from 'zustand';
import type { PreviewReceipt, PrinterView, PrintJobView } from '../../../shared/contract';
import { till } from '../till';

export const JOB_LIMIT = 50;
export const PREVIEW_LIMIT = 10;
/** Changes arriving closer together than this make one refresh. */
export const REFRESH_DEBOUNCE_MS = 250;

export type JobAction = 'retry' | 'cancel' | 'reprint';

interface PrintingState {
  printers: PrinterView[] | null;
  jobs: PrintJobView[] | null;
  previews: PreviewReceipt[] | null;
  loadError: unknown;
  /** Job id → the action under way, so its buttons are disabled meanwhile. */
  busy: Record<string, JobAction>;
  load(): Promise<void>;
  act(action: JobAction, jobId: string): Promise<void>;
  testPage(printerId?: string): Promise<PrintJobView>;
}

function requireTill() {
  if (!till) throw new Error('The till service is not connected.');
  return till;
}

let loading: Promise<void> | null = null;
let loadAgain = false;

export const usePrinting = create<PrintingState>((set, get) => ({
  printers: null,
  jobs: null,
  previews: null,
  loadError: null,
  busy: {},
  load() {
    // One load at a time; a change during a load asks for exactly one more afterwards.
    if (loading) {
      loadAgain = true;
      return loading;
    }
    loading = (async () => {
      do {
        loadAgain = false;
        try {
          const api = requireTill();
          const [printers, jobs, previews] = await Promise.all([
            api.invoke('printing.printers', {}),
            api.invoke('printing.jobs', { limit: JOB_LIMIT }),
            api.invoke('printing.preview', { limit: PREVIEW_LIMIT }),
          ]);
          set({ printers, jobs, previews, loadError: null });
        } catch (error) {
          set({ loadError: error });
        }
      } while (loadAgain);
    })().finally(() => {
      loading = null;
    });
    return loading;
  },
  async act(action, jobId) {
    set((s) => ({ busy: { ...s.busy, [jobId]: action } }));
    try {
      await requireTill().invoke(`printing.${action}`, { jobId });
    } finally {
      set((s) => {
        const { [jobId]: _done, ...rest } = s.busy;
        return { busy: rest };
      });
      await get().load();
    }
  },
  async testPage(printerId) {
    const job = await requireTill().invoke('printing.testPage', printerId ? { printerId } : {});
    await get().load();
    return job;
  },
}));

/**
 * Listens for printing.changed while mounted and refreshes once per burst of changes.
 * Returns the function that stops listening.
 */
export function followPrintingChanges(): () => void {
  if (!till) return () => undefined;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const off = till.on('printing.changed', () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void usePrinting.getState().load();
    }, REFRESH_DEBOUNCE_MS);
  });
  return () => {
    off();
    if (timer) clearTimeout(timer);
  };
}
