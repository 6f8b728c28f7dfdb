// The contract's backup.* methods, over the backup service.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { BackupService } from './service';

export function backupHandlers(service: BackupService): HandlersOf<'backup'> {
  return {
    'backup.status': () => service.status(),
    'backup.configure': (change) => service.configure(change),
    'backup.runNow': () => service.runNow(),
    'backup.list': ({ folder }) => service.list(folder),
    'backup.restore': ({ file, replaceSales }) => service.restore(file, replaceSales),
    'backup.startFresh': () => service.startFresh(),
    'backup.acceptMissingSales': ({ pin, staffId }) => service.acceptMissingSales(pin, staffId),
  };
}
