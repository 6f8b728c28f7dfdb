// A card payment whose outcome the till does not know: why (the payment's own reason, in the
// till's language), the question, and the cashier's answer after checking the card machine.
import type { PaymentView } from '../../../../shared/contract';
import { Trans, useTranslation } from '../../i18n';
import { unknownReasonText } from '../../i18n/words';
import { useSale } from '../../state/sale';
import { useTerminalName } from '../../state/terminals';

export function UnknownOutcome({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation();
  const busy = useSale((s) => s.busy);
  const { resolveUnknown, printLastReceipt } = useSale.getState();
  const terminalName = useTerminalName();
  return (
    <div className="unknown" role="alert">
      <h3>{t('sell.payment.unknownTitle')}</h3>
      <p data-testid="unknown-reason">{unknownReasonText(payment)}</p>
      <p>
        <Trans t={t} i18nKey="sell.payment.unknownText" components={{ strong: <strong /> }} />
      </p>
      <div className="row">
        <button
          type="button"
          className="primary big"
          disabled={busy}
          onClick={() => void resolveUnknown('paid')}
        >
          {t('sell.payment.itWasPaid')}
        </button>
        <button type="button" className="big" disabled={busy} onClick={() => void resolveUnknown('not_paid')}>
          {t('sell.payment.itWasNotPaid')}
        </button>
        <button type="button" className="big" disabled={busy} onClick={() => void printLastReceipt()}>
          {t('sell.payment.printLast')}
        </button>
      </div>
      <p className="hint">{terminalName(payment.terminalId)}</p>
    </div>
  );
}
