// Two small bar charts for /admin: bookings per week (12 weeks back, 8 ahead) and revenue per
// month. Plain SVG, no chart library: ~20 bars do not need one. Readable without colour: every
// bar carries its value, weeks still to come are striped (named in the legend), and the same
// figures are offered as a table.
import { formatPounds } from '@tuition/domain';
import { useEffect, useId, useRef } from 'react';
import type { AdminStats } from './admin-api.ts';

export interface ChartBar {
  /** Short axis label ("17 Aug", "Nov"). */
  label: string;
  /** Full label for the table and screen readers ("Week of 17 August 2026"). */
  longLabel: string;
  value: number;
  /** The value as printed ("3", "£90"). */
  valueText: string;
  /** Drawn striped: a period still to come. */
  future?: boolean;
}

const BAR_SLOT = 40;
const BAR_WIDTH = 28;
const PLOT_HEIGHT = 140;
const TOP = 22;
const AXIS_LABELS = 34;

/** What the past and the striped future bars stand for. */
function ChartLegend({ past, future }: { past: string; future: string }) {
  return (
    <ul className="admin-chart__legend">
      <li>
        <span className="admin-chart__key admin-chart__key--past" aria-hidden="true" />
        {past}
      </li>
      <li>
        <span className="admin-chart__key admin-chart__key--future" aria-hidden="true" />
        {future}
      </li>
    </ul>
  );
}

/** One bar with its value above it and its label below the axis. */
function BarGroup({
  bar,
  index,
  max,
  stripes,
}: {
  bar: ChartBar;
  index: number;
  max: number;
  /** The id of the striped pattern that fills bars still to come. */
  stripes: string;
}) {
  const h = Math.round((bar.value / max) * PLOT_HEIGHT);
  const x = index * BAR_SLOT + (BAR_SLOT - BAR_WIDTH) / 2;
  const y = TOP + PLOT_HEIGHT - h;
  const cx = index * BAR_SLOT + BAR_SLOT / 2;
  return (
    <g>
      <title>{`${bar.longLabel}: ${bar.valueText}`}</title>
      {h > 0 && (
        <rect
          x={x}
          y={y}
          width={BAR_WIDTH}
          height={h}
          className={bar.future ? 'admin-chart__bar--future' : 'admin-chart__bar'}
          fill={bar.future ? `url(#${stripes})` : undefined}
        />
      )}
      <text x={cx} y={y - 6} textAnchor="middle" className="admin-chart__value">
        {bar.valueText}
      </text>
      <text x={cx} y={TOP + PLOT_HEIGHT + 16} textAnchor="middle" className="admin-chart__label">
        {bar.label}
      </text>
    </g>
  );
}

/** The same figures as a table, folded away under a summary. */
function ChartTable({
  title,
  bars,
  valueHeading,
}: {
  title: string;
  bars: readonly ChartBar[];
  valueHeading: string;
}) {
  return (
    <details className="admin-chart__table">
      <summary>Show {title.toLowerCase()} as a table</summary>
      <table>
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">{valueHeading}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.longLabel}>
              <th scope="row">
                {bar.longLabel}
                {bar.future ? ' (to come)' : ''}
              </th>
              <td>{bar.valueText}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

export function BarChart({
  title,
  description,
  bars,
  valueHeading,
  legend,
}: {
  title: string;
  description: string;
  bars: readonly ChartBar[];
  valueHeading: string;
  legend?: { past: string; future: string };
}) {
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const width = bars.length * BAR_SLOT;
  const height = TOP + PLOT_HEIGHT + AXIS_LABELS;
  const stripes = `${id}-stripes`;
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, []);
  return (
    <figure className="admin-chart">
      <figcaption className="admin-chart__title" id={`${id}-title`}>
        {title}
      </figcaption>
      {legend && <ChartLegend {...legend} />}
      {/* Never drawn smaller than its own size, where the axis labels would run together: a
          narrow screen scrolls the chart sideways instead (focusable, for keyboards), starting
          at its latest bars. */}
      <div
        ref={scroller}
        className="admin-chart__scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
      >
        <svg
          className="admin-chart__svg"
          style={{
            minWidth: `${width}px`,
            maxWidth: `${Math.round(width * 1.3)}px`,
          }}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-labelledby={`${id}-svg-title ${id}-desc`}
          preserveAspectRatio="xMidYMid meet"
        >
          <title id={`${id}-svg-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          <defs>
            <pattern
              id={stripes}
              width="6"
              height="6"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <rect width="6" height="6" className="admin-chart__stripe-bg" />
              <line x1="0" y1="0" x2="0" y2="6" className="admin-chart__stripe" strokeWidth="3" />
            </pattern>
          </defs>
          <line
            x1="0"
            x2={width}
            y1={TOP + PLOT_HEIGHT}
            y2={TOP + PLOT_HEIGHT}
            className="admin-chart__axis"
          />
          {bars.map((bar, i) => (
            <BarGroup key={bar.longLabel} bar={bar} index={i} max={max} stripes={stripes} />
          ))}
        </svg>
      </div>
      <ChartTable title={title} bars={bars} valueHeading={valueHeading} />
    </figure>
  );
}

const dayMonth = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const longDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortMonth = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const longMonth = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Calendar dates (YYYY-MM-DD) as UTC midnight, so formatting never shifts the day. */
const calendarDate = (date: string) => new Date(`${date}T00:00:00Z`);

export function weekBars(stats: AdminStats): ChartBar[] {
  return stats.bookingsPerWeek.map((week) => ({
    label: dayMonth.format(calendarDate(week.weekStart)),
    longLabel: `Week of ${longDay.format(calendarDate(week.weekStart))}`,
    value: week.bookings,
    valueText: String(week.bookings),
    future: week.weekStart > stats.currentWeekStart,
  }));
}

export function monthBars(stats: AdminStats): ChartBar[] {
  return stats.revenuePerMonth.map((month) => ({
    label: shortMonth.format(calendarDate(`${month.month}-01`)),
    longLabel: longMonth.format(calendarDate(`${month.month}-01`)),
    value: month.revenuePence,
    valueText:
      month.revenuePence % 100 === 0
        ? `£${(month.revenuePence / 100).toLocaleString('en-GB')}`
        : formatPounds(month.revenuePence),
  }));
}

export function AdminCharts({ stats }: { stats: AdminStats }) {
  return (
    <div className="admin-charts">
      <BarChart
        title="Bookings per week"
        description="Confirmed bookings for sessions in each week, from 12 weeks ago to 8 weeks ahead. Each bar is labelled with its number."
        bars={weekBars(stats)}
        valueHeading="Bookings"
        legend={{ past: 'Past and current weeks (solid)', future: 'Weeks to come (striped)' }}
      />
      <BarChart
        title="Revenue per month"
        description="Payments received in each of the last 12 months, in pounds. Each bar is labelled with its amount."
        bars={monthBars(stats)}
        valueHeading="Revenue"
      />
    </div>
  );
}
