// The Merchant tools screen's store: signing in (the sign-in page opens in a new tab when the
// till could not open the system browser), the tools, the form of the chosen tool, the explicit
// confirmation before a tool that changes something, and the result.
import { create } from 'zustand';
import type { MerchantStatus, MerchantTool, MerchantToolResult, TillApi } from '../../../shared/contract';
import { disconnectedTill } from '../bridge/contract-client';
import {
  changeSummary,
  fieldsOf,
  initialValues,
  readForm,
  type FormField,
  type FormValues,
} from '../screens/merchant/schema-form';
import { till } from '../till';
import { describeCallError } from './call-errors';

export interface MerchantState {
  status: MerchantStatus | null;
  tools: MerchantTool[] | null;
  selected: string | null;
  fields: FormField[];
  values: FormValues;
  problems: Record<string, string>;
  /** Set while staff are asked to confirm a tool that changes something: what it will change. */
  confirming: { title: string; lines: string[]; args: Record<string, unknown> } | null;
  running: boolean;
  /** Connect was pressed and the services have not answered yet. */
  connecting: boolean;
  result: MerchantToolResult | null;
  problem: string | null;

  load(): Promise<void>;
  connect(): Promise<void>;
  cancelSignIn(): Promise<void>;
  disconnect(): Promise<void>;
  select(name: string | null): void;
  setValue(name: string, value: string | boolean): void;
  run(): Promise<void>;
  confirm(): Promise<void>;
  cancelConfirm(): void;
  /** The services say the sign-in changed (event). */
  changed(status: MerchantStatus): void;
}

/** Opens the sign-in page in a new tab (the screen also shows a link, should the browser block it). */
export type OpenPage = (url: string) => void;

const openInNewTab: OpenPage = (url) => {
  if (typeof window !== 'undefined') window.open(url, '_blank', 'noopener');
};

export function createMerchantStore(api: TillApi, openPage: OpenPage = openInNewTab) {
  return create<MerchantState>((set, get) => {
    const attempt = async (work: () => Promise<void>) => {
      try {
        await work();
      } catch (error) {
        set({ problem: describeCallError(error) });
      }
    };
    const loadTools = () =>
      attempt(async () => {
        const { tools } = await api.invoke('merchant.tools', {});
        set({ tools, problem: null });
      });
    const call = async (args: Record<string, unknown>, confirmed: boolean) => {
      const name = get().selected;
      if (!name) return;
      set({ running: true, problem: null, result: null });
      try {
        set({ result: await api.invoke('merchant.callTool', { name, arguments: args, confirmed }) });
      } catch (error) {
        set({ problem: describeCallError(error) });
      } finally {
        set({ running: false, confirming: null });
      }
    };

    return {
      status: null,
      tools: null,
      selected: null,
      fields: [],
      values: {},
      problems: {},
      confirming: null,
      running: false,
      connecting: false,
      result: null,
      problem: null,

      load: () =>
        attempt(async () => {
          const status = await api.invoke('merchant.status', {});
          set({ status, problem: null });
          if (status.state === 'connected') await loadTools();
        }),
      async connect() {
        if (get().connecting) return;
        // The answer replaces what was said before, so a second press that fails the same way is seen.
        const before = get().status;
        set({ problem: null, connecting: true, status: before && { ...before, message: null } });
        await attempt(async () => {
          const status = await api.invoke('merchant.connect', {});
          if (status.state === 'signing_in' && status.authorizationUrl && !status.openedInBrowser)
            openPage(status.authorizationUrl);
          get().changed(status);
        });
        set({ connecting: false });
      },
      cancelSignIn: () => attempt(async () => get().changed(await api.invoke('merchant.cancelSignIn', {}))),
      disconnect: () =>
        attempt(async () => {
          get().changed(await api.invoke('merchant.disconnect', {}));
          set({ tools: null, selected: null, result: null, confirming: null });
        }),
      select(name) {
        const tool = get().tools?.find((t) => t.name === name) ?? null;
        const fields = tool ? fieldsOf(tool.inputSchema, get().status?.account?.currency ?? null) : [];
        set({
          selected: tool?.name ?? null,
          fields,
          values: initialValues(fields),
          problems: {},
          result: null,
          confirming: null,
          problem: null,
        });
      },
      setValue(name, value) {
        const { [name]: _fixed, ...problems } = get().problems;
        set({ values: { ...get().values, [name]: value }, problems });
      },
      async run() {
        const tool = get().tools?.find((t) => t.name === get().selected);
        if (!tool || get().running) return;
        const { args, problems } = readForm(get().fields, get().values);
        set({ problems });
        if (Object.keys(problems).length > 0) return;
        if (tool.writes) {
          const lines = changeSummary(get().fields, args);
          set({ confirming: { title: tool.title, lines, args }, result: null });
          return;
        }
        await call(args, false);
      },
      async confirm() {
        const confirming = get().confirming;
        if (confirming) await call(confirming.args, true);
      },
      cancelConfirm: () => set({ confirming: null }),
      changed(status) {
        const before = get().status?.state;
        set({ status });
        if (status.state === 'connected' && before !== 'connected') void loadTools();
        if (status.state === 'signed_out') set({ tools: null, selected: null, confirming: null });
      },
    };
  });
}

export type MerchantStore = ReturnType<typeof createMerchantStore>;

export const useMerchant = createMerchantStore(till ?? disconnectedTill);
