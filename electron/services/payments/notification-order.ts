// The order in which a card machine's notifications most likely happened. The service may list
// them newest first (Connect) or oldest first, and codes may repeat (RETRYING).

/** Codes that only ever come first: a list starting with one of them is oldest first. */
const FIRST_NOTIFICATIONS = ['PRESENT_CARD', 'INSERT_CARD', 'REPORT_STARTED'];
/** Codes that only ever come last: a list starting with one of them is newest first. */
const LAST_NOTIFICATIONS = ['TRANSACTION_FINISHED', 'REPORT_FINISHED'];

/** New notifications in the list, in arrival order. Repeats are counted against `seen`. */
export function newNotificationsInOrder(listed: readonly string[], seen: readonly string[]): string[] {
  const remaining = new Map<string, number>();
  for (const code of seen) remaining.set(code, (remaining.get(code) ?? 0) + 1);
  const fresh: Array<{ code: string; index: number }> = [];
  const oldIndexes: number[] = [];
  listed.forEach((code, index) => {
    const left = remaining.get(code) ?? 0;
    if (left > 0) {
      remaining.set(code, left - 1);
      oldIndexes.push(index);
    } else fresh.push({ code, index });
  });
  if (fresh.length === 0) return [];
  let newestFirst = true;
  if (oldIndexes.length > 0) newestFirst = fresh[0]!.index < oldIndexes[0]!;
  else if (LAST_NOTIFICATIONS.includes(listed[0]!)) newestFirst = true;
  else if (FIRST_NOTIFICATIONS.includes(listed[0]!)) newestFirst = false;
  const codes = fresh.map((f) => f.code);
  return newestFirst ? codes.reverse() : codes;
}
