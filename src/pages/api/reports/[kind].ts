import { REPORT_KINDS, reportQuerySchemas, type ReportKind } from '@/lib/validation/reports';
import { NotFoundError, messages } from '@/server/errors';
import { endpoint, json, parseQuery } from '@/server/http';
import { buildReport, reportCsv } from '@/server/services/markets/reports';

/**
 * GET /api/reports/{price|share|regional|custom}: a report built from the stored data,
 * as JSON, or with `format=csv` as a CSV download.
 */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    const kind = context.params['kind'] as ReportKind;
    if (!(REPORT_KINDS as readonly string[]).includes(kind)) throw new NotFoundError(messages.unknownReport);
    const query = parseQuery(reportQuerySchemas[kind], context.url);
    const report = await buildReport(kind, query);
    if (query.format === 'csv') {
      return new Response(reportCsv(report), {
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${report.filename}"` },
      });
    }
    return json(report);
  },
});
