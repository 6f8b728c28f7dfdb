// The one contract between the till UI and everything else. Every method and event is
// declared here (by area, in this folder) with its schema; the preload, the IPC handlers,
// the browser host and the renderer client are all driven by these tables.
import type { z } from 'zod';
import { systemEvents, systemMethods } from './system';
import { terminalMethods } from './terminals';
import { salesEvents, salesMethods } from './sales';
import { settingsEvents, settingsMethods } from './settings';
import { printingEvents, printingMethods } from './printing';
import { reportsMethods } from './reports';
import { suppliesEvents, suppliesMethods } from './supplies';
import { catalogueEvents, catalogueMethods } from './catalogue';
import { merchantEvents, merchantMethods } from './merchant';
import { staffEvents, staffMethods } from './staff';
import { reconciliationMethods } from './reconciliation';
import { shiftsMethods } from './shifts';
import { tillReportsMethods } from './till-reports';
import { historyEvents, historyMethods } from './history';
import { counterMethods } from './counter';
import { auditMethods } from './audit';
import { backupEvents, backupMethods } from './backup';
import { shopServerMethods } from './shop-server';
import { shopReportsMethods } from './shop-reports';

export const methods = {
  ...systemMethods,
  ...terminalMethods,
  ...salesMethods,
  ...settingsMethods,
  ...printingMethods,
  ...reportsMethods,
  ...suppliesMethods,
  ...catalogueMethods,
  ...merchantMethods,
  ...staffMethods,
  ...reconciliationMethods,
  ...shiftsMethods,
  ...tillReportsMethods,
  ...historyMethods,
  ...counterMethods,
  ...auditMethods,
  ...backupMethods,
  ...shopServerMethods,
  ...shopReportsMethods,
} as const;

export const events = {
  ...systemEvents,
  ...salesEvents,
  ...settingsEvents,
  ...printingEvents,
  ...suppliesEvents,
  ...catalogueEvents,
  ...merchantEvents,
  ...staffEvents,
  ...historyEvents,
  ...backupEvents,
} as const;

export type Methods = typeof methods;
export type MethodName = keyof Methods;
export type MethodInput<M extends MethodName> = z.input<Methods[M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<Methods[M]['output']>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

/** What the renderer sees as `window.till`, whichever binding carries it. */
export interface TillApi {
  invoke<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

export * from './channels';

export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(methods, name);
}

export * from './errors';
export * from './system';
export * from './terminals';
export * from './sales';
export * from './settings';
export * from './printing';
export * from './reports';
export * from './supplies';
export * from './catalogue';
export * from './merchant';
export * from './staff';
export * from './reconciliation';
export * from './shifts';
export * from './till-reports';
export * from './counter';
export * from './history';
export * from './audit';
export * from './backup';
export * from './shop-reports';
