// The back office's catalogue store: every product (archived too), categories, VAT rates, CSV
// import (upload in parts → preview → confirm) and export, and adding from the supplier. Every
// call is a back-office action: refused for want of a manager, it waits for a manager's PIN
// (state/manager-approval.ts) and is sent again once approved.
import { create } from 'zustand';
import {
  IMPORT_CHUNK_CHARS,
  type BulkChange,
  type CatalogueAdmin,
  type ImportPreview,
  type MethodInput,
  type Product,
  type TillApi,
} from '../../../shared/contract';
import { disconnectedTill } from '../bridge/contract-client';
import { till } from '../till';
import { describeCallError } from './call-errors';
import { approveOrShowProblem, createManagerApproval, needsManager } from './manager-approval';
import { currentFormat, i18n } from '../i18n';

export interface CatalogueState {
  view: CatalogueAdmin | null;
  busy: boolean;
  /** The last call's failure, in staff words. */
  problem: string | null;
  /** What the last change did, e.g. "12 prices changed." */
  notice: string | null;
  /** Why the back office waits for a manager's PIN; null when it does not. */
  managerNeeded: string | null;
  importPreview: ImportPreview | null;
  /** The last product saved (the form closes when it changes, even after a manager's approval). */
  lastSaved: Product | null;
  /** An exported file waiting to be saved by the screen. */
  exported: { fileName: string; csv: string } | null;

  load(): Promise<void>;
  saveProduct(input: MethodInput<'catalogue.saveProduct'>): Promise<Product | null>;
  setArchived(ids: string[], archived: boolean): Promise<void>;
  bulkEdit(ids: string[], change: BulkChange): Promise<void>;
  saveCategories(categories: MethodInput<'catalogue.saveCategories'>['categories']): Promise<void>;
  saveVatRates(country: string | null, rates: { basisPoints: number; label: string }[]): Promise<void>;
  /** `fileName` goes on the audit trail's entry for the import. */
  previewImport(text: string, fileName?: string): Promise<void>;
  confirmImport(skipBadRows: boolean): Promise<void>;
  cancelImport(): void;
  exportCsv(): Promise<void>;
  /** The screen saved the exported file. */
  exportTaken(): void;
  addFromSupplier(input: MethodInput<'catalogue.addFromSupplier'>): Promise<Product | null>;
  approve(pin: string): Promise<void>;
  cancelApproval(): void;
  clearMessages(): void;
}

export function createCatalogueStore(api: TillApi) {
  return create<CatalogueState>((set, get) => {
    const approval = createManagerApproval(api, (reason) => set({ managerNeeded: reason }));

    /**
     * Runs a back-office call with the busy flag and worded errors. Refused for want of a manager,
     * `again` (the whole action) runs once a manager approves. Null when it did not succeed.
     */
    async function guarded<T>(work: () => Promise<T>, again: () => Promise<unknown>): Promise<T | null> {
      set({ busy: true, problem: null, notice: null });
      try {
        return await approval.attempt(i18n.t('backOffice.needsManager'), work, async () => {
          await again();
        });
      } catch (error) {
        if (!needsManager(error)) set({ problem: describeCallError(error) });
        return null;
      } finally {
        set({ busy: false });
      }
    }
    /** A change, then the fresh view (the Sell screen hears of it through the event). */
    const change = async <T>(work: () => Promise<T>, notice: (result: T) => string): Promise<T | null> => {
      const result = await guarded(work, () => change(work, notice));
      if (result === null) return null;
      const view = await guarded(
        () => api.invoke('catalogue.admin', {}),
        () => get().load(),
      );
      set({ notice: notice(result), ...(view && { view }) });
      return result;
    };

    return {
      view: null,
      busy: false,
      problem: null,
      notice: null,
      managerNeeded: null,
      importPreview: null,
      lastSaved: null,
      exported: null,

      async load() {
        const view = await guarded(
          () => api.invoke('catalogue.admin', {}),
          () => get().load(),
        );
        if (view) set({ view });
      },
      async saveProduct(input) {
        const saved = await change(
          () => api.invoke('catalogue.saveProduct', input),
          (p) => i18n.t('backOffice.notice.saved', { name: p.name }),
        );
        if (saved) set({ lastSaved: saved });
        return saved;
      },
      async setArchived(ids, archived) {
        await change(
          () => api.invoke('catalogue.setArchived', { ids, archived }),
          ({ changed }) =>
            i18n.t(archived ? 'backOffice.notice.archived' : 'backOffice.notice.backOnSale', {
              count: changed,
            }),
        );
      },
      async bulkEdit(ids, what) {
        await change(
          () => api.invoke('catalogue.bulkEdit', { ids, change: what }),
          ({ changed }) => i18n.t('backOffice.notice.changed', { count: changed }),
        );
      },
      async saveCategories(categories) {
        await change(
          () => api.invoke('catalogue.saveCategories', { categories }),
          () => i18n.t('backOffice.notice.categoriesSaved'),
        );
      },
      async saveVatRates(country, rates) {
        await change(
          () => api.invoke('catalogue.saveVatRates', { country, rates }),
          () => i18n.t('backOffice.notice.vatSaved'),
        );
      },
      async previewImport(text, fileName) {
        set({ importPreview: null });
        const preview = await guarded(
          async () => {
            let uploadId: string | null = null;
            // In parts: the browser host takes at most 1 MiB in one message.
            for (let at = 0; at === 0 || at < text.length; at += IMPORT_CHUNK_CHARS) {
              ({ uploadId } = await api.invoke('catalogue.uploadImport', {
                uploadId,
                text: text.slice(at, at + IMPORT_CHUNK_CHARS),
                ...(at === 0 && fileName !== undefined && { fileName }),
              }));
            }
            return api.invoke('catalogue.previewImport', { uploadId: uploadId! });
          },
          () => get().previewImport(text, fileName),
        );
        if (preview) set({ importPreview: preview });
      },
      async confirmImport(skipBadRows) {
        const preview = get().importPreview;
        if (!preview) return;
        const done = await change(
          () => api.invoke('catalogue.confirmImport', { importId: preview.importId, skipBadRows }),
          (r) =>
            i18n.t(r.skipped ? 'backOffice.notice.importedSkipped' : 'backOffice.notice.imported', {
              added: currentFormat().number(r.added),
              updated: currentFormat().number(r.updated),
              skipped: currentFormat().number(r.skipped),
            }),
        );
        if (done) set({ importPreview: null });
      },
      cancelImport: () => set({ importPreview: null, problem: null }),
      async exportCsv() {
        const file = await guarded(
          () => api.invoke('catalogue.exportCsv', {}),
          () => get().exportCsv(),
        );
        if (file)
          set({ exported: file, notice: i18n.t('backOffice.notice.exported', { count: file.products }) });
      },
      exportTaken: () => set({ exported: null }),
      addFromSupplier: (input) =>
        change(
          () => api.invoke('catalogue.addFromSupplier', input),
          (p) => `${p.name} is now in the catalogue.`,
        ),
      approve: approveOrShowProblem(approval, (problem) => set({ problem })),
      cancelApproval: () => approval.cancel(),
      clearMessages: () => set({ problem: null, notice: null }),
    };
  });
}

export type CatalogueStore = ReturnType<typeof createCatalogueStore>;

export const useCatalogue = createCatalogueStore(till ?? disconnectedTill);
