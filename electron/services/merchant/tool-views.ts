// The merchant tools as the contract carries them: a tool with a readable title and whether it
// changes anything, a result split into structured data and plain text, and who is signed in.
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { MerchantTool, MerchantToolResult } from '../../../shared/contract';
import type { MerchantSession } from './mcp-session';

/** "list_products" → "List products". */
export function readableName(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function toMerchantTool(tool: Tool): MerchantTool {
  return {
    name: tool.name,
    title: tool.title ?? tool.annotations?.title ?? readableName(tool.name),
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema ?? null,
    // Only a tool that says it only reads runs without a confirmation.
    writes: tool.annotations?.readOnlyHint !== true,
  };
}

function parseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

export function toToolResult(result: CallToolResult): MerchantToolResult {
  const text: string[] = [];
  let structured: unknown = result.structuredContent ?? null;
  for (const part of result.content ?? []) {
    if (part.type !== 'text') {
      text.push(`(${part.type} content not shown)`);
      continue;
    }
    const json = parseJson(part.text);
    if (json !== undefined && structured === null) structured = json;
    else if (json === undefined) text.push(part.text);
  }
  return { isError: result.isError === true, structured, text };
}

/** What an account tool answers, as far as the till shows it. */
const accountAnswer = z.object({
  account: z.object({ name: z.string(), currency: z.string() }).partial().optional(),
  signed_in_as: z.object({ name: z.string(), email: z.string() }).partial().optional(),
});

/** The tool that says who is signed in: a read tool named for the account, taking no arguments. */
const ACCOUNT_TOOL = /^(get_?)?(account|whoami|me)$/i;

/** Who is signed in and to which account, when the endpoint has a tool that says so. */
export async function readAccount(session: MerchantSession, tools: readonly Tool[]) {
  const tool = tools.find((t) => ACCOUNT_TOOL.test(t.name) && t.annotations?.readOnlyHint === true);
  if (!tool || (tool.inputSchema.required ?? []).length > 0) return null;
  const parsed = accountAnswer.safeParse(toToolResult(await session.callTool(tool.name, {})).structured);
  if (!parsed.success) return null;
  const who = parsed.data.signed_in_as;
  const name = parsed.data.account?.name ?? who?.name ?? who?.email;
  if (!name) return null;
  const detail = who ? [who.name, who.email].filter(Boolean).join(', ') || null : null;
  // Only a currency code the screens can write amounts in (ISO 4217: three capital letters).
  const currency = parsed.data.account?.currency;
  return { name, detail, currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null };
}
