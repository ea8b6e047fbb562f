import type { ApexOptions } from 'apexcharts';
import { PRICE_CHANGE_TEXT, PRODUCTION_TREND, VOLATILITY_BY_WEEK, VOLATILITY_TEXT, energyMixColors, renewableShare } from '@/lib/dashboard';
import type { EnergyMixEntry } from '@/lib/types';
import { LazyChart } from '@/components/charts/LazyChart';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const CHART_HEIGHT = 200;

const baseOptions: ApexOptions = {
  chart: { toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false }, fontFamily: 'inherit', parentHeightOffset: 0 },
  dataLabels: { enabled: false },
  grid: { borderColor: '#e5e7eb', strokeDashArray: 3 },
  tooltip: { theme: 'light' },
};

/** A visually hidden table: the charts' text alternative for screen readers. */
function DataTable({ caption, head, rows }: { caption: string; head: [string, string]; rows: [string, string][] }) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head[0]}</th>
          <th scope="col">{head[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([a, b]) => (
          <tr key={a}>
            <th scope="row">{a}</th>
            <td>{b}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The three dashboard cards of the home and analytics pages. */
export default function DashboardCards({ energyMix, headingLevel = 'h3' }: { energyMix: EnergyMixEntry[]; headingLevel?: 'h2' | 'h3' }) {
  const share = renewableShare(energyMix);
  const colors = energyMixColors(energyMix);
  return (
    <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      <Card>
        <CardHeader>
          <CardTitle as={headingLevel}>Price Analysis</CardTitle>
          <CardDescription>Weekly crude price volatility</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-positive text-2xl font-bold">{PRICE_CHANGE_TEXT}</p>
          <p className="text-muted-foreground text-sm">{VOLATILITY_TEXT}</p>
          <LazyChart
            label="volatility"
            type="bar"
            height={CHART_HEIGHT}
            series={[{ name: 'Volatility (%)', data: VOLATILITY_BY_WEEK.map((w) => w.value) }]}
            options={{
              ...baseOptions,
              colors: ['#d97706'],
              xaxis: { categories: VOLATILITY_BY_WEEK.map((w) => w.week) },
              yaxis: { labels: { formatter: (v: number) => `${v}%` } },
              plotOptions: { bar: { borderRadius: 4, columnWidth: '55%' } },
            }}
          />
          <DataTable caption="Price volatility by week" head={['Week', 'Volatility']} rows={VOLATILITY_BY_WEEK.map((w) => [w.week, `${w.value}%`])} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as={headingLevel}>Production</CardTitle>
          <CardDescription>Crude production trend, barrels per day (sample)</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-2xl font-bold">{PRODUCTION_TREND.at(-1)?.value.toLocaleString('en-US')} bbl/d</p>
          <p className="text-muted-foreground text-sm">June, up from {PRODUCTION_TREND[0].value.toLocaleString('en-US')} in January</p>
          <LazyChart
            label="production"
            type="area"
            height={CHART_HEIGHT}
            series={[{ name: 'Production (bbl/d)', data: PRODUCTION_TREND.map((p) => p.value) }]}
            options={{
              ...baseOptions,
              colors: ['#1d4ed8'],
              stroke: { curve: 'smooth', width: 2 },
              fill: { type: 'gradient', gradient: { opacityFrom: 0.35, opacityTo: 0.05 } },
              xaxis: { categories: PRODUCTION_TREND.map((p) => p.month) },
              yaxis: { labels: { formatter: (v: number) => `${Math.round(v / 1000)}k` } },
            }}
          />
          <DataTable
            caption="Production by month"
            head={['Month', 'Barrels per day']}
            rows={PRODUCTION_TREND.map((p) => [p.month, p.value.toLocaleString('en-US')])}
          />
        </CardContent>
      </Card>
      <Card className="md:col-span-2 lg:col-span-1">
        <CardHeader>
          <CardTitle as={headingLevel}>Energy Mix</CardTitle>
          <CardDescription>US electricity generation by source</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-positive text-2xl font-bold">{share}% renewable</p>
          <p className="text-muted-foreground text-sm">Share of generation from renewable sources</p>
          <LazyChart
            label="energy-mix"
            type="pie"
            height={CHART_HEIGHT}
            series={energyMix.map((m) => m.percentage)}
            options={{
              ...baseOptions,
              labels: energyMix.map((m) => m.source),
              colors,
              legend: { show: false },
              tooltip: { y: { formatter: (v: number) => `${v}%` } },
            }}
          />
          <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm" aria-label="Generation mix">
            {energyMix.map((m, i) => (
              <li key={m.source} className="flex items-center gap-2">
                <span aria-hidden="true" className="size-3 shrink-0 rounded-sm" style={{ backgroundColor: colors[i] }} />
                <span className="flex-1">{m.source}</span>
                <span className="font-medium tabular-nums">{m.percentage}%</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
