// The till report contract methods (tillReports.*), served by the till report service.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { TillReportService } from './service';

export function tillReportsHandlers(service: TillReportService): HandlersOf<'tillReports'> {
  return {
    'tillReports.x': () => service.x(),
    'tillReports.z': () => service.z(),
    'tillReports.list': ({ limit }) => service.list(limit),
    'tillReports.get': ({ zNumber }) => service.get(zNumber),
    'tillReports.print': ({ zNumber }) => service.printReport(zNumber),
    'tillReports.exportCsv': ({ zNumber }) => service.exportCsv(zNumber),
  };
}
