// The merchant tools (spec section 1): read tools over the account's venues, terminals, sales and
// products, and exactly two write tools. A fresh McpServer is built per request for the token's
// account; no argument names the account, and unknown arguments are dropped by the schemas, so
// nothing a caller sends can reach another account.
import { createMcpHandler, McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Account, DashboardUser, MerchantSeed, Product, Sale, Terminal, Venue } from './seed';

export { READ_TOOLS, WRITE_TOOLS } from './tool-names';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, openWorldHint: false };
const WRITES = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };

function answer(structured: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }],
    structuredContent: structured,
  };
}

function refuse(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

const venueView = (v: Venue) => ({ id: v.id, name: v.name, address: v.address });
const terminalView = (t: Terminal) => ({
  id: t.id,
  venue_id: t.venueId,
  name: t.name,
  model: t.model,
  status: t.status,
});
const productView = (currency: string) => (p: Product) => ({
  id: p.id,
  name: p.name,
  category: p.category,
  price_minor: p.priceMinor,
  currency,
});
const saleView = (currency: string) => (s: Sale) => ({
  id: s.id,
  venue_id: s.venueId,
  terminal_id: s.terminalId,
  completed_at: new Date(s.completedAt).toISOString(),
  tender: s.tender,
  total_minor: s.totalMinor,
  currency,
  lines: s.lines.map((l) => ({
    product_id: l.productId,
    name: l.name,
    quantity: l.quantity,
    unit_price_minor: l.unitPriceMinor,
  })),
});

const venueFilter = z
  .string()
  .max(64)
  .optional()
  .describe('Only this venue (an id from list_venues); every venue of the account when left out.');

/** The MCP handler: a tool server per request, for the account the request's token was given for. */
export function merchantToolHandler(data: MerchantSeed) {
  return createMcpHandler((context) => {
    const { userId, accountId } = (context.authInfo?.extra ?? {}) as { userId?: string; accountId?: string };
    const user = data.users.find((u) => u.id === userId)!;
    return merchantToolServer(
      data,
      user,
      data.accounts.find((a) => a.id === accountId)!,
    );
  });
}

/** Builds the tool server for one request, bound to the token user's first account. */
export function merchantToolServer(data: MerchantSeed, user: DashboardUser, account: Account): McpServer {
  const server = new McpServer({ name: 'merchant-tools-sandbox', version: '1.0.0' });
  const mine = <T extends { accountId: string }>(rows: readonly T[]) =>
    rows.filter((r) => r.accountId === account.id);

  server.registerTool(
    'get_account',
    {
      title: 'Account',
      description: 'The merchant account these tools work on, and who is signed in.',
      inputSchema: z.object({}),
      annotations: READ_ONLY,
    },
    () =>
      answer({
        account: { id: account.id, name: account.name, currency: account.currency },
        signed_in_as: { name: user.name, email: user.email },
      }),
  );

  server.registerTool(
    'list_venues',
    {
      title: 'Venues',
      description: 'Every venue of the account.',
      inputSchema: z.object({}),
      annotations: READ_ONLY,
    },
    () => answer({ venues: mine(data.venues).map(venueView) }),
  );

  server.registerTool(
    'list_terminals',
    {
      title: 'Card terminals',
      description:
        'The card terminals of the account, with the venue each stands in and whether it is online.',
      inputSchema: z.object({ venue_id: venueFilter }),
      annotations: READ_ONLY,
    },
    ({ venue_id }) =>
      answer({
        terminals: mine(data.terminals)
          .filter((t) => !venue_id || t.venueId === venue_id)
          .map(terminalView),
      }),
  );

  server.registerTool(
    'list_products',
    {
      title: 'Products',
      description: 'The products the account sells, with their prices in minor units (pence).',
      inputSchema: z.object({
        category: z.string().max(64).optional().describe('Only products in this category.'),
      }),
      annotations: READ_ONLY,
    },
    ({ category }) =>
      answer({
        products: mine(data.products)
          .filter((p) => !category || p.category.toLowerCase() === category.toLowerCase())
          .map(productView(account.currency)),
      }),
  );

  server.registerTool(
    'list_sales',
    {
      title: 'Sales',
      description: 'Recent sales of the account, newest first, with their lines and totals in minor units.',
      inputSchema: z.object({
        venue_id: venueFilter,
        limit: z.number().int().min(1).max(100).default(20).describe('How many sales at most.'),
      }),
      annotations: READ_ONLY,
    },
    ({ venue_id, limit }) =>
      answer({
        sales: mine(data.sales)
          .filter((s) => !venue_id || s.venueId === venue_id)
          .sort((a, b) => b.completedAt - a.completedAt)
          .slice(0, limit)
          .map(saleView(account.currency)),
      }),
  );

  server.registerTool(
    'update_product_price',
    {
      title: 'Change a product price',
      description:
        'Sets the price of one product of the account, in minor units (pence). Changes what sells next.',
      inputSchema: z.object({
        product_id: z.string().max(64).describe('The product (an id from list_products).'),
        price_minor: z.number().int().min(1).max(1_000_000).describe('The new price in minor units.'),
      }),
      annotations: WRITES,
    },
    ({ product_id, price_minor }) => {
      const product = mine(data.products).find((p) => p.id === product_id);
      if (!product) return refuse(`No product ${product_id} in this account.`);
      const previous = product.priceMinor;
      product.priceMinor = price_minor;
      return answer({ product: productView(account.currency)(product), previous_price_minor: previous });
    },
  );

  server.registerTool(
    'rename_terminal',
    {
      title: 'Rename a card terminal',
      description: 'Gives one card terminal of the account a new name, as staff see it.',
      inputSchema: z.object({
        terminal_id: z.string().max(64).describe('The terminal (an id from list_terminals).'),
        name: z.string().trim().min(1).max(40).describe('The new name, up to 40 characters.'),
      }),
      annotations: WRITES,
    },
    ({ terminal_id, name }) => {
      const terminal = mine(data.terminals).find((t) => t.id === terminal_id);
      if (!terminal) return refuse(`No terminal ${terminal_id} in this account.`);
      const previous = terminal.name;
      terminal.name = name;
      return answer({ terminal: terminalView(terminal), previous_name: previous });
    },
  );

  return server;
}
