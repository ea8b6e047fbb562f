import type { APIRoute } from 'astro';
import { REPORT_KINDS, reportQuerySchemas, type ReportKind } from '@/lib/validation/reports';
import { getDb } from '@/server/db';
import { NotFoundError } from '@/server/errors';
import { handle, json, parseQuery } from '@/server/http';
import { buildReport, reportCsv } from '@/server/services/reports';

/**
 * GET /api/reports/{price|share|regional|custom}: a report built from the stored data,
 * as JSON, or with `format=csv` as a CSV download.
 */
export const GET: APIRoute = handle(async (context) => {
  const kind = context.params['kind'] as ReportKind;
  if (!(REPORT_KINDS as readonly string[]).includes(kind)) throw new NotFoundError('Unknown report');
  const query = parseQuery(reportQuerySchemas[kind], context.url);
  const report = await buildReport(await getDb(), kind, query);
  if (query.format === 'csv') {
    return new Response(reportCsv(report), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${report.filename}"`,
      },
    });
  }
  return json(report);
});
