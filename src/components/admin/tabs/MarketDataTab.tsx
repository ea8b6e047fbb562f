import { useState } from 'react';
import { sendJson } from '@/lib/api-client';
import { formatZonedDateTime } from '@/lib/format';
import { formatAsOf } from '@/lib/market-format';
import { submitErrorMessage } from '@/lib/submit-error';
import type { MarketDataStatus } from '@/lib/wire/markets';
import { toast } from '@/stores/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useResource } from '@/components/admin/shared/use-resource';
import { SeriesAnnotations } from '@/components/admin/markets/SeriesAnnotations';

function SourceBadge({ fromEia }: { fromEia: boolean }) {
  return fromEia ? (
    <Badge variant="plain" className="bg-green-50 text-green-800 ring-green-300">
      EIA
    </Badge>
  ) : (
    <Badge variant="secondary">Sample</Badge>
  );
}

/** The scheduled import: its times, the next run and how the last one ended (with EIA's reason when it failed). */
function ScheduleStatus({ schedule }: { schedule: MarketDataStatus['schedule'] }) {
  if (schedule.times.length === 0)
    return (
      <p className="text-muted-foreground text-sm" data-testid="import-schedule">
        The scheduled import is off (<code>EIA_SCHEDULE=off</code>).
      </p>
    );
  return (
    <section aria-labelledby="import-schedule" className="bg-card rounded-lg border p-4 text-sm sm:p-6" data-testid="import-schedule">
      <h3 id="import-schedule" className="font-semibold">
        Scheduled import
      </h3>
      <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Runs</dt>
        <dd>daily at {schedule.times.join(', ')} US Eastern (EIA_SCHEDULE)</dd>
        <dt className="text-muted-foreground">Next run</dt>
        <dd>
          {schedule.nextRunAt ? formatZonedDateTime(schedule.nextRunAt) : 'once the server has started'}
          {schedule.attempts > 0 && ` (retry ${schedule.attempts})`}
        </dd>
        <dt className="text-muted-foreground">Last run</dt>
        <dd>
          {schedule.lastStatus && schedule.lastFinishedAt ? (
            <>
              <span className={schedule.lastStatus === 'failed' ? 'text-destructive font-medium' : undefined}>{schedule.lastStatus}</span>,{' '}
              {formatZonedDateTime(schedule.lastFinishedAt)}: {schedule.lastMessage}
            </>
          ) : (
            'none yet'
          )}
        </dd>
      </dl>
    </section>
  );
}

const COLUMNS = ['Series', 'Source', 'Frequency', 'Latest', 'Observations'] as const;
/** A cell: a row of the table from a small screen up; on a phone each row stacks, every value under its column's name. */
const CELL = 'px-4 py-2 max-sm:grid max-sm:grid-cols-[7.5rem_1fr] max-sm:items-center max-sm:gap-2 max-sm:py-0.5';
const LABEL = 'text-muted-foreground text-xs font-medium sm:hidden';

/** One stored series (or the generation data) as a row. */
function SeriesRow({
  name,
  fromEia,
  frequency,
  latest,
  count,
}: {
  name: string;
  fromEia: boolean;
  frequency: string;
  latest: string | null;
  count: number;
}) {
  // A monthly period is its month ("September 2026"), whatever day it is stored on.
  const period = latest ? formatAsOf(latest, frequency === 'monthly' ? 'monthly' : 'daily') : '–';
  const cells = [<SourceBadge key="source" fromEia={fromEia} />, frequency, period, count.toLocaleString('en-US')];
  return (
    <tr className="border-t max-sm:block max-sm:py-2">
      <th scope="row" className="px-4 py-2 text-left font-medium max-sm:block max-sm:pb-1">
        {name}
      </th>
      {cells.map((cell, i) => (
        <td key={COLUMNS[i + 1]} className={`${CELL} tabular-nums ${i === 3 ? 'sm:text-right' : ''}`}>
          <span className={LABEL} aria-hidden="true">
            {COLUMNS[i + 1]}
          </span>
          <span>{cell}</span>
        </td>
      ))}
    </tr>
  );
}

