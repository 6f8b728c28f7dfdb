// The shop server's form in Settings, without React: the draft a manager edits (text as typed),
// what is wrong with each field (keys of the `shopServer` catalogue, said next to the field), and
// the settings patch it saves. The services check the same rules again (shared/settings.ts).
import {
  SHOP_SERVER_LOGIN_PATTERN,
  shopServerAddressProblemKey,
  type ShopServerSettings,
} from '../../../../shared/settings';

export interface ShopServerDraft {
  enabled: boolean;
  address: string;
  tillNumber: string;
  tillName: string;
  login: string;
  tls: ShopServerSettings['tls'];
}

/** A field's problem: a key under `shopServer.` in the catalogues. */
export type ShopServerFieldProblem =
  | `addressProblem.${NonNullable<ReturnType<typeof shopServerAddressProblemKey>>}`
  | 'addressNeeded'
  | 'tillNumberNeeded'
  | 'tillNumberBad'
  | 'loginNeeded'
  | 'loginBad';

export type ShopServerProblems = Partial<Record<'address' | 'tillNumber' | 'login', ShopServerFieldProblem>>;

export function draftOf(saved: ShopServerSettings | undefined): ShopServerDraft {
  return {
    enabled: saved?.enabled ?? false,
    address: saved?.address ?? '',
    tillNumber: saved?.tillNumber === null || saved?.tillNumber === undefined ? '' : String(saved.tillNumber),
    tillName: saved?.tillName ?? '',
    login: saved?.login ?? '',
    tls: saved?.tls ?? 'prefer',
  };
}

/** "2" → 2; empty → null; anything but a whole number from 1 to 999 → undefined. */
export function tillNumberOf(text: string): number | null | undefined {
  const clean = text.trim();
  if (clean === '') return null;
  if (!/^\d{1,3}$/.test(clean)) return undefined;
  const number = Number(clean);
  return number >= 1 ? number : undefined;
}

/**
 * What is wrong, field by field. A field that is filled is always checked; an empty one only
 * matters when the shop server is on (a till that works alone may keep half a set-up).
 */
export function problemsOf(draft: ShopServerDraft): ShopServerProblems {
  const problems: ShopServerProblems = {};
  const address = draft.address.trim();
  if (address !== '') {
    const key = shopServerAddressProblemKey(address);
    if (key) problems.address = `addressProblem.${key}`;
  } else if (draft.enabled) problems.address = 'addressNeeded';

  const number = tillNumberOf(draft.tillNumber);
  if (number === undefined) problems.tillNumber = 'tillNumberBad';
  else if (number === null && draft.enabled) problems.tillNumber = 'tillNumberNeeded';

  const login = draft.login.trim();
  if (login !== '') {
    if (!SHOP_SERVER_LOGIN_PATTERN.test(login)) problems.login = 'loginBad';
  } else if (draft.enabled) problems.login = 'loginNeeded';
  return problems;
}

/** The settings patch of a draft without problems. */
export function patchOf(draft: ShopServerDraft): { shopServer: ShopServerSettings } {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    shopServer: {
      enabled: draft.enabled,
      address: text(draft.address),
      tillNumber: tillNumberOf(draft.tillNumber) ?? null,
      tillName: draft.tillName.trim(),
      login: text(draft.login),
      tls: draft.tls,
    },
  };
}
