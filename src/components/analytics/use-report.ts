import { useEffect, useRef, useState } from 'react';
import { getJson } from '@/lib/api-client';
import { submitErrorMessage } from '@/lib/submit-error';
import type { ReportKind } from '@/lib/validation/reports';
import type { Report } from '@/lib/wire/markets';
import { reportPageQuery, settingsParams, type ReportSettings } from '@/components/analytics/report-url';

export type ReportState =
  | { status: 'idle' }
  | { status: 'loading'; kind: ReportKind }
  | { status: 'error'; kind: ReportKind; message: string }
  | { status: 'ready'; kind: ReportKind; report: Report; query: string };

/**
 * The report on screen: loads the one a shared link names at once, and `generate` puts a
 * new one's settings in the page URL (replacing the entry, so Back leaves the page) and
 * loads it. Only the latest request's answer is shown.
 */
export function useReport(shared: { kind: ReportKind; settings: ReportSettings } | undefined) {
  const [state, setState] = useState<ReportState>(() => (shared ? { status: 'loading', kind: shared.kind } : { status: 'idle' }));
  const request = useRef(0);

  const load = (kind: ReportKind, params: URLSearchParams) => {
    const id = ++request.current;
    getJson<Report>(`/api/reports/${kind}?${params}`)
      .then(({ data }) => {
        if (id === request.current) setState({ status: 'ready', kind, report: data, query: params.toString() });
      })
      .catch((error: unknown) => {
        if (id === request.current)
          setState({ status: 'error', kind, message: submitErrorMessage(error, 'The report could not be generated. Please try again.') });
      });
  };

  const generate = (kind: ReportKind, settings: ReportSettings[ReportKind]) => {
    const url = new URL(window.location.href);
    url.search = reportPageQuery(kind, settings);
    window.history.replaceState(null, '', url);
    setState({ status: 'loading', kind });
    load(kind, settingsParams(settings));
  };

  useEffect(() => {
    if (shared) load(shared.kind, settingsParams(shared.settings[shared.kind]));
    // Once, for the link the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const fail = (kind: ReportKind, message: string) => setState({ status: 'error', kind, message });
  return { state, generate, fail };
}