/** Every stored series with its source, frequency, latest period and how many observations it has. */
function SeriesTable({ status }: { status: MarketDataStatus }) {
  return (
    <div className="bg-card rounded-lg border sm:overflow-x-auto">
      <table className="w-full text-sm max-sm:block">
        <caption className="sr-only">Stored market series</caption>
        <thead className="bg-muted max-sm:sr-only">
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className={column === 'Observations' ? 'px-4 py-2 text-right font-semibold' : 'px-4 py-2 text-left font-semibold'}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {status.series.map((s) => (
            <SeriesRow key={s.slug} name={s.name} fromEia={s.fromEia} frequency={s.frequency} latest={s.latest} count={s.observations} />
          ))}
          <SeriesRow
            name="Electricity generation by state and source"
            fromEia={status.generation.fromEia}
            frequency="monthly"
            latest={status.generation.latest}
            count={status.generation.rows}
          />
        </tbody>
      </table>
    </div>
  );
}

/** The Market Data tab: where each series comes from, the EIA import and its recent runs. */
export function MarketDataTab() {
  const {
    data: status,
    setData: setStatus,
    reload: load,
  } = useResource<MarketDataStatus>('/api/admin/market-data', 'Could not load the market data status.');
  const [running, setRunning] = useState(false);

  const refresh = async () => {
    setRunning(true);
    try {
      const result = await sendJson<MarketDataStatus & { message: string }>('POST', '/api/admin/market-data/refresh');
      setStatus(result);
      toast({ title: 'Market data refreshed', description: result.message });
    } catch (error) {
      toast({ title: 'Refresh Failed', description: submitErrorMessage(error, 'The import failed; nothing was changed.'), variant: 'destructive' });
      load();
    } finally {
      setRunning(false);
    }
  };

  if (!status) return <Skeleton className="h-80 w-full" />;
  return (
    <div className="space-y-6">
      <div className="bg-card flex flex-wrap items-start justify-between gap-4 rounded-lg border p-4 sm:p-6">
        <div className="max-w-2xl">
          <h2 className="text-lg font-semibold">US market data from EIA</h2>
          {status.eiaKeySet ? (
            <p className="text-muted-foreground mt-1 text-sm">
              Prices and generation come from the EIA Open Data API. Refresh imports what is new since the last import; it is safe to run at any time,
              and a failed import changes nothing. <code>npm run import:eia</code> does the same from a terminal; the server also imports on its own
              every day.
            </p>
          ) : (
            <p className="mt-1 text-sm" role="note">
              <strong>No EIA API key is set</strong>, so the site shows its sample history.{' '}
              <a className="text-primary underline" href="https://www.eia.gov/opendata/register.php" target="_blank" rel="noopener noreferrer">
                Register for a free EIA API key
              </a>
              , set <code>EIA_API_KEY</code> in the server environment and restart the site; then Refresh imports real prices and generation.
            </p>
          )}
        </div>
        {status.eiaKeySet && (
          <Button onClick={() => void refresh()} disabled={running}>
            {running ? 'Importing...' : 'Refresh from EIA'}
          </Button>
        )}
      </div>

      {status.eiaKeySet && <ScheduleStatus schedule={status.schedule} />}

      <SeriesTable status={status} />

      <SeriesAnnotations series={status.series} />

      <section aria-labelledby="import-runs">
        <h3 id="import-runs" className="font-semibold">
          Recent imports
        </h3>
        {status.runs.length === 0 ? (
          <p className="text-muted-foreground mt-2 text-sm">No import has run yet.</p>
        ) : (
          <ul className="mt-2 space-y-2 text-sm">
            {status.runs.map((run) => (
              <li key={run.id} className="bg-card flex flex-wrap items-center gap-3 rounded-md border px-4 py-2">
                <Badge
                  variant={run.status === 'failed' ? 'plain' : 'secondary'}
                  className={run.status === 'failed' ? 'text-destructive ring-red-300' : undefined}
                >
                  {run.status}
                </Badge>
                <span className="text-muted-foreground">
                  {formatZonedDateTime(run.startedAt)} · {run.trigger === 'scheduled' ? 'scheduled' : 'manual'}
                </span>
                <span>{run.message}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
