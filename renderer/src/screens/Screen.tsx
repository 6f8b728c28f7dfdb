// The screen in the main area. Sell is part of the start bundle (a cashier's first minute); every
// other screen loads the first time it is opened, so an old counter PC reads and compiles only
// what it shows (docs/decisions.md, "What loads at start"). Budgets: scripts/bundle-budget.mjs.
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import type { ScreenId } from '../state/shell';
import { SellScreen } from './sell/SellScreen';

type LaterScreenId = Exclude<ScreenId, 'sell'>;

const loaders: Record<LaterScreenId, () => Promise<ComponentType>> = {
  terminals: () => import('./TerminalsScreen').then((m) => m.TerminalsScreen),
  history: () => import('./history/HistoryScreen').then((m) => m.HistoryScreen),
  reports: () => import('./reports/ReportsScreen').then((m) => m.ReportsScreen),
  reconciliation: () => import('./reconciliation/ReconciliationScreen').then((m) => m.ReconciliationScreen),
  shift: () => import('./shift/ShiftScreen').then((m) => m.ShiftScreen),
  'till-reports': () => import('./till-reports/TillReportsScreen').then((m) => m.TillReportsScreen),
  printer: () => import('./printer/PrinterScreen').then((m) => m.PrinterScreen),
  supplies: () => import('./supplies/SuppliesScreen').then((m) => m.SuppliesScreen),
  merchant: () => import('./merchant/MerchantScreen').then((m) => m.MerchantScreen),
  'back-office': () => import('./back-office/BackOfficeScreen').then((m) => m.BackOfficeScreen),
  audit: () => import('./audit/AuditScreen').then((m) => m.AuditScreen),
  settings: () => import('./settings/SettingsScreen').then((m) => m.SettingsScreen),
  backups: () => import('./backup/BackupScreen').then((m) => m.BackupScreen),
};

function lazyScreen(id: LaterScreenId) {
  return lazy(() => loaders[id]().then((screen) => ({ default: screen })));
}

// React keeps a failed load as failed: "Try again" puts a fresh one in its place.
const later = Object.fromEntries(
  Object.keys(loaders).map((id) => [id, lazyScreen(id as LaterScreenId)]),
) as Record<LaterScreenId, ReturnType<typeof lazyScreen>>;

/** Starts loading a screen before it is opened (a pointer over its button): the click finds it there. */
export function preloadScreen(id: ScreenId): void {
  if (id !== 'sell') void loaders[id]().catch(() => undefined);
}

export function Screen({ id }: { id: ScreenId }) {
  if (id === 'sell') return <SellScreen />;
  return <LaterScreen key={id} id={id} />;
}

/** While a screen loads: one quiet line where the screen will be, so nothing else moves. */
function ScreenOpening() {
  const { t } = useTranslation();
  return (
    <p className="screen-opening" role="status">
      {t('shell.opening')}
    </p>
  );
}

function OpenFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="screen-opening" role="alert">
      <p>{t('shell.openFailed')}</p>
      <button type="button" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/**
 * A screen loaded when opened. When its code cannot be read (the till was updated, the link
 * dropped) it says so and offers to try again, instead of taking the whole till down.
 */
class LaterScreen extends Component<{ id: LaterScreenId }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('A screen could not be opened', error);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <OpenFailed
          onRetry={() => {
            later[this.props.id] = lazyScreen(this.props.id);
            this.setState({ failed: false });
          }}
        />
      );
    }
    const Later = later[this.props.id];
    return (
      <Suspense fallback={<ScreenOpening />}>
        <Later />
      </Suspense>
    );
  }
}
