// A stand-in for the renderer's contract client: the stores talk only to a TillApi, so the
// tests hand them this one. Each method answers from a handler the test sets; every call is
// recorded; events are fired by hand.
import {
  TillError,
  type EventName,
  type EventPayload,
  type MethodInput,
  type MethodName,
  type MethodOutput,
  type PaymentView,
  type Product,
  type SaleView,
  type TillApi,
} from '../../../shared/contract';
import { createDispatcher, type Handlers } from '../../../shared/contract/dispatch';
import { Emitter } from '../../../shared/emitter';
import { unwrapReply } from '../../../renderer/src/bridge/contract-client';

type Handler<M extends MethodName> = (input: MethodInput<M>) => MethodOutput<M> | Promise<MethodOutput<M>>;

export interface Call {
  method: MethodName;
  input: unknown;
}

export class FakeTill implements TillApi {
  readonly calls: Call[] = [];
  private readonly handlers = new Map<MethodName, Handler<MethodName>>();
  private readonly events = new Map<EventName, Emitter<unknown>>();

  /** Answers `method` with `handler` from now on (a throw becomes the call's failure). */
  answer<M extends MethodName>(method: M, handler: Handler<M>): this {
    this.handlers.set(method, handler as unknown as Handler<MethodName>);
    return this;
  }

  async invoke<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
    this.calls.push({ method, input });
    const handler = this.handlers.get(method) as Handler<M> | undefined;
    if (!handler) throw new TillError('unknown_method', `The fake till has no answer for ${method}.`);
    return handler(input);
  }

  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    let emitter = this.events.get(event);
    if (!emitter) this.events.set(event, (emitter = new Emitter<unknown>()));
    return emitter.on(listener as (payload: unknown) => void);
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    this.events.get(event)?.fire(payload);
  }

  /** How many listeners `event` has (to check that subscriptions are stopped). */
  listeners(event: EventName): number {
    return this.events.get(event)?.size ?? 0;
  }

  callsOf(method: MethodName): unknown[] {
    return this.calls.filter((c) => c.method === method).map((c) => c.input);
  }
}

const sold = { vatRate: 2000, colour: null, image: null, barcodes: [], active: true };
export const PRODUCTS: Product[] = [
  { id: 'p1', sku: 'COF-001', name: 'Flat white', category: 'Coffee', price: 320, ...sold },
  { id: 'p2', sku: 'COF-002', name: 'Espresso', category: 'Coffee', price: 250, ...sold },
  { id: 'p3', sku: 'BAK-001', name: 'Almond croissant', category: 'Bakery', price: 295, ...sold },
  {
    id: 'p4',
    sku: 'bak-xl',
    name: 'Sourdough loaf',
    category: 'Bakery',
    price: 475,
    ...sold,
    barcodes: ['5000000000047'],
  },
];

export const CATALOGUE = {
  currency: 'GBP',
  categories: ['Coffee', 'Bakery'],
  categoryColours: { Coffee: '#8d5b3e' },
  products: PRODUCTS,
  vatRates: [{ basisPoints: 2000, label: 'Standard' }],
};

export function saleView(overrides: Partial<SaleView> = {}): SaleView {
  return {
    saleId: 'sale-1',
    receiptNumber: 'R-0001',
    state: 'open',
    currency: 'GBP',
    lines: [
      {
        productId: 'p1',
        sku: 'COF-001',
        name: 'Flat white',
        quantity: 2,
        unitPrice: 320,
        lineTotal: 640,
        vatRate: 2000,
        discount: null,
        basketShare: 0,
        priceOverride: null,
      },
      {
        productId: 'p3',
        sku: 'BAK-001',
        name: 'Almond croissant',
        quantity: 1,
        unitPrice: 295,
        lineTotal: 295,
        vatRate: 2000,
        discount: null,
        basketShare: 0,
        priceOverride: null,
      },
    ],
    total: 935,
    paid: 0,
    due: 935,
    change: 0,
    refunded: 0,
    tenders: [],
    servedBy: null,
    discount: null,
    createdAt: '2026-11-23T09:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

export function paymentView(overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    paymentId: 'pay-1',
    saleId: 'sale-1',
    type: 'SALE',
    terminalId: '22900001',
    amount: 935,
    currency: 'GBP',
    state: 'in_progress',
    result: null,
    successful: false,
    notifications: [],
    canCancel: true,
    cancelRefused: false,
    signatureDeadline: null,
    amountTotal: null,
    amountGratuity: null,
    amountCashback: null,
    mismatch: null,
    message: 'Follow the card machine.',
    staff: null,
    createdAt: '2026-11-23T09:00:01.000Z',
    updatedAt: '2026-11-23T09:00:01.000Z',
    ...overrides,
  };
}

export function notAllowed(): TillError {
  return new TillError('not_allowed', 'This needs the manager PIN.');
}

/**
 * What a screen gets when the till's handler for `method` answers `value`: the real dispatcher
 * checks it against the method's output, it crosses as JSON, and the renderer's client reads it.
 */
export async function answerAsSent<M extends MethodName>(
  method: M,
  input: MethodInput<M>,
  value: unknown,
): Promise<MethodOutput<M>> {
  const dispatch = createDispatcher({ [method]: async () => value } as unknown as Handlers, () => undefined);
  return unwrapReply(method, JSON.parse(JSON.stringify(await dispatch(method, input))));
}
