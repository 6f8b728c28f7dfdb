// The merchant tools by name, apart from their server (tools.ts), so naming them does not load the
// MCP SDK: that loads with the first MCP request (resource-server.ts).

/** The two write tools, by name (the only tools that change anything). */
export const WRITE_TOOLS = ['update_product_price', 'rename_terminal'] as const;
export const READ_TOOLS = [
  'get_account',
  'list_venues',
  'list_terminals',
  'list_products',
  'list_sales',
] as const;
