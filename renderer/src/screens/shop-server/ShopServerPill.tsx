// The top bar's word for the shop server ("Shop server: offline, 3 sales waiting"), with why on
// hover as the other pills have it. Nothing shows on a till without a shop server. When the server
// refuses this till, a person must act under Settings: the pill takes them there.
import type { TillStatus } from '../../../../shared/contract';
import { wordsText } from '../../i18n/words';
import { useShell } from '../../state/shell';

type ShopServerStatus = NonNullable<TillStatus['shopServer']>;

const LOOK: Record<ShopServerStatus['state'], string> = {
  off: '',
  connecting: '',
  sending: '',
  up_to_date: 'pill-online',
  offline: 'pill-offline',
  refused: 'pill-error',
};

export function ShopServerPill({ status }: { status: ShopServerStatus | undefined }) {
  const go = useShell((s) => s.go);
  if (!status || status.state === 'off') return null;
  const words = wordsText(status.pillWords, status.pill);
  const detail = status.detail ? wordsText(status.detailWords, status.detail) : undefined;
  const className = `pill ${LOOK[status.state]}`.trim();
  if (status.state === 'refused')
    return (
      <button
        type="button"
        className={className}
        title={detail}
        data-testid="status-shop-server"
        onClick={() => go('settings')}
      >
        {words}
      </button>
    );
  return (
    <span className={className} title={detail} data-testid="status-shop-server">
      {words}
    </span>
  );
}
