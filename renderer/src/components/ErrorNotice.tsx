import { useTranslation } from '../i18n';
import { errorText } from '../i18n/words';

/** A failed call in staff's words and the shop's language. */
export const errorMessage = errorText;

export function ErrorNotice({ error }: { error: unknown }) {
  useTranslation(); // re-words the notice when the language changes
  if (!error) return null;
  return (
    <p className="notice notice-error" role="alert">
      {errorMessage(error)}
    </p>
  );
}
