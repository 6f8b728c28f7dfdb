// The Printer screen's state: printers with their condition, the print queue and the receipts
// sent to the on-screen preview. Refreshed when the services say something changed (events.ts
// gathers bursts of changes into one refresh), never on a fast timer.
import { create } from 'zustand';
import type { PreviewReceipt, PrinterView, PrintJobView, TillApi } from '../../../shared/contract';
import { disconnectedTill } from '../bridge/contract-client';
import { till } from '../till';

export const JOB_LIMIT = 50;
export const PREVIEW_LIMIT = 10;
/** Changes arriving closer together than this make one refresh. */
export const REFRESH_DEBOUNCE_MS = 250;

export type JobAction = 'retry' | 'cancel' | 'reprint' | 'markChecked';

export interface PrintingState {
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

export function createPrintingStore(api: TillApi) {
  let loading: Promise<void> | null = null;
  let loadAgain = false;

  return create<PrintingState>((set, get) => ({
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
        await api.invoke(`printing.${action}`, { jobId });
      } finally {
        set((s) => {
          const { [jobId]: _done, ...rest } = s.busy;
          return { busy: rest };
        });
        await get().load();
      }
    },
    async testPage(printerId) {
      const job = await api.invoke('printing.testPage', printerId ? { printerId } : {});
      await get().load();
      return job;
    },
  }));
}

export type PrintingStore = ReturnType<typeof createPrintingStore>;

export const usePrinting = createPrintingStore(till ?? disconnectedTill);
