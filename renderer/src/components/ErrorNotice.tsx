import { TillError } from '../../../shared/contract';

export function errorMessage(error: unknown): string {
  if (error instanceof TillError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="notice notice-error" role="alert">
      {errorMessage(error)}
    </p>
  );
}
